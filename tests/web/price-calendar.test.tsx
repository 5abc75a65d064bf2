import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
});
