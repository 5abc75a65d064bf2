import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import { exploreResponseSchema } from '../../../src/contract/explore.ts';
import { SupplierTimeout } from '../../../src/server/supply/port.ts';
import { sandboxSupplier, startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  // What these answers are, on a machine as busy as a test run makes it: their bounds are tested in costly-answers.test.ts.
  api = await startTestApi({ costlyAnswers: { waitMs: 25_000, workMs: 25_000 } });
});
afterAll(() => api.close());

async function explore(query: string) {
  const response = await api.request(`/api/flights/explore?${query}`);
  return { response, body: (await response.json()) as unknown };
}

async function cheapestOneWay(origin: string, destination: string, date: string) {
  const search = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, itinerary: [{ origin, destination, date: date.replaceAll('-', '') }] });
  const offers = ((await search.json()) as { data: Array<{ pricing: { total: number } }> }).data;
  return Math.min(...offers.map((offer) => offer.pricing.total));
}

describe('GET /api/flights/explore', () => {
  it('lists the destinations sold from Lima in a month, cheapest first, each priced as its search on its date', async () => {
    const { response, body } = await explore('origin=LIM&month=2026-12&language=en');
    expect(response.status).toBe(200);
    const answer = exploreResponseSchema.parse(body);
    expect(answer).toMatchObject({ status: 200, origin: 'LIM', month: '2026-12' });
    const codes = answer.destinations.map((destination) => destination.code);
    expect(codes).toEqual(expect.arrayContaining(['CUZ', 'MIA', 'MAD']));
    expect(codes.length).toBeGreaterThan(60);
    expect(codes).not.toContain('LIM');
    const totals = answer.destinations.map((destination) => destination.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(answer.destinations.every((destination) => destination.date >= '2026-12-01' && destination.date <= '2026-12-31')).toBe(true);
    const cusco = answer.destinations.find((destination) => destination.code === 'CUZ');
    expect(cusco).toMatchObject({ cityName: 'Cusco', countryName: 'Peru' });
    expect(cusco?.total).toBe(await cheapestOneWay('LIM', 'CUZ', cusco?.date ?? ''));
    const madrid = answer.destinations.find((destination) => destination.code === 'MAD');
    expect(madrid?.total).toBe(await cheapestOneWay('LIM', 'MAD', madrid?.date ?? ''));
  });

  it('names the places in the asked language and prices only the days left in this month', async () => {
    const { body } = await explore('origin=LIM&month=2026-11&language=es');
    const answer = exploreResponseSchema.parse(body);
    expect(answer.destinations.every((destination) => destination.date >= '2026-11-21' && destination.date <= '2026-11-30')).toBe(true);
    expect(answer.destinations.find((destination) => destination.code === 'JFK')).toMatchObject({ cityName: 'Nueva York' });
  });

  it('reaches with one connection what is not flown nonstop: Arequipa flies only to Lima and Cusco', async () => {
    const answer = exploreResponseSchema.parse((await explore('origin=AQP&month=2026-12')).body);
    const codes = answer.destinations.map((destination) => destination.code);
    expect(codes).toEqual(expect.arrayContaining(['LIM', 'CUZ', 'MIA', 'BOG']));
    const miami = answer.destinations.find((destination) => destination.code === 'MIA');
    expect(miami?.total).toBe(await cheapestOneWay('AQP', 'MIA', miami?.date ?? ''));
  });

  it('explores from a city code, leaving out the city’s own airports', async () => {
    const answer = exploreResponseSchema.parse((await explore('origin=BUE&month=2027-01')).body);
    const codes = answer.destinations.map((destination) => destination.code);
    expect(codes).toContain('LIM');
    expect(codes).not.toContain('EZE');
    expect(codes).not.toContain('AEP');
  });

  it('keeps serving other work while it prices a cold month: the event loop turns between the destinations’ questions', async () => {
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    const { response } = await explore('origin=MAD&month=2027-04');
    clearInterval(ticker);
    expect(response.status).toBe(200);
    // About 100 destinations, each question after a turn of the event loop: many chances for other requests, not one long block.
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it('answers again from its cache, the same bytes, marked a hit', async () => {
    const first = await api.request('/api/flights/explore?origin=CUZ&month=2027-02');
    const firstText = await first.text();
    const second = await api.request('/api/flights/explore?origin=CUZ&month=2027-02');
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(await second.text()).toBe(firstText);
  });

  it.each([
    ['an unknown airport', 'origin=QQQ&month=2026-12', 'query.origin', 'unknown_airport'],
    ['an origin that is not a code', 'origin=LIMA&month=2026-12', 'query.origin', undefined],
    ['a month not written YYYY-MM', 'origin=LIM&month=2026-13', 'query.month', undefined],
    ['no month', 'origin=LIM', 'query.month', undefined],
    ['a past month', 'origin=LIM&month=2026-10', 'query.month', 'past_month'],
    ['a month more than eleven months ahead', 'origin=LIM&month=2027-11', 'query.month', 'too_far_ahead'],
  ])('refuses %s with a typed 400 naming the field', async (_, query, path, code) => {
    const { response, body } = await explore(query);
    expect(response.status).toBe(400);
    const failure = apiErrorSchema.parse(body);
    expect(failure.errors.some((error) => error.path === path && (code === undefined || error.code === code))).toBe(true);
  });

  it('asks an agency terminal for its token (402 without one), as the other flight searches do', async () => {
    const { response, body } = await explore('origin=LIM&month=2026-12&terminalId=2113855');
    expect(response.status).toBe(402);
    expect(apiErrorSchema.parse(body)).toMatchObject({ status: 402, code: 402 });
  });
});

describe('GET /api/flights/explore with other suppliers', () => {
  it('answers 204 with no destinations when the supplier has no price calendar (Duffel)', async () => {
    const other = await startTestApi({ supplier: { ...sandboxSupplier(), priceCalendar: async () => null } });
    const response = await other.request('/api/flights/explore?origin=LIM&month=2026-12');
    expect(exploreResponseSchema.parse(await response.json())).toEqual({ status: 204, origin: 'LIM', month: '2026-12', destinations: [] });
    await other.close();
  });

  it('answers a typed 504 when the supplier does not answer in time', async () => {
    const other = await startTestApi({ supplier: { ...sandboxSupplier(), priceCalendar: () => Promise.reject(new SupplierTimeout('slow')) } });
    const response = await other.request('/api/flights/explore?origin=CUZ&month=2026-12');
    expect(response.status).toBe(504);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({ status: 504, code: 504 });
    await other.close();
  });
});
