import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './setup.ts';

/** The page heading; generous wait, as the suite shares a busy machine. */
const findPageHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

const searchRegion = (name: RegExp) => screen.getByRole('region', { name });

/** Types into an airport field and picks the suggestion whose text starts with the city. */
async function pickAirport(user: UserEvent, label: RegExp, text: string, option: RegExp, scope = document.body) {
  const input = within(scope).getByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, text);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types a date into a date field's segments (month, day, year in English; day, month, year in Spanish). */
async function typeDate(user: UserEvent, firstSegment: HTMLElement, digits: string) {
  await user.click(firstSegment);
  await user.keyboard(digits);
}

async function chooseTripType(user: UserEvent, trigger: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: trigger }));
  await user.click(screen.getByRole('option', { name: option }));
}

async function dialogTitleAfterSearch(user: UserEvent, searchLabel: string) {
  await user.click(screen.getByRole('button', { name: searchLabel }));
  const dialog = await screen.findByRole('alertdialog');
  return dialog;
}

describe('search form', () => {
  it('tells what is missing in the order of spec 1 §5, in Spanish, one problem at a time', async () => {
    const { user } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const region = searchRegion(/Buscar vuelos/);
    const expectDialog = async (title: string, message = '') => {
      const dialog = await dialogTitleAfterSearch(user, 'Buscar');
      expect(within(dialog).getByRole('heading').textContent).toBe(title);
      expect(dialog.textContent).toContain(message);
      await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    };

    await expectDialog(
      'No seleccionaste un aeropuerto de origen',
      'Ingrese el nombre de la ciudad donde se encuentre o el nombre del aeropuerto más cercano a usted.',
    );
    await pickAirport(user, /Origen/, 'Lim', /Lima/, region);
    await expectDialog('No seleccionaste un aeropuerto de destino');
    await pickAirport(user, /Destino/, 'Cus', /Cusco/, region);
    await expectDialog('No has ingresado las fechas para tu viaje');

    // One way with a date, then back to round trip: the return date is what is missing.
    await chooseTripType(user, /Tipo de viaje/, 'Solo ida');
    const [day] = within(region).getAllByRole('spinbutton');
    await typeDate(user, day!, '10122026');
    await chooseTripType(user, /Tipo de viaje/, 'Ida y vuelta');
    // The departure chosen for the one way stays in the range's start field.
    expect(within(region).getAllByRole('spinbutton').slice(0, 3).map((segment) => segment.getAttribute('aria-valuenow'))).toEqual(['10', '12', '2026']);
    await expectDialog('No has ingresado la fecha de retorno para tu viaje');

    // Same origin and destination: the parameters themselves are wrong.
    await chooseTripType(user, /Tipo de viaje/, 'Solo ida');
    await pickAirport(user, /Destino/, 'Lim', /Lima/, region);
    await expectDialog('Ingrese correctamente los parámetros de búsqueda');
  });

  it('keeps passengers within the limits: at least one adult, at most 9 seated, no more infants than adults', async () => {
    const { user } = renderApp('/vuelos/');
    await findPageHeading('Find your next flight');
    await user.click(screen.getByRole('button', { name: /Passengers/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Passengers' });
    const button = (name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Remove an adult').disabled).toBe(true);
    expect(button('Remove a child').disabled).toBe(true);
    expect(button('Remove an infant').disabled).toBe(true);
    expect(dialog.textContent).toContain('12 years and over');
    expect(dialog.textContent).toContain('2 to 11 years');
    expect(dialog.textContent).toContain('Under 2 years');

    for (let count = 0; count < 5; count++) await user.click(button('Add an adult'));
    for (let count = 0; count < 3; count++) await user.click(button('Add a child'));
    // 6 adults and 3 children: 9 seated, so neither can grow.
    expect(button('Add an adult').disabled).toBe(true);
    expect(button('Add a child').disabled).toBe(true);
    for (let count = 0; count < 4; count++) await user.click(button('Add an infant'));
    expect(button('Add an infant').disabled).toBe(true);
    await user.click(button('Remove a child'));
    expect(button('Add an adult').disabled).toBe(false);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /Passengers/ }).textContent).toContain('6 adults, 2 children, 4 infants');
  });

  it('adds multi-city flights only on the last one, up to 5, and removes only above 2', async () => {
    const { user } = renderApp('/vuelos/');
    await findPageHeading('Find your next flight');
    await chooseTripType(user, /Trip type/, 'Multi-city');
    const flights = () => screen.getAllByRole('group', { name: /^Flight \d$/ });
    expect(flights()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Remove this flight' })).toBeNull();
    // Cabin and airline do not apply to multi-city.
    expect(screen.queryByRole('button', { name: /Cabin/ })).toBeNull();
    for (const expected of [3, 4, 5]) {
      await user.click(screen.getByRole('button', { name: 'Add a flight' }));
      expect(flights()).toHaveLength(expected);
      expect(within(flights().at(-1)!).getByRole('button', { name: 'Remove this flight' })).toBeTruthy();
      expect(within(flights()[0]!).queryByRole('button', { name: /flight/ })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Add a flight' })).toBeNull();
    for (const expected of [4, 3, 2]) {
      await user.click(screen.getByRole('button', { name: 'Remove this flight' }));
      expect(flights()).toHaveLength(expected);
    }
    expect(screen.queryByRole('button', { name: 'Remove this flight' })).toBeNull();
  });

  it('searches a round trip: goes to the results URL with passengers, cabin and airline', async () => {
    const { user, router } = renderApp('/vuelos/');
    await findPageHeading('Find your next flight');
    const region = searchRegion(/Search flights/);
    await pickAirport(user, /Origin/, 'Lim', /Lima/, region);
    await pickAirport(user, /Destination/, 'Cus', /Cusco/, region);
    const [startMonth, , , endMonth] = within(region).getAllByRole('spinbutton');
    await typeDate(user, startMonth!, '12102026');
    await typeDate(user, endMonth!, '12172026');
    await user.click(screen.getByRole('button', { name: /Passengers/ }));
    await user.click(await screen.findByRole('button', { name: 'Add a child' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Cabin/ }));
    await user.click(screen.getByRole('option', { name: 'Business' }));
    await user.type(screen.getByRole('combobox', { name: 'Airline' }), 'LAT');
    await user.click(await screen.findByRole('option', { name: /LATAM/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Corporate code' }), 'acme 01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/LIM/CUZ/2026-12-10/2026-12-17/1/1/0'));
    expect(router.state.location.search).toMatchObject({ airline: 'LA', cabinType: 'C', corporateCode: 'ACME01' });
  });

  it('says the return date is missing when only the departure of a round trip is typed', async () => {
    const { user, router } = renderApp('/vuelos/');
    await findPageHeading('Find your next flight');
    const region = searchRegion(/Search flights/);
    await pickAirport(user, /Origin/, 'Lim', /Lima/, region);
    await pickAirport(user, /Destination/, 'Cus', /Cusco/, region);
    const [startMonth] = within(region).getAllByRole('spinbutton');
    await typeDate(user, startMonth!, '12102026');
    const dialog = await dialogTitleAfterSearch(user, 'Search');
    expect(within(dialog).getByRole('heading').textContent).toBe('You have not entered the return date of your trip');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists a city and its airport that share a code (MEX) as two options, and picks either', async () => {
    const { user } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const origin = within(searchRegion(/Buscar vuelos/)).getByRole('combobox', { name: /Origen/ });
    await user.type(origin, 'Mex');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ciudad de México MEX Todos los aeropuertos',
      'Ciudad de México MEX Aeropuerto Internacional Benito Juárez',
    ]));
    await user.click(screen.getByRole('option', { name: /Benito Juárez/ }));
    expect((origin as HTMLInputElement).value).toBe('Ciudad de México');
  });

  it('keeps the typed search when the country is switched on the home page', async () => {
    const { user, router } = renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const region = searchRegion(/Buscar vuelos/);
    await pickAirport(user, /Origen/, 'Lim', /Lima/, region);
    await pickAirport(user, /Destino/, 'Cus', /Cusco/, region);
    await user.click(await screen.findByRole('button', { name: /País/ }));
    await user.click(screen.getByRole('option', { name: 'Colombia' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ terminalId: '9132871' }));
    expect(await screen.findByText(/Vuelos Colombia/)).toBeTruthy();
    expect((within(searchRegion(/Buscar vuelos/)).getByRole('combobox', { name: /Origen/ }) as HTMLInputElement).value).toBe('Lima');
    expect((within(searchRegion(/Buscar vuelos/)).getByRole('combobox', { name: /Destino/ }) as HTMLInputElement).value).toBe('Cusco');
  });

  it('sends an agency engine to the /b/ results with its terminal, and joins multi-city legs with commas', async () => {
    const { user, router } = renderApp('/vuelos/?terminalId=2113855');
    await findPageHeading('Find your next flight');
    await chooseTripType(user, /Trip type/, 'Multi-city');
    const [first, second] = screen.getAllByRole('group', { name: /^Flight \d$/ });
    await pickAirport(user, /Origin/, 'Lim', /Lima/, first);
    await pickAirport(user, /Destination/, 'Cus', /Cusco/, first);
    await typeDate(user, within(first!).getAllByRole('spinbutton')[0]!, '12102026');
    await pickAirport(user, /Origin/, 'Cus', /Cusco/, second);
    await pickAirport(user, /Destination/, 'Areq', /Arequipa/, second);
    await typeDate(user, within(second!).getAllByRole('spinbutton')[0]!, '12152026');
    // A new flight starts where the last one lands, five days later.
    await user.click(screen.getByRole('button', { name: 'Add a flight' }));
    const third = screen.getAllByRole('group', { name: /^Flight \d$/ })[2]!;
    await waitFor(() => expect((within(third).getByRole('combobox', { name: /Origin/ }) as HTMLInputElement).value).toBe('Arequipa'));
    expect(within(third).getAllByRole('spinbutton').map((segment) => segment.getAttribute('aria-valuetext'))).toEqual(['12 – December', '20', '2026']);
    await user.click(screen.getByRole('button', { name: 'Remove this flight' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b/LIM,CUZ/CUZ,AQP/2026-12-10,2026-12-15/1/0/0'));
    expect(router.state.location.search).toMatchObject({ terminalId: '2113855' });
  });

  it('opens the results in a new window from the embedded form, with the account as terminal', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderApp('/vuelos/iframe/2113855?token=agency-token');
    await findPageHeading('Planning your next trip?');
    const region = searchRegion(/Search flights/);
    await chooseTripType(user, /Trip type/, 'One way');
    await pickAirport(user, /Origin/, 'Lim', /Lima/, region);
    await pickAirport(user, /Destination/, 'Cus', /Cusco/, region);
    await typeDate(user, within(region).getAllByRole('spinbutton')[0]!, '12102026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('alertdialog')?.textContent ?? '').toBe('');
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = new URL(String(open.mock.calls[0]![0]));
    expect(url.pathname).toBe('/vuelos/b/LIM/CUZ/2026-12-10/1/0/0');
    expect(url.searchParams.get('terminalId')).toBe('2113855');
    expect(url.searchParams.get('token')).toBe('agency-token');
    open.mockRestore();
  });

  it.each([
    ['es', 'Este buscador necesita el token de acceso de tu agencia'],
    ['en', "This search needs your agency's access token"],
  ])('says in an agency widget without its token what it needs, instead of a search that cannot answer (%s)', async (language, notice) => {
    renderApp(`/vuelos/iframe/2113855?lang=${language}`);
    await screen.findByRole('heading', { level: 3, name: notice }, { timeout: 5000 });
    expect(screen.getByRole('region', { name: notice }).textContent).toContain('?token=');
    expect(screen.queryByRole('button', { name: language === 'es' ? 'Buscar' : 'Search' })).toBeNull();
  });

  it('lets the token-exempt agency widget search without a token', async () => {
    renderApp('/vuelos/iframe/0604596344');
    await findPageHeading('Planning your next trip?');
    expect(await screen.findByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: "This search needs your agency's access token" })).toBeNull();
  });
});

describe('date fields', () => {
  it.each([
    ['en', 'Find your next flight', /Search flights/, /Calendar/],
    ['es', 'Encuentra tu próximo vuelo', /Buscar vuelos/, /Calendario/],
  ])('draw the calendar button’s icon, named for screen readers, in %s (issue 37)', async (language, heading, form, name) => {
    renderApp(`/vuelos/?lang=${language}`);
    await findPageHeading(heading);
    const button = within(searchRegion(form)).getByRole('button', { name });
    // An emoji glyph is an empty box without an emoji font: the icon is drawn, and the button has no text.
    expect(button.querySelector('svg')).toBeTruthy();
    expect(button.textContent).toBe('');
  });
});

describe('date picker prices (issue 21)', () => {
  /** The form with Lima–Cusco chosen and the calendar open on next month, the calls to the calendar API counted. */
  async function openNextMonth(tripType: 'One way' | 'Round trip') {
    const asked: URL[] = [];
    server.use(
      http.get('/api/flights/calendar', ({ request }) => {
        asked.push(new URL(request.url));
        return undefined;
      }),
    );
    const { user, router } = renderApp('/vuelos/');
    await findPageHeading('Find your next flight');
    const region = searchRegion(/Search flights/);
    if (tripType === 'One way') await chooseTripType(user, /Trip type/, 'One way');
    await pickAirport(user, /Origin/, 'Lim', /Lima/, region);
    await pickAirport(user, /Destination/, 'Cus', /Cusco/, region);
    await user.click(within(region).getByRole('button', { name: /Calendar/ }));
    const calendar = await screen.findByRole('dialog');
    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    return { user, router, calendar, asked };
  }
  const pricedDays = (calendar: HTMLElement) => within(calendar).queryAllByRole('button', { description: /^US\$ [\d,]+, (Cheap|Typical|Expensive)$/ });

  it('shows each day its cheapest one-way price and band, asks once per month, and searches the cheapest day chosen', async () => {
    const { user, router, calendar, asked } = await openNextMonth('One way');
    await waitFor(() => expect(pricedDays(calendar).length).toBeGreaterThanOrEqual(28), { timeout: 5000 });
    const heading = within(calendar).getByRole('heading').textContent ?? '';
    const month = new Date(`${heading} 1 UTC`).toISOString().slice(0, 7);
    expect(asked.at(-1)?.searchParams.get('date')).toBe(`${month}-16`);
    expect(within(calendar).getByRole('list', { name: 'Price bands' })).toBeTruthy();
    // Back a month and forward again: next month's prices are kept, not asked again.
    await user.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(pricedDays(calendar).length).toBeGreaterThanOrEqual(28));
    expect(asked.filter((url) => url.searchParams.get('date') === `${month}-16`)).toHaveLength(1);
    const totalOf = (day: HTMLElement) => Number(/US\$ ([\d,]+)/.exec(day.querySelector('[hidden]')?.textContent ?? '')?.[1]?.replace(',', ''));
    const cheapest = pricedDays(calendar).sort((a, b) => totalOf(a) - totalOf(b))[0]!;
    expect(cheapest.textContent).toMatch(/^\d+US\$ \d+, Cheap$/);
    expect(cheapest.querySelector('[data-price]')?.getAttribute('data-price')).toMatch(/^▼\$\d+$/);
    const day = /^\d+/.exec(cheapest.textContent ?? '')?.[0]?.padStart(2, '0');
    await user.click(cheapest);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/LIM/CUZ/${month}-${day}/1/0/0`));
  });

  it('prices the returns paired with the chosen departure while the return is chosen', async () => {
    const { user, calendar, asked } = await openNextMonth('Round trip');
    await waitFor(() => expect(pricedDays(calendar).length).toBeGreaterThanOrEqual(28), { timeout: 5000 });
    const departure = within(calendar).getAllByRole('button', { name: /^\w+, \w+ 10, \d{4}$/ })[0]!;
    await user.click(departure);
    expect(await within(calendar).findByText(/^Round-trip price with departure on \w+, \w+ 10, \d{4}$/, {}, { timeout: 5000 })).toBeTruthy();
    // Returns from the 11th to the month's end (the mock sells no same-day return).
    await waitFor(() => expect(pricedDays(calendar).length).toBeGreaterThanOrEqual(18));
    const pairedWithThe10th = asked.filter((url) => url.searchParams.has('return') && url.searchParams.get('date')?.endsWith('-10'));
    expect(pairedWithThe10th).toHaveLength(4);
  });

  it('prices a round trip’s departure days as round trips (a week’s stay until a range is chosen), never as one-way fares (issue 37)', async () => {
    const { calendar, asked } = await openNextMonth('Round trip');
    await waitFor(() => expect(pricedDays(calendar).length).toBeGreaterThanOrEqual(28), { timeout: 5000 });
    expect(within(calendar).getByText('Cheapest round-trip price per departure day, for a stay of 7 nights')).toBeTruthy();
    expect(within(calendar).queryByText('Cheapest one-way price per day')).toBeNull();
    // Every calendar asked is a round trip's, its return a week after its date.
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) {
      const [date, back] = [url.searchParams.get('date')!, url.searchParams.get('return')];
      expect(back).toBe(Temporal.PlainDate.from(date).add({ days: 7 }).toString());
    }
  });

  it('reads each day its price from the keyboard, chooses a day with Enter, and drops the prices of a route changed', async () => {
    const { user, router, calendar } = await openNextMonth('One way');
    await waitFor(() => expect(pricedDays(calendar).length).toBeGreaterThanOrEqual(28), { timeout: 5000 });
    await user.tab();
    await user.keyboard('{ArrowRight}');
    const focused = document.activeElement as HTMLElement;
    expect(pricedDays(calendar)).toContain(focused);
    const iso = new Date(`${(focused.getAttribute('aria-label') ?? '').replace(/^\w+, /, '')} UTC`).toISOString().slice(0, 10);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Another destination: the days wait for that route's prices, and never show Cusco's meanwhile.
    server.use(http.get('/api/flights/calendar', () => new Promise<never>(() => {})));
    const region = searchRegion(/Search flights/);
    await pickAirport(user, /Destination/, 'Areq', /Arequipa/, region);
    await user.click(within(region).getByRole('button', { name: /Calendar/ }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText('Looking for prices…')).toBeTruthy();
    expect(pricedDays(again)).toHaveLength(0);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/LIM/AQP/${iso}/1/0/0`));
  });

  it('shows the calendar without prices when they cannot be loaded', async () => {
    server.use(http.get('/api/flights/calendar', () => Response.json({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', errors: [] }, { status: 503 })));
    const { calendar } = await openNextMonth('One way');
    await waitFor(() => expect(within(calendar).queryByText('Looking for prices…')).toBeNull(), { timeout: 5000 });
    expect(pricedDays(calendar)).toHaveLength(0);
    expect(within(calendar).getAllByRole('button', { name: /^\w+, \w+ 15, \d{4}$/ })).toHaveLength(1);
  });
});
