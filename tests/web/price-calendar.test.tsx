import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { priceCalendarAnswer } from '../../src/contract/fixtures/price-calendar.ts';
import { bandsOf, type PriceCalendarResponse } from '../../src/contract/price-calendar.ts';
import { mockRecommendations } from '../../src/web/mocks/search-handlers.ts';
import { findListedCards } from './results-cards.ts';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';

const oneWay = '/vuelos/LIM/CUZ/2026-12-10/1/0/0';
const roundTrip = '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/0';
const slow = { timeout: 5000 };
/** The first render of a file loads the app's lazy routes: results.test.tsx waits as long. */
const firstRender = { timeout: 8000 };

describe('price calendar', () => {
  it('shows a bar per day for 61 days with price bands in words, and a cheaper day searches that day', async () => {
    const { user, router } = renderApp(oneWay);
    await user.click(await screen.findByRole('tab', { name: 'Price calendar' }, firstRender));
    const bars = await screen.findByRole('list', { name: 'Cheapest price per departure day' }, slow);
    expect(within(bars).getAllByRole('listitem')).toHaveLength(61);
    const legend = screen.getByRole('list', { name: 'Price bands' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['▼ Cheap', '● Typical', '▲ Expensive']);
    const chosen = within(bars).getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'date');
    expect(chosen?.getAttribute('aria-label')).toBe('Departure Thu, Dec 10, 2026: US$ 120, Typical');
    const cheaper = within(bars).getByRole('button', { name: 'Departure Tue, Dec 8, 2026: US$ 78, Cheap' });
    await user.click(cheaper);
    await waitFor(() => expect(router.state.location.pathname).toBe('/LIM/CUZ/2026-12-08/1/0/0'));
    expect(router.state.location.search).not.toHaveProperty('flexible');
  });

  it('shows a round trip as a week grid, pages to the next week and searches a pair from it', async () => {
    const { user, router } = renderApp(roundTrip);
    await user.click(await screen.findByRole('tab', { name: 'Price calendar' }, slow));
    const grid = await screen.findByRole('table', {}, slow);
    expect(within(grid).getAllByRole('row')).toHaveLength(8);
    expect(screen.getByText('Departures Mon, Dec 7, 2026 – Sun, Dec 13, 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('Departures Mon, Dec 14, 2026 – Sun, Dec 20, 2026', {}, slow)).toBeTruthy();
    await user.click(within(screen.getByRole('table')).getByRole('button', { name: /^Departure Tue, Dec 15, 2026, return Tue, Dec 22, 2026: US\$ \d+, (Cheap|Typical|Expensive)$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/LIM/CUZ/2026-12-15/2026-12-22/2/1/0'));
  });

  it('shows a round trip as a bar graph at the chosen stay too, and a bar searches that pair', async () => {
    const { user, router } = renderApp(roundTrip);
    await user.click(await screen.findByRole('tab', { name: 'Price calendar' }, firstRender));
    await screen.findByRole('table', {}, slow);
    await user.click(screen.getByRole('radio', { name: 'Graph' }));
    const bars = await screen.findByRole('list', { name: 'Cheapest round trip per departure day, staying 7 nights' }, slow);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(bars).getAllByRole('listitem')).toHaveLength(61);
    const chosen = within(bars).getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'date');
    expect(chosen?.getAttribute('aria-label')).toMatch(/^Departure Thu, Dec 10, 2026, return Thu, Dec 17, 2026: US\$ \d+, (Cheap|Typical|Expensive)$/);
    await user.click(within(bars).getByRole('button', { name: /^Departure Fri, Dec 18, 2026, return Fri, Dec 25, 2026: / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/LIM/CUZ/2026-12-18/2026-12-25/2/1/0'));
  });

  it('says when the calendar cannot be loaded and loads it on retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/flights/calendar', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', errors: [] }, { status: 503 }) : undefined;
      }),
    );
    const { user } = renderApp(`${oneWay}?lang=es`);
    await user.click(await screen.findByRole('tab', { name: 'Calendario de precios' }, slow));
    expect(await screen.findByText('No se pudo cargar el calendario de precios.', {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Volver a intentar' }));
    expect(await screen.findByRole('list', { name: 'Precio más bajo por día de salida' }, slow)).toBeTruthy();
  });

  it('has no price calendar for multi-city searches', async () => {
    renderApp('/vuelos/LIM,CUZ/CUZ,AQP/2026-12-10,2026-12-15/1/0/0');
    expect(await screen.findByRole('tab', { name: 'Prices by airline' }, slow)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Price calendar' })).toBeNull();
  });

  /**
   * LIM–CUZ round trip whose searched pair (10 → 17 Dec) the calendar prices dearest of all, every other pair
   * well under the offers' totals: what LIM–MAD 14 → 28 Jan showed (the calendar "Caro", the cards "Buen precio").
   */
  function dearSearchedPair() {
    const cheapestOffer = Math.min(...mockRecommendations.map((offer) => offer.pricing.total));
    server.use(
      http.get('/api/flights/calendar', ({ request }) => {
        const url = new URL(request.url);
        const answer = priceCalendarAnswer(url.searchParams.get('date')!, url.searchParams.get('return'));
        if (answer.data.type !== 'RT') return HttpResponse.json(answer);
        const pairs = answer.data.weeks.flatMap((week) => week.pairs);
        let cheaper = 0;
        const totals = pairs.map((pair) => (pair.total === null ? null : pair.departureDate === '2026-12-10' && pair.returnDate === '2026-12-17' ? cheapestOffer : Math.round(cheapestOffer / 2) + (cheaper++ % 20)));
        const bands = bandsOf(totals);
        let index = 0;
        const weeks = answer.data.weeks.map((week) => ({ ...week, pairs: week.pairs.map((pair) => ({ ...pair, total: totals[index], band: bands[index++] })) }));
        return HttpResponse.json({ ...answer, data: { ...answer.data, weeks } } as PriceCalendarResponse);
      }),
    );
  }

  it.each([
    ['en', 'Price calendar', 'Expensive', 'Good price', 'High price'],
    ['es', 'Calendario de precios', 'Caro', 'Buen precio', 'Precio alto'],
  ])('bands the cards by the calendar’s rule once it is known: no “good price” on a pair the calendar calls expensive (%s, issue 37)', async (language, tab, expensive, good, high) => {
    dearSearchedPair();
    const { user } = renderApp(`${roundTrip}?lang=${language}`);
    await findListedCards(firstRender);
    await user.click(await screen.findByRole('tab', { name: tab }, slow));
    const grid = await screen.findByRole('table', {}, slow);
    const searched = within(grid).getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'date');
    expect(searched?.getAttribute('aria-label')).toMatch(new RegExp(`, ${expensive}$`));
    // The cheapest offer is the searched pair's price: the cards now say what the calendar says.
    await waitFor(() => expect(screen.queryAllByText(good)).toHaveLength(0), slow);
    expect(screen.getAllByText(high).length).toBeGreaterThan(0);
  });
});
