import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import { exploreResponseSchema } from '../../../src/contract/explore.ts';
import { nearbyAlternativesResponseSchema } from '../../../src/contract/nearby-alternatives.ts';
import { priceCalendarResponseSchema } from '../../../src/contract/price-calendar.ts';
import { createApp } from '../../../src/server/app.ts';
import type { AppDeps } from '../../../src/server/deps.ts';
import { CALENDAR_CALLS_AT_ONCE } from '../../../src/server/services/costly-answers.ts';
import { MAX_EXPLORE_DESTINATIONS } from '../../../src/server/services/explore.ts';
import type { Supplier, SupplierCalendarQuery } from '../../../src/server/supply/port.ts';
import { sandboxSupplier, startTestApi } from '../../support/server.ts';

/**
 * Issue 36, "cheap requests, costly answers": Explora, the price calendar and the nearby airports are
 * cached, single-flight, bounded in work and answered within a deadline (services/costly-answers.ts).
 * Each test has a supplier of its own (its own cache), counting the calendar questions it is asked.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sandbox's routes with a calendar answered by `answer` (default: at once, a price per pair), every question recorded. */
function countingSupplier(answer?: (query: SupplierCalendarQuery) => Promise<Array<number | null>>) {
  const asked: SupplierCalendarQuery[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const supplier: Supplier = {
    ...sandboxSupplier(),
    async priceCalendar(query) {
      asked.push(query);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        return answer ? await answer(query) : query.pairs.map((_, index) => 100 + query.destination.charCodeAt(0) + index);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { supplier, asked, mostInFlight: () => mostInFlight };
}

/** The API on this file's database with `overrides` (a supplier of the test's own). */
function appWith(overrides: Partial<AppDeps>) {
  const app = createApp({ ...api.deps, ...overrides });
  return (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
}

describe('Explora (GET /api/flights/explore)', () => {
  it('asks the supplier once per destination, then serves the same answer from its cache in either language without asking again', async () => {
    const { supplier, asked } = countingSupplier();
    const request = appWith({ supplier });
    const first = await request('/api/flights/explore?origin=LIM&month=2026-12&language=en');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const destinations = exploreResponseSchema.parse(await first.json()).destinations;
    expect(asked.length).toBe(new Set(asked.map((query) => query.destination)).size);
    expect(asked.length).toBeGreaterThan(60);
    expect(asked.length).toBeLessThanOrEqual(MAX_EXPLORE_DESTINATIONS);
    const questions = asked.length;

    const again = await request('/api/flights/explore?origin=LIM&month=2026-12&language=en');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(exploreResponseSchema.parse(await again.json()).destinations).toEqual(destinations);
    const spanish = await request('/api/flights/explore?origin=LIM&month=2026-12&language=es');
    expect(spanish.headers.get('x-cache')).toBe('hit');
    const codes = (answer: { code: string }[]) => answer.map((destination) => destination.code).sort();
    expect(codes(exploreResponseSchema.parse(await spanish.json()).destinations)).toEqual(codes(destinations));
    expect(asked.length).toBe(questions);

    // Another month is another answer.
    await request('/api/flights/explore?origin=LIM&month=2027-01&language=en');
    expect(asked.length).toBe(questions * 2);
  });

  it('computes once for identical requests that arrive together, and keeps the supplier’s questions in flight within the process’s slots', async () => {
    const { supplier, asked, mostInFlight } = countingSupplier(async (query) => {
      await sleep(2);
      return query.pairs.map(() => 150);
    });
    const request = appWith({ supplier });
    const answers = await Promise.all(Array.from({ length: 6 }, () => request('/api/flights/explore?origin=MAD&month=2027-04&language=es')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(new Set(bodies).size).toBe(1);
    const destinations = new Set(asked.map((query) => query.destination));
    expect(asked.length).toBe(destinations.size);

    // Six different cold answers at once still ask no more than the process's slots at a time.
    asked.length = 0;
    const months = ['2027-01', '2027-02', '2027-03', '2027-05', '2027-06', '2027-07'];
    const cold = await Promise.all(months.map((month) => request(`/api/flights/explore?origin=BOG&month=${month}`)));
    expect(cold.map((answer) => answer.status)).toEqual(months.map(() => 200));
    expect(mostInFlight()).toBeLessThanOrEqual(CALENDAR_CALLS_AT_ONCE);
  });

  it('answers a typed 503 with Retry-After within its deadline when the supplier is slow, and the retry gets the answer the computation went on to make', async () => {
    const { supplier, asked } = countingSupplier(async (query) => {
      await sleep(query.destination === 'MIA' ? 60_000 : 1);
      return query.pairs.map(() => 200);
    });
    const request = appWith({ supplier, costlyAnswers: { waitMs: 300, workMs: 1500 } });
    const started = performance.now();
    const slow = await request('/api/flights/explore?origin=LIM&month=2026-12');
    const waited = performance.now() - started;
    expect(slow.status).toBe(503);
    expect(waited).toBeLessThan(1000);
    expect(slow.headers.get('retry-after')).toBe('1');
    expect(apiErrorSchema.parse(await slow.json())).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });

    // Past the work deadline the answer is what was ready: every destination but the one that never answered.
    await sleep(1700);
    const questions = asked.length;
    const retry = await request('/api/flights/explore?origin=LIM&month=2026-12');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('x-cache')).toBe('hit');
    expect(retry.headers.get('x-answer')).toBe('partial');
    const codes = exploreResponseSchema.parse(await retry.json()).destinations.map((destination) => destination.code);
    expect(codes).toContain('CUZ');
    expect(codes).not.toContain('MIA');
    expect(asked.length).toBe(questions);
  });

  it('answers a typed 504 when the supplier answers nothing within the work deadline', async () => {
    const { supplier } = countingSupplier(() => new Promise(() => undefined));
    const request = appWith({ supplier, costlyAnswers: { waitMs: 2000, workMs: 200 } });
    const started = performance.now();
    const response = await request('/api/flights/explore?origin=CUZ&month=2026-12');
    expect(response.status).toBe(504);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({ status: 504, code: 504 });
  });

  it('serves a stale answer at once after its time to live while one request refreshes it', async () => {
    const { supplier, asked } = countingSupplier();
    const request = appWith({ supplier });
    await request('/api/flights/explore?origin=CUZ&month=2027-02');
    const questions = asked.length;
    api.clock.advanceMinutes(11);
    try {
      const [stale, alsoStale] = await Promise.all([request('/api/flights/explore?origin=CUZ&month=2027-02'), request('/api/flights/explore?origin=CUZ&month=2027-02')]);
      expect([stale.headers.get('x-cache'), alsoStale.headers.get('x-cache')]).toEqual(['hit', 'hit']);
      await sleep(200);
      expect(asked.length).toBe(questions * 2);
    } finally {
      api.clock.advanceMinutes(-11);
    }
  });

  it('limits a client to 120 answers a minute (an office’s share; 429 with Retry-After), cached or not', async () => {
    const { supplier } = countingSupplier();
    const request = appWith({ supplier, rateLimits: 'on' });
    const statuses: number[] = [];
    for (let index = 0; index < 120; index++) statuses.push((await request('/api/flights/explore?origin=AQP&month=2026-12')).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const refused = await request('/api/flights/explore?origin=AQP&month=2026-12');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the price calendar and nearby airports', () => {
  const calendarPath = '/api/flights/calendar?origin=LIM&destination=CUZ&date=2026-12-10&return=2026-12-17&adults=2';
  const nearbyPath = '/api/flights/nearby?origin=LIM&destination=AEP&date=2026-12-10&language=en';

  it('asks the supplier once for identical calendars, together or one after the other', async () => {
    const { supplier, asked } = countingSupplier(async (query) => {
      await sleep(20);
      return query.pairs.map((_, index) => 300 + index);
    });
    const request = appWith({ supplier });
    const together = await Promise.all(Array.from({ length: 5 }, () => request(calendarPath)));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(asked.length).toBe(1);
    const later = await request(calendarPath);
    expect(later.headers.get('x-cache')).toBe('hit');
    expect(priceCalendarResponseSchema.parse(await later.json()).status).toBe(200);
    expect(asked.length).toBe(1);
  });

  it('asks the supplier once per route for identical nearby answers, whatever their language', async () => {
    const { supplier, asked } = countingSupplier();
    const request = appWith({ supplier });
    const [first, second] = await Promise.all([request(nearbyPath), request(nearbyPath.replace('language=en', 'language=es'))]);
    expect([first.status, second.status]).toEqual([200, 200]);
    nearbyAlternativesResponseSchema.parse(await first.json());
    const questions = asked.length;
    expect(questions).toBe(new Set(asked.map((query) => `${query.origin}-${query.destination}`)).size);
    expect(questions).toBeLessThanOrEqual(9);
    expect((await request(nearbyPath)).status).toBe(200);
    expect(asked.length).toBe(questions);
  });

  it('answers a typed 503 within the deadline when the supplier is slow', async () => {
    const { supplier } = countingSupplier(async (query) => {
      await sleep(5000);
      return query.pairs.map(() => 1);
    });
    const request = appWith({ supplier, costlyAnswers: { waitMs: 250 } });
    for (const path of [calendarPath, nearbyPath]) {
      const started = performance.now();
      const response = await request(path);
      expect(response.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(apiErrorSchema.parse(await response.json())).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
  });
});
