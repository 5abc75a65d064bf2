import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser, type Language } from './support/journey.ts';
import { testNow } from '../support/test-time.ts';

/**
 * Issue 20: every way into results explains itself in the page's language, inside the normal frame,
 * and offers the search the link most likely meant — never a bare "!" and never another search silently.
 */
const world = useServerAndBrowser();

const W = {
  es: {
    unreadable: 'No pudimos leer esta búsqueda',
    passed: 'Las fechas de esta búsqueda ya pasaron.',
    sameTrip: /^Buscar el mismo viaje desde el /,
    seats: 'Una reserva admite como máximo 9 viajeros con asiento (adultos y niños).',
    party: /^Buscar para 9 adultos/,
    calendar: '“2027-02-31” no es una fecha del calendario.',
    unknown: 'No conocemos un aeropuerto o ciudad con el código “XYZ”',
    flights: /Vuelos/,
    navigation: 'Principal',
  },
  en: {
    unreadable: 'We could not read this search',
    passed: 'The dates of this search have passed.',
    sameTrip: /^Search the same trip from /,
    seats: 'A booking holds at most 9 seated travellers (adults and children).',
    party: /^Search for 9 adults/,
    calendar: '“2027-02-31” is not a date of the calendar.',
    unknown: 'We do not know an airport or city with the code “XYZ”',
    flights: /Flights/,
    navigation: 'Main',
  },
} as const;

describe('results links that cannot be searched as they are', () => {
  it.each(['es', 'en'] as const)('a stale link says its dates passed and searches the same trip from today (%s)', async (language: Language) => {
    const page = await newPage(language);
    // The page's "today" is a morning a day or two ahead of the server's, so that day still has flights on sale
    // whenever the test runs (late in Lima's evening the last ones have left).
    const now = testNow();
    await page.clock.setFixedTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 14)));
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2025-03-03/2025-03-09/1/0/0?lang=${language}`);
    await page.getByRole('heading', { level: 1, name: W[language].unreadable }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(W[language].passed);
    expect(await page.getByRole('navigation', { name: W[language].navigation }).isVisible()).toBe(true);
    await page.getByRole('button', { name: W[language].sameTrip }).click();
    await page.getByRole('list', { name: W[language].flights }).getByRole('article').first().waitFor();
    expect(page.url()).not.toContain('2025-03-03');
    await page.close();
  });

  it.each(['es', 'en'] as const)('a party over nine seats says which rule and offers the corrected party (%s)', async (language: Language) => {
    const page = await newPage(language);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2027-03-03/12/0/0?lang=${language}`);
    await page.getByRole('heading', { level: 1, name: W[language].unreadable }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(W[language].seats);
    await page.getByRole('button', { name: W[language].party }).click();
    await page.getByRole('list', { name: W[language].flights }).getByRole('article').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/vuelos/LIM/CUZ/2027-03-03/9/0/0');
    await page.close();
  });

  it.each(['es', 'en'] as const)('an impossible date and an unknown airport each say what is wrong (%s)', async (language: Language) => {
    const page = await newPage(language);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2027-02-31/1/0/0?lang=${language}`);
    await page.getByRole('heading', { level: 1, name: W[language].unreadable }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(W[language].calendar);
    // A well-formed code the server knows nothing of: its refusal, worded by the page.
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/XYZ/2027-03-03/1/0/0?lang=${language}`);
    await page.getByRole('heading', { level: 2, name: W[language].unknown }).waitFor();
    await page.close();
  });
});
