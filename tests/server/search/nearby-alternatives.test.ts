import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearbyAlternativesResponseSchema } from '../../../src/contract/nearby-alternatives.ts';
import { priceCalendarResponseSchema } from '../../../src/contract/price-calendar.ts';
import { startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const nearby = async (query: string) => {
  const response = await api.request(`/api/flights/nearby?${query}`);
  expect(response.status).toBe(200);
  return nearbyAlternativesResponseSchema.parse(await response.json()).data;
};
/** The price calendar's total for the chosen day (one way): what the alternatives must agree with. */
const calendarTotal = async (origin: string, destination: string, date: string) => {
  const response = await api.request(`/api/flights/calendar?origin=${origin}&destination=${destination}&date=${date}`);
  const { data } = priceCalendarResponseSchema.parse(await response.json());
  return data.type === 'OW' ? data.days.find((day) => day.date === date)?.total : undefined;
};

describe('cheaper nearby airports for a searched route (GET /api/flights/nearby)', () => {
  it('suggests flying to Ezeiza instead of Aeroparque when it is cheaper that day, with the saving, at the calendar’s prices (es)', async () => {
    const { total, alternatives } = await nearby('origin=LIM&destination=AEP&date=2026-12-10&language=es');
    const ezeiza = await calendarTotal('LIM', 'EZE', '2026-12-10');
    expect(total).toBe(await calendarTotal('LIM', 'AEP', '2026-12-10'));
    expect(alternatives).toEqual([
      { end: 'destination', origin: 'LIM', destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires', distanceKm: 31, total: ezeiza, saving: Math.round(((total ?? 0) - (ezeiza ?? 0)) * 100) / 100 },
    ]);
    expect(alternatives[0]?.saving).toBeGreaterThan(0);
  });

  it('suggests nothing when the searched airport is already the cheapest near it', async () => {
    const { total, alternatives } = await nearby('origin=LIM&destination=EZE&date=2026-12-10&language=es');
    expect(total).toBeGreaterThan(0);
    expect(alternatives).toEqual([]);
  });

  it('changes the origin too, and lists several alternatives cheapest first, named in English (en)', async () => {
    const fromNewYork = await nearby('origin=JFK&destination=LIM&date=2026-12-10&language=en');
    expect(fromNewYork.alternatives[0]).toMatchObject({ end: 'origin', origin: 'EWR', destination: 'LIM', cityName: 'New York', distanceKm: 34 });
    const toPhiladelphia = await nearby('origin=LIM&destination=PHL&date=2026-12-10&language=en');
    expect(toPhiladelphia.alternatives.map((alternative) => alternative.destination)).toEqual(['EWR', 'ABE']);
    const totals = toPhiladelphia.alternatives.map((alternative) => alternative.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(toPhiladelphia.alternatives.every((alternative) => alternative.total < (toPhiladelphia.total ?? 0) && alternative.distanceKm <= 150)).toBe(true);
  });

  it('prices a round trip on its two dates', async () => {
    const { total, alternatives } = await nearby('origin=LIM&destination=AEP&date=2026-12-10&return=2026-12-17&language=es');
    expect(total).toBeGreaterThan(0);
    expect(alternatives.every((alternative) => alternative.total < (total ?? 0))).toBe(true);
  });

  it('refuses an unknown airport with a typed 400', async () => {
    const response = await api.request('/api/flights/nearby?origin=QQQ&destination=AEP&date=2026-12-10');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: 'query.origin' })] });
  });
});
