import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import { bandsOf, PRICE_CALENDAR_DAYS, priceCalendarResponseSchema } from '../../../src/contract/price-calendar.ts';
import { calendarEach } from '../../../src/server/supply/multi.ts';
import type { Supplier } from '../../../src/server/supply/port.ts';
import { sandboxSupplier, startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function calendar(query: string) {
  const response = await api.request(`/api/flights/calendar?${query}`);
  return { response, body: (await response.json()) as unknown };
}

describe('GET /api/flights/calendar', () => {
  it('answers one price and band for each of the 61 days around a one-way date, the chosen day priced like its search', async () => {
    const { response, body } = await calendar('origin=LIM&destination=CUZ&date=2026-12-10');
    expect(response.status).toBe(200);
    const answer = priceCalendarResponseSchema.parse(body);
    if (answer.data.type !== 'OW') throw new Error('expected a one-way calendar');
    expect(answer.data.days).toHaveLength(PRICE_CALENDAR_DAYS);
    expect(answer.data.days[0]?.date).toBe('2026-11-10');
    expect(answer.data.days[60]?.date).toBe('2027-01-09');
    // The test clock's Lima day is 2026-11-21: days before it sell nothing.
    expect(answer.data.days.filter((day) => day.date < '2026-11-21').every((day) => day.total === null && day.band === null)).toBe(true);
    const priced = answer.data.days.filter((day) => day.total !== null);
    expect(priced.length).toBeGreaterThan(40);
    expect(new Set(priced.map((day) => day.band))).toEqual(new Set(['cheap', 'typical', 'expensive']));
    const search = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '20261210' }] });
    const offers = ((await search.json()) as { data: Array<{ pricing: { total: number } }> }).data;
    const cheapestOffer = Math.min(...offers.map((offer) => offer.pricing.total));
    expect(answer.data.days[30]).toMatchObject({ date: '2026-12-10', total: cheapestOffer });
  });

  it('answers a round trip as weeks of departure × return pairs a stay apart, covering the 61 departure days', async () => {
    const { response, body } = await calendar('origin=LIM&destination=MIA&date=2026-12-10&return=2026-12-17&adults=2');
    expect(response.status).toBe(200);
    const answer = priceCalendarResponseSchema.parse(body);
    if (answer.data.type !== 'RT') throw new Error('expected a round-trip calendar');
    expect(answer.data.stayNights).toBe(7);
    const departures = answer.data.weeks.flatMap((week) => week.departures);
    expect(departures).toHaveLength(PRICE_CALENDAR_DAYS);
    const chosenWeek = answer.data.weeks.find((week) => week.departures.includes('2026-12-10'));
    expect(chosenWeek?.departures).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']);
    expect(chosenWeek?.returns[3]).toBe('2026-12-17');
    expect(chosenWeek?.pairs).toHaveLength(49);
    expect(chosenWeek?.pairs.find((pair) => pair.departureDate === '2026-12-10' && pair.returnDate === '2026-12-17')?.total).toBeGreaterThan(0);
  });

  it('answers again from its cache, the same bytes, marked a hit', async () => {
    const query = 'origin=LIM&destination=AQP&date=2026-12-20';
    const first = await api.request(`/api/flights/calendar?${query}`);
    const firstText = await first.text();
    const second = await api.request(`/api/flights/calendar?${query}`);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.text()).toBe(firstText);
  });

  it.each([
    ['the same origin and destination', 'origin=LIM&destination=LIM&date=2026-12-10', 'query.destination'],
    ['an unknown airport', 'origin=QQQ&destination=CUZ&date=2026-12-10', 'query.origin'],
    ['a past date', 'origin=LIM&destination=CUZ&date=2026-01-10', 'query.date'],
    ['a return before the departure', 'origin=LIM&destination=CUZ&date=2026-12-10&return=2026-12-01', 'query.return'],
    ['a date that does not exist', 'origin=LIM&destination=CUZ&date=2026-02-30', 'query.date'],
    ['no adult', 'origin=LIM&destination=CUZ&date=2026-12-10&adults=0', 'query.adults'],
  ])('refuses %s with a typed 400 naming the field', async (_, query, path) => {
    const { response, body } = await calendar(query);
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(body).errors.map((error) => error.path)).toContain(path);
  });
});

describe('the price calendar across suppliers', () => {
  const pairs = [{ departureDate: '2026-12-10', returnDate: null }, { departureDate: '2026-12-11', returnDate: null }];
  const query = { origin: 'LIM', destination: 'CUZ', pairs, passengers: { adults: 1, children: 0, infants: 0 }, cabin: 'I' as const, today: '2026-11-21', now: 0, agency: false };
  const withCalendar = (answer: Supplier['priceCalendar']): Supplier => ({ ...sandboxSupplier(), priceCalendar: answer });
  const entry = (code: string, supplier: Supplier) => ({ code, idPrefix: `${code}.`, supplier, searchDeadlineMs: 1000 });

  it('takes per day the cheapest of the suppliers that have a calendar, leaving out one that has none or fails', async () => {
    const totals = await calendarEach(
      [entry('a', withCalendar(async () => [100, null])), entry('b', withCalendar(async () => [90, 80])), entry('c', withCalendar(async () => null)), entry('d', withCalendar(() => Promise.reject(new Error('down'))))],
      query,
    );
    expect(totals).toEqual([90, 80]);
  });

  it('answers null when no supplier has a calendar, so the API answers 204 rather than failing', async () => {
    expect(await calendarEach([entry('a', withCalendar(async () => null))], query)).toBeNull();
  });
});

describe('price bands', () => {
  it('bands the cheapest third cheap, the dearest third expensive, the rest typical, and leaves missing days unbanded', () => {
    expect(bandsOf([100, 200, 300, null, 150, 250])).toEqual(['cheap', 'typical', 'expensive', null, 'cheap', 'expensive']);
    expect(bandsOf([100, 100, 100])).toEqual(['typical', 'typical', 'typical']);
  });
});
