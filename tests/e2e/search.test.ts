import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { getSessionResponseSchema, SESSION_KEY_HEADER } from '../../src/contract/session.ts';
import { launchBrowser } from './support/browser.ts';
import { expectOneLanguage, ownerKeyIn, searchLimaCuscoRoundTrip, watchConsole } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await browser.newContext({ locale: 'es-PE' })).newPage();
  page.setDefaultTimeout(20_000);
  watchConsole(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Types a city into an airport field and picks the suggestion for it. */
async function pickAirport(label: string, text: string, option: RegExp) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

/** Chooses an option of a react-aria select by the select's label. */
async function choose(label: RegExp, option: string | RegExp) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

const cards = () => page.getByRole('list', { name: 'Vuelos' }).getByRole('article');

describe('searching and choosing a flight in the browser', () => {
  it('a traveller searches a round trip in Spanish, filters, opens details, picks a branded fare and lands on checkout with the session saved', async () => {
    await page.goto(`${server.baseUrl}/vuelos/?lang=es`);
    await page.getByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }).waitFor();
    await searchLimaCuscoRoundTrip(page);
    await cards().first().waitFor();
    // The first screenful of cards paints first; the others join it in a task of their own (issue 15).
    await expect.poll(() => cards().count()).toBe(10);
    await expectOneLanguage(page, 'es');

    // Each airline option says how many offers it keeps.
    await choose(/Aerolínea$/, /^LATAM Airlines · \d+ vuelos$/);
    await choose(/Escalas$/, 'Directo');
    await page.waitForURL(/carrier=LA/);
    await page.waitForURL(/stops=0/);
    // The list renders deferred: until it answers the filters it is busy and still shows the previous offers.
    await page.locator('.results__body[aria-busy="false"]').waitFor();
    const card = cards().first();
    await card.waitFor();
    expect(await card.textContent()).toContain('LATAM');

    await card.getByRole('button', { name: 'Detalles' }).first().click();
    await card.getByText(/LA\s?\d{1,4}/).first().waitFor();

    await card.getByRole('button', { name: 'Ver tarifas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tarifas disponibles' });
    const fares = dialog.getByRole('radiogroup', { name: 'Tarifas' });
    await fares.waitFor();
    // The radio's visible face is its fare column; the keyboard path picks it as a screen-reader user would.
    await expectOneLanguage(page, 'es');
    await fares.getByRole('radio').last().focus();
    await page.keyboard.press('Space');
    expect(await fares.getByRole('radio').last().isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();

    await page.waitForURL(/\/vuelos\/checkout\/[0-9a-f-]{36}/);
    const sessionID = new URL(page.url()).pathname.split('/').at(-1)!;
    // Read as the browser that made the session (its owner key): the session id alone opens nothing (issue 36).
    const answer = await fetch(`${server.baseUrl}/api/sessions?id=${sessionID}`, { headers: { [SESSION_KEY_HEADER]: (await ownerKeyIn(page, sessionID)) ?? '' } });
    const session = getSessionResponseSchema.parse(await answer.json()).data;
    expect(session.recommendation?.pricing.validatingAirline).toBe('LA');
    expect(session.selectedFare).toBeTruthy();
    expect(session.searchParams?.itinerary.map((leg) => leg.origin)).toEqual(['LIM', 'CUZ']);
  });

  it.each([
    ['es', 'Origen', 'Destino', 'Tipo de viaje', 'Solo ida', 'Buscar', 'Ingrese correctamente los parámetros de búsqueda'],
    ['en', 'Origin', 'Destination', 'Trip type', 'One way', 'Search', 'Please enter the search parameters correctly.'],
  ])('a typed past date (%s) is answered by the form’s own message, not silently refused by the browser', async (language, origin, destination, tripType, oneWay, search, title) => {
    await page.goto(`${server.baseUrl}/vuelos/?lang=${language}`);
    await pickAirport(origin, 'Lima', /Lima/);
    await pickAirport(destination, 'Cusco', /Cusco/);
    await choose(new RegExp(`${tripType}$`), oneWay);
    await page.getByRole('region', { name: language === 'es' ? 'Buscar vuelos' : 'Search flights' }).getByRole('spinbutton').first().click();
    // 1 January 2026, typed (day-month-year in Spanish, month-day-year in English): in the past.
    await page.keyboard.type('01012026');
    await page.getByRole('button', { name: search, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.getByRole('heading').textContent()).toBe(title);
    expect(new URL(page.url()).pathname).toBe('/vuelos/');
  });

  it('results for a family read one language: Spanish with ?lang=es, English with ?lang=en (counts, stops, baggage)', async () => {
    await page.goto(`${server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?lang=es`);
    await cards().first().waitFor();
    expect(await page.getByText(/2 adultos/).count()).toBeGreaterThan(0);
    await expectOneLanguage(page, 'es');
    await page.goto(`${server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?lang=en`);
    await page.getByRole('list', { name: 'Flights' }).getByRole('article').first().waitFor();
    expect(await page.getByText(/2 adults/).count()).toBeGreaterThan(0);
    await expectOneLanguage(page, 'en');
  });

  it('an agency with a token sees the B2B view with the “select” button', async () => {
    const issued = await fetch(`${server.baseUrl}/api/agency/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'sbx_key_andes_2113855_dev' },
      body: JSON.stringify({ terminalId: '2113855', ttlMinutes: 60 }),
    }).then((response) => response.json() as Promise<{ data: { token: string } }>);
    await page.goto(`${server.baseUrl}/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&token=${encodeURIComponent(issued.data.token)}&lang=es`);
    await cards().first().waitFor();
    expect(await cards().first().getByRole('button', { name: 'Seleccionar' }).count()).toBe(1);
  });

  it('a bad token shows “Token inválido”', async () => {
    await page.goto(`${server.baseUrl}/vuelos/b/LIM/CUZ/2026-12-10/1/0/0?terminalId=2113855&token=v1.forged&lang=es`);
    await page.getByRole('heading', { level: 2, name: 'Token inválido' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ir a la página principal' }).count()).toBe(1);
  });

  it('has no accessibility violations on the home form and on loaded results', async () => {
    const violations = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    await page.goto(`${server.baseUrl}/vuelos/?lang=es`);
    await page.getByRole('combobox', { name: 'Origen' }).waitFor();
    expect(await violations()).toEqual([]);
    await page.goto(`${server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es`);
    await cards().first().waitFor();
    expect(await violations()).toEqual([]);
  });
});
