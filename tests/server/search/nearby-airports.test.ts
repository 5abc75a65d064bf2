import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airportSuggestionsResponseSchema } from '../../../src/contract/places.ts';
import { NEARBY_RADIUS_KM } from '../../../src/server/services/places.ts';
import { airportCatalogue, distanceKm } from '../../../src/server/supply/airports.ts';
import { startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const suggest = async (query: string, language: 'es' | 'en') => {
  const response = await api.request(`/api/autocomplete/airports/search?language=${language}&query=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return airportSuggestionsResponseSchema.parse(await response.json()).data;
};
const airport = (code: string) => {
  const found = airportCatalogue().airports.get(code);
  if (!found) throw new Error(`no airport ${code}`);
  return found;
};

describe('nearby airports in the airport autocomplete', () => {
  it('offers for New York the city, its three airports unmarked, then airports of other cities within 150 km, nearest first (en)', async () => {
    const york = await suggest('New York', 'en');
    expect(york[0]).toMatchObject({ code: 'NYC', type: 'C' });
    const own = york.filter((item) => ['JFK', 'EWR', 'LGA'].includes(item.code));
    expect(own.map((item) => item.code).sort()).toEqual(['EWR', 'JFK', 'LGA']);
    expect(own.every((item) => item.nearbyOf === undefined && item.distanceKm === undefined)).toBe(true);
    const nearby = york.filter((item) => item.nearbyOf !== undefined);
    expect(nearby.map((item) => item.code)).toEqual(['ABE', 'PHL']);
    expect(nearby[1]).toMatchObject({ cityName: 'Philadelphia', nearbyOf: 'New York', type: 'A' });
    const distances = nearby.map((item) => item.distanceKm ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((distance) => distance > 0 && distance <= NEARBY_RADIUS_KM)).toBe(true);
    // Nearby ones come after every airport the text matched.
    expect(york.findIndex((item) => item.nearbyOf)).toBeGreaterThan(york.findIndex((item) => item.code === 'LGA'));
  });

  it('names the city it is near in Spanish (es)', async () => {
    const nearby = (await suggest('Nueva York', 'es')).filter((item) => item.nearbyOf);
    expect(nearby.find((item) => item.code === 'PHL')).toMatchObject({ cityName: 'Filadelfia', nearbyOf: 'Nueva York' });
  });

  it('offers for an airport the other airports of its city, near its code, with the real great-circle distance', async () => {
    const jfk = await suggest('JFK', 'en');
    expect(jfk[0]).toMatchObject({ code: 'JFK', type: 'A' });
    expect(jfk.find((item) => item.code === 'LGA')).toMatchObject({ nearbyOf: 'JFK', distanceKm: Math.round(distanceKm(airport('JFK'), airport('LGA'))) });
    expect(jfk.find((item) => item.code === 'EWR')).toMatchObject({ nearbyOf: 'JFK', distanceKm: 34 });
    const aep = await suggest('aep', 'es');
    expect(aep.map((item) => [item.code, item.nearbyOf, item.distanceKm])).toEqual([
      ['AEP', undefined, undefined],
      ['EZE', 'AEP', 31],
    ]);
  });

  it('offers Buenos Aires with both its airports and nothing beyond 150 km; a place with no sold airport near adds none', async () => {
    const buenosAires = await suggest('Buenos Aires', 'es');
    expect(buenosAires[0]).toMatchObject({ code: 'BUE', type: 'C' });
    expect(buenosAires.map((item) => item.code)).toEqual(expect.arrayContaining(['EZE', 'AEP']));
    expect(buenosAires.filter((item) => item.nearbyOf)).toEqual([]);
    expect((await suggest('Lima', 'es')).filter((item) => item.nearbyOf)).toEqual([]);
  });

  it.each([
    ['Nueva York', 'es', 'NYC', ['EWR', 'JFK', 'LGA']],
    ['nueva york', 'es', 'NYC', ['EWR', 'JFK', 'LGA']],
    ['New York', 'es', 'NYC', ['EWR', 'JFK', 'LGA']],
    ['Nueva Yo', 'es', 'NYC', ['EWR', 'JFK', 'LGA']],
    ['Buenos Aires', 'en', 'BUE', ['AEP', 'EZE']],
    ['buenos', 'es', 'BUE', ['AEP', 'EZE']],
  ] as const)('typing “%s” (%s) offers the city %s and all its airports %j', async (query, language, city, airports) => {
    const suggestions = await suggest(query, language);
    expect(suggestions[0]).toMatchObject({ code: city, type: 'C' });
    expect(suggestions.filter((item) => (airports as readonly string[]).includes(item.code)).map((item) => item.code).sort()).toEqual(airports);
  });

  it('keeps to ten suggestions and adds no nearby airport for a two-letter query', async () => {
    expect((await suggest('ny', 'en')).filter((item) => item.nearbyOf)).toEqual([]);
    expect((await suggest('san', 'en')).length).toBeLessThanOrEqual(10);
  });
});
