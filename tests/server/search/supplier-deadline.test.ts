import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import type { Supplier } from '../../../src/server/supply/port.ts';
import { sandboxSupplier, startTestApi } from '../../support/server.ts';

/** The sandbox world, except that its search never answers. */
const hangingSupplier: Supplier = { ...sandboxSupplier(), search: () => new Promise(() => {}) };
const SEARCH_DEADLINE_MS = 500;

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi({ supplier: hangingSupplier, supplierSearchDeadlineMs: SEARCH_DEADLINE_MS });
});
afterAll(() => api.close());

describe('a supplier whose search hangs', () => {
  it('is given up at the search deadline: 504 with the typed body, and everything else is served meanwhile', async () => {
    const started = Date.now();
    const searching = api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-10' }] });
    expect((await api.json('/api/sessions/save', {})).status).toBe(200);
    const answer = await searching;
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_DEADLINE_MS - 10);
    expect(answer.status).toBe(504);
    expect(apiErrorSchema.parse(await answer.json())).toMatchObject({ status: 504 });
  });
});
