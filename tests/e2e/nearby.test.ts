/**
 * Nearby airports in the browser (issue 21), on the real server's sandbox world: the autocomplete offers an airport
 * near the typed city with its distance, and a results page whose route has a cheaper airport within 150 km notes
 * it, links to that search, and can dismiss the note.
 */
import { describe, expect, it } from 'vitest';
import { airportSuggestionsResponseSchema } from '../../src/contract/places.ts';
import { nearbyAlternativesResponseSchema } from '../../src/contract/nearby-alternatives.ts';
import { expectNoUncompiledMessages, newPage, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

const apiGet = async (path: string) => {
  const response = await fetch(`${world.server.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return response.json() as Promise<unknown>;
};

describe('nearby airports', () => {
  it('the autocomplete offers, after New York’s own airports, an airport of another city within 150 km with its distance (es)', async () => {
    const answer = airportSuggestionsResponseSchema.parse(await apiGet('/api/autocomplete/airports/search?language=es&query=Nueva%20York'));
    const philadelphia = answer.data.find((place) => place.code === 'PHL');
    expect(philadelphia).toMatchObject({ nearbyOf: 'Nueva York' });
    const distance = philadelphia!.distanceKm!;
    expect(distance).toBeGreaterThan(0);
    expect(distance).toBeLessThanOrEqual(150);

    const page = await newPage('es', { width: 1280, height: 900 });
    await page.goto(`${world.server.baseUrl}/vuelos/?lang=es`);
    const origin = page.getByRole('region', { name: /Buscar vuelos/ }).getByRole('combobox', { name: /Origen/ });
    await origin.fill('Nueva York');
    for (const code of ['JFK', 'EWR', 'LGA']) await expect.poll(() => page.getByRole('option', { name: new RegExp(`^Nueva York ${code} `) }).count()).toBe(1);
    const option = page.getByRole('option', { name: new RegExp(`^Filadelfia PHL .* A ${distance} km de Nueva York$`) });
    await option.waitFor();
    await option.click();
    expect(await origin.inputValue()).toBe('Filadelfia');
    expectNoUncompiledMessages(page);
  }, 60_000);

  it('a Lima–Aeroparque search notes the cheaper Ezeiza the API finds, its link searches Lima–Ezeiza, and Dismiss hides it (en)', async () => {
    const { data } = nearbyAlternativesResponseSchema.parse(await apiGet('/api/flights/nearby?origin=LIM&destination=AEP&date=2026-12-10&language=en'));
    const cheaper = data.alternatives[0];
    expect(cheaper).toMatchObject({ end: 'destination', origin: 'LIM', destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires' });
    expect(cheaper!.total).toBeLessThan(data.total ?? 0);

    const page = await newPage('en', { width: 1280, height: 900 });
    const searched = `${world.server.baseUrl}/vuelos/LIM/AEP/2026-12-10/1/0/0?lang=en`;
    await page.goto(searched);
    const note = page.getByRole('complementary', { name: 'Cheaper nearby airport' });
    await note.waitFor();
    expect(await note.getByText(`Flying to Buenos Aires (EZE), ${cheaper!.distanceKm} km away, costs`).count()).toBe(1);
    const link = note.getByRole('link', { name: 'Search flights with EZE' });
    expect(await link.getAttribute('href')).toBe('/vuelos/LIM/EZE/2026-12-10/1/0/0?lang=en');
    const ezeizaNearby = page.waitForResponse((response) => response.url().includes('/api/flights/nearby') && response.url().includes('destination=EZE'));
    await link.click();
    await page.waitForURL(/\/vuelos\/LIM\/EZE\/2026-12-10\/1\/0\/0/);
    // Lima–Ezeiza's own results: Ezeiza is the cheapest near it, so no note once its answer is in.
    await page.getByRole('list', { name: 'Flights' }).getByRole('article').first().waitFor();
    expect(nearbyAlternativesResponseSchema.parse(await (await ezeizaNearby).json()).data.alternatives).toEqual([]);
    expect(await page.getByRole('complementary', { name: 'Cheaper nearby airport' }).count()).toBe(0);

    await page.goto(searched);
    await note.waitFor();
    await note.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => note.count()).toBe(0);
    expect(page.url()).toBe(searched);
    expectNoUncompiledMessages(page);
  }, 120_000);
});
