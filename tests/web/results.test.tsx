import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockAgencyToken, mockCorporateCodes, mockRecommendations } from '../../src/web/mocks/search-handlers.ts';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';
import { findListedCards } from './results-cards.ts';

const roundTrip = '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/0';
const slow = { timeout: 8000 };

/** The results list's cards, once the search has answered. */
const findCards = () => findListedCards(slow);

async function choose(user: UserEvent, trigger: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: trigger }));
  await user.click(screen.getByRole('option', { name: option }));
}

describe('results page', () => {
  it('shows skeleton cards while searching, then 10 cards, and 10 more after “load more”', async () => {
    const { user } = renderApp(roundTrip);
    expect(await screen.findByRole('progressbar', { name: 'Searching flights' }, slow)).toBeTruthy();
    expect(screen.getByText('Searching for the best flights…')).toBeTruthy();
    expect(await findCards()).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 30 flights')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more flights' }));
    // The ten more come in the frame after the tap's own (afterNextPaint).
    expect(await screen.findByText('Showing 20 of 30 flights', {}, slow)).toBeTruthy();
    expect(await findCards()).toHaveLength(20);
    expect(screen.getByRole('heading', { name: 'Best recommendation' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('paints a first screenful of three cards, busy, and adds the other seven in a task of its own (issue 15)', async () => {
    renderApp(roundTrip);
    // The list's first commit: what a phone paints before the rest of the page's cards are built.
    const list = await screen.findByRole('list', { name: 'Flights' }, slow);
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Showing 10 of 30 flights')).toBeTruthy();
    expect(await findCards()).toHaveLength(10);
    expect(screen.getByRole('list', { name: 'Flights' }).hasAttribute('aria-busy')).toBe(false);
  });

  it('asks for the cards’ fare colours with the search, not once a card needs them (issue 15)', async () => {
    let coloursAsked = () => {};
    const asked = new Promise<void>((resolve) => (coloursAsked = resolve));
    server.use(
      // Each handler returns nothing: the request goes on to the mock API's own answer.
      http.get('/api/flights/branded_fares', () => coloursAsked()),
      // The search answers only once the colours were asked: a page that asked them from its cards waits forever.
      http.post('/api/flights/search', async () => {
        await asked;
      }),
    );
    renderApp(roundTrip);
    expect(await findCards()).toHaveLength(10);
  });

  it('filters by airline and by stops, keeps the filters in the URL and clears them', async () => {
    const { user, router } = renderApp(roundTrip);
    await findCards();
    // Each airline option says how many offers it keeps.
    await choose(user, /Airline$/, 'JetSMART Perú · 20 flights');
    // The list renders deferred (issue 15): the count and the cards change together once it has.
    expect(await screen.findByText(/Showing 10 of 20 flights/, {}, slow)).toBeTruthy();
    expect(await findCards()).toHaveLength(10);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ carrier: 'JZ' }));
    await choose(user, /Stops$/, 'Direct');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ carrier: 'JZ', stops: '0' }));
    expect(await screen.findByText(/Showing 10 of 20 flights/, {}, slow)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/Showing 10 of 30 flights/, {}, slow)).toBeTruthy();
    expect(await findCards()).toHaveLength(10);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('carrier'));
  });

  it.each([
    ['en', 'Stops', ['Any number of stops', 'Direct'], ['1 stop', '2+ stops']],
    ['es', 'Escalas', ['Cualquier número de escalas', 'Directo'], ['1 escala', '2 o más escalas']],
  ])('offers only the stops choices some flight has, in %s (issue 37)', async (language, label, offered, absent) => {
    // Every flight of the mock answer is direct: one or two stops would list nothing.
    expect(mockRecommendations.every((offer) => offer.itinerary.every((leg) => leg.flights.every((flight) => flight.stops === 0)))).toBe(true);
    const { user } = renderApp(`${roundTrip}?lang=${language}`);
    await findCards();
    await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(offered);
    for (const text of absent) expect(options).not.toContain(text);
  });

  it.each([
    ['en', 'Fare per adult', 'Flights'],
    ['es', 'Tarifa por adulto', 'Vuelos'],
  ])('shows each card’s fare per adult beside the party’s total, in %s (issue 37)', async (language, label) => {
    renderApp(`${roundTrip}?lang=${language}`);
    const cards = await findCards();
    const adultFares = new Set(mockRecommendations.map((offer) => offer.pricing.passengers.adults.base));
    for (const card of cards) {
      const term = within(card).getByText(label);
      // The adult's base fare (spec 1 §9), in the list's whole units.
      const amount = Number(term.nextElementSibling!.textContent!.replace(/[^\d]/g, ''));
      expect([...adultFares].some((base) => Math.abs(base - amount) < 1)).toBe(true);
    }
  });

  it('filters a round trip by when its return lands (arrival schedule), keeping the choice in the URL', async () => {
    const { user, router } = renderApp(roundTrip);
    await findCards();
    const landsInTheEvening = mockRecommendations.filter((offer) => offer.itinerary[1]!.flights.some((flight) => Number(flight.arrivalDateTime.slice(11, 13)) >= 18));
    expect(landsInTheEvening.length).toBeGreaterThan(0);
    expect(landsInTheEvening.length).toBeLessThan(mockRecommendations.length);
    await choose(user, /Return arrival time$/, 'Evening (18–23 h)');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ arrivalBand: '3' }));
    expect(await screen.findByText(new RegExp(`Showing \\d+ of ${landsInTheEvening.length} flights`), {}, slow)).toBeTruthy();
  });

  it('restores the filters and sort of a shared URL', async () => {
    renderApp(`${roundTrip}?carrier=00&sort=cheapest`);
    expect(await screen.findByText(/Showing 10 of 10 flights/, {}, slow)).toBeTruthy();
    expect(await findCards()).toHaveLength(10);
    expect(screen.getByRole('button', { name: /Sort by$/ }).textContent).toContain('Cheapest');
    expect(screen.getByRole('button', { name: /Airline$/ }).textContent).toContain('Mixed airlines');
  });

  it('filters by a cell of the prices-by-airline matrix; the same cell again clears it', async () => {
    const { user } = renderApp(roundTrip);
    await findCards();
    const tracker = screen.getByRole('region', { name: 'Price tracker' });
    const cell = within(tracker).getByRole('button', { name: /^Mixed airlines, Direct/ });
    await user.click(cell);
    expect(await screen.findByText(/Showing 10 of 10 flights/, {}, slow)).toBeTruthy();
    await user.click(within(tracker).getByRole('button', { name: /^Mixed airlines, Direct/ }));
    expect(await screen.findByText(/Showing 10 of 30 flights/, {}, slow)).toBeTruthy();
  });

  it('switches to flexible dates: a 7×7 grid, and a cell searches that date pair', async () => {
    const { user, router } = renderApp(roundTrip);
    await findCards();
    await user.click(screen.getByRole('tab', { name: 'Flexible dates' }));
    const grid = await screen.findByRole('table', {}, slow);
    expect(within(grid).getAllByRole('row')).toHaveLength(8);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ flexible: '1' }));
    const current = within(grid).getAllByRole('button').find((button) => button.getAttribute('aria-current') === 'date');
    expect(current?.getAttribute('aria-label')).toMatch(/cheapest/);
    await user.click(within(grid).getByRole('button', { name: /^Departure Fri, Dec 11, 2026, return Fri, Dec 18, 2026/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/LIM/CUZ/2026-12-11/2026-12-18/2/1/0'));
    expect(await findCards()).toHaveLength(10);
    expect(screen.getByRole('tab', { name: 'Flexible dates' }).getAttribute('aria-selected')).toBe('true');
  });

  it('has no flexible dates tab for multi-city searches', async () => {
    renderApp('/vuelos/LIM,CUZ/CUZ,AQP/2026-12-10,2026-12-15/1/0/0');
    await findCards();
    expect(screen.getByRole('tab', { name: 'Prices by airline' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Flexible dates' })).toBeNull();
  });

  it.each([
    [`${roundTrip}?corporateCode=${mockCorporateCodes.empty}&lang=es`, 'Lo sentimos, no hay resultados'],
    [`${roundTrip}?corporateCode=${mockCorporateCodes.timeout}&lang=es`, 'Disculpe las molestias...'],
    ['/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&lang=es', 'Token inexistente'],
    ['/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&token=forged&lang=es', 'Token inválido'],
  ])('%s shows “%s” and a way to the main page', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 2, name: title }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la página principal' })).toBeTruthy();
  });

  it.each([
    ['es', 'No conocemos un aeropuerto o ciudad con el código “XYZ”'],
    ['en', 'We do not know an airport or city with the code “XYZ”'],
  ])('says which airport the server does not know, inside the normal frame with the search form (%s)', async (language, title) => {
    server.use(
      http.post('/api/flights/search', () =>
        HttpResponse.json(
          { status: 400, code: 400, message: 'XYZ is not a known airport or city code', errors: [{ path: 'body.itinerary.0.destination', code: 'unknown_airport', value: 'XYZ is not a known airport or city code' }] },
          { status: 400 },
        ),
      ),
    );
    renderApp(`/vuelos/LIM/XYZ/2027-03-03/1/0/0?lang=${language}`);
    expect(await screen.findByRole('heading', { level: 2, name: title }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: language === 'es' ? 'Cambia tu búsqueda' : 'Change your search' })).toBeTruthy();
  });

  it('reads a search answer with data: null as no results, not as a failure', async () => {
    server.use(http.post('/api/flights/search', () => HttpResponse.json({ status: 200, data: null, flexible: null })));
    renderApp(`${roundTrip}?lang=en`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sorry, there are no results' }, slow)).toBeTruthy();
  });

  it.each([
    ['a Peruvian agency', '2113855', 'Modo agencia: los precios muestran los cargos y el desglose por pasajero.'],
    ['a US agency', '7200983', 'Modo agencia: los precios muestran la comisión, los cargos y el desglose por pasajero.'],
  ])('promises %s in its agency-mode note only what its cards show', async (_, terminalId, note) => {
    renderApp(`/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=${terminalId}&token=${mockAgencyToken}&lang=es`);
    await findCards();
    expect(screen.getByText(/^Modo agencia/).textContent).toBe(note);
  });

  it('labels the cheapest one-way offer a good price for an agency too, whose cards add its markups', async () => {
    const { user } = renderApp(`/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&token=${mockAgencyToken}&lang=es`);
    await findCards();
    await choose(user, /Ordenar por$/, 'Más barato');
    const [cheapest] = await findCards();
    // Its total includes the agency's markups once they arrive (US$ 15 a passenger here).
    const total = () => cheapest!.querySelector('.price-summary__total')!.textContent;
    await waitFor(() => expect(total()).not.toContain(String(Math.round(Math.min(...mockRecommendations.map((offer) => offer.pricing.total))))));
    expect(total()).toContain('Buen precio');
  });

  it('shows an agency with a valid token its results', async () => {
    renderApp(`/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&token=${mockAgencyToken}`);
    expect(await findCards()).toHaveLength(10);
  });

  it('fills the summary form from the URL with the city names', async () => {
    const { user } = renderApp(`${roundTrip}?lang=es`);
    await findCards();
    await user.click(screen.getByRole('button', { name: 'Cambia tu búsqueda' }));
    const form = await screen.findByRole('form', { name: 'Búsqueda de vuelos' }, slow);
    expect((within(form).getByRole('combobox', { name: 'Origen' }) as HTMLInputElement).value).toBe('Lima');
    expect((within(form).getByRole('combobox', { name: 'Destino' }) as HTMLInputElement).value).toBe('Cusco');
    expect(within(form).getByRole('button', { name: /Pasajeros/ }).textContent).toContain('2 adultos, 1 niño');
  });

  it('asks for the flights while the search is being saved, and shows them once it is (issue 15)', async () => {
    const order: string[] = [];
    let searchAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => (searchAsked = resolve));
    server.use(
      http.post('/api/sessions/save', async () => {
        // Answers only after the search was asked for: a search made after the save would never come.
        await asked;
        order.push('saved');
        return undefined;
      }),
      http.post('/api/flights/search', () => {
        order.push('search asked');
        searchAsked();
        return undefined;
      }),
    );
    renderApp(roundTrip);
    expect(await findCards()).toHaveLength(10);
    expect(order).toEqual(['search asked', 'saved']);
  });

  it('shows no results when the search could not be saved, though the flights had answered', async () => {
    server.use(http.post('/api/sessions/save', () => HttpResponse.json({ status: 500, code: 'INTERNAL', message: 'down', errors: [] }, { status: 500 })));
    renderApp(roundTrip);
    expect(await screen.findByText('We apologise for the inconvenience...', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Flights' })).toBeNull();
  });
});
