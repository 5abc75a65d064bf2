import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { limCuzRecommendation, limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { startTestApi } from '../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
let routes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  api = await startTestApi();
  const document = (await (await api.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method, path })));
});
afterAll(() => api.close());

/** A documented path with its {parameters} filled by the given text. */
const fillPath = (path: string, value: string) => `/api${path.replace(/\{[^}]+\}/g, encodeURIComponent(value))}`;

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const pathText = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('9132868', '2113855', '0', '-1', 'LIM', '../../etc', '%00', 'ñandú'));

async function expectHandled(response: Response) {
  expect(response.status, `${response.url} answered ${response.status}`).toBeLessThan(500);
  const typedWhenFailing = response.status < 400 || apiErrorSchema.safeParse(await response.json()).success;
  expect(typedWhenFailing, `${response.url} answered ${response.status} without the typed error body`).toBe(true);
}

describe('bad input never crashes the API', () => {
  it('documents the routes it is about to try', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it('answers random JSON bodies on every POST route with a success or a typed 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(jsonValue, pathText, async (body, segment) => {
        for (const route of routes.filter((candidate) => candidate.method === 'post')) {
          await expectHandled(
            await api.request(fillPath(route.path, segment), { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          );
        }
      }),
      { numRuns: 40 },
    );
  });

  it('answers bodies that are not JSON with a typed 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (text) => {
        for (const route of routes.filter((candidate) => candidate.method === 'post')) {
          const response = await api.request(fillPath(route.path, '9132868'), { method: 'POST', body: `{${text}`, headers: { 'content-type': 'application/json' } });
          await expectHandled(response);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('answers random path parameters and query strings on every GET route without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(pathText, fc.dictionary(fc.constantFrom('id', 'query', 'language', 'terminalId'), fc.string({ maxLength: 30 })), async (segment, query) => {
        for (const route of routes.filter((candidate) => candidate.method === 'get')) {
          await expectHandled(await api.request(`${fillPath(route.path, segment)}?${new URLSearchParams(query)}`));
        }
      }),
      { numRuns: 40 },
    );
  });

  /** Valid requests with one field swapped for random JSON reach past the first validation layer. */
  const validBodies: Array<[string, Record<string, unknown>]> = [
    ['/api/flights/search', { ...limCuzSearchParams, itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-18' }, { origin: 'CUZ', destination: 'LIM', date: '2026-12-26' }] }],
    ['/api/sessions/save', { searchParams: limCuzSearchParams }],
    ['/api/flights/family_fares', { id: limCuzRecommendation.id, terminalId: '9132868' }],
    ['/api/flights/commission', { id: limCuzRecommendation.id, terminalId: '7200983' }],
  ];

  it.each(validBodies)('answers %s with one field replaced by anything without a 500', async (path, valid) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(valid)), jsonValue, async (field, value) => {
        const body = { ...valid, [field]: value };
        await expectHandled(await api.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
      }),
      { numRuns: 60 },
    );
  });
});
