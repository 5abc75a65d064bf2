/**
 * Duffel as recorded (tests/server/duffel-recorded, shapes from Duffel's API reference and @duffel/api's
 * types), served by MSW in node: every call is kept with its path, query, headers and body.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import * as fx from '../../src/contract/fixtures/checkout.ts';
import type { Recommendation } from '../../src/contract/search.ts';
import { configuredSupplier } from '../../src/server/supply/configured.ts';
import { sandboxSupplier, startTestApi } from '../support/server.ts';
import type { DuffelConfig } from '../../src/server/supply/duffel/client.ts';
import { bookingFor, searchOffers } from './checkout/support.ts';
import offerRequest from './duffel-recorded/offer-request.json' with { type: 'json' };
import roundTripOffer from './duffel-recorded/offer-round-trip.json' with { type: 'json' };
import roundTripOffers from './duffel-recorded/offers-round-trip.json' with { type: 'json' };

export const DUFFEL = 'https://api.duffel.com';
export const duffelConfig = (overrides: Partial<DuffelConfig> = {}): DuffelConfig => ({
  accessToken: 'duffel_test_vuelos-recorded',
  supplierTimeoutMs: 5_000,
  requestTimeoutMs: 2_000,
  retries: 2,
  backoffMs: 5,
  ...overrides,
});

export interface DuffelCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: { authorization: string | null; version: string | null };
  body: { data?: Record<string, unknown> } | null;
}

export const calls: DuffelCall[] = [];
export const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

/** One answer per call, the last repeated: a status and a recorded body, or a delay in ms before the body. */
export type Answer = { status: number; body: JsonBodyType; delayMs?: number };
export const answer = (body: JsonBodyType, status = 200, delayMs?: number): Answer => ({ status, body, ...(delayMs ? { delayMs } : {}) });

export const duffelServer = setupServer();

/** Serves `answers` in turn on `method path` (the last one for every later call), recording each call. */
export function duffelAnswers(method: 'get' | 'post', path: string, ...answers: Answer[]) {
  let served = 0;
  duffelServer.use(
    http[method](`${DUFFEL}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = method === 'post' ? await request.text() : '';
      calls.push({
        method: method.toUpperCase(),
        path: url.pathname.replace(/\/$/, ''),
        query: Object.fromEntries(url.searchParams),
        headers: { authorization: request.headers.get('authorization'), version: request.headers.get('duffel-version') },
        body: text ? (JSON.parse(text) as DuffelCall['body']) : null,
      });
      const next = answers[Math.min(served++, answers.length - 1)] as Answer;
      if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
      return HttpResponse.json(next.body, { status: next.status });
    }),
  );
}

/**
 * The API as DUFFEL_ACCESS_TOKEN configures it: the sandbox and Duffel (answering as recorded), each with a 5 s
 * search deadline; Duffel's calls are forgotten before each test and its answers after. `ready` runs once it is up.
 */
export function useSandboxAndDuffelApi(ready: (api: Awaited<ReturnType<typeof startTestApi>>) => Promise<void> = async () => {}) {
  let api: Awaited<ReturnType<typeof startTestApi>> | undefined;
  beforeAll(async () => {
    duffelServer.listen({ onUnhandledRequest: 'error' });
    api = await startTestApi({ supplier: configuredSupplier({}, { searchDeadlineMs: 5_000, sandbox: sandboxSupplier(), duffel: duffelConfig() }), supplierSearchDeadlineMs: 5_000 });
    await ready(api);
  });
  beforeEach(() => {
    calls.length = 0;
  });
  afterEach(() => duffelServer.resetHandlers());
  afterAll(async () => {
    duffelServer.close();
    await api?.close();
  });
  return () => api!;
}

/** The recorded AQP–MIA round trip, one adult: the search whose Duffel offer the checkout tests book. */
export const DUFFEL_ROUND_TRIP_SEARCH = {
  terminalId: '9132868',
  flightType: 'RT' as const,
  passengers: { adults: 1, children: 0, infants: 0 },
  itinerary: [
    { origin: 'AQP', destination: 'MIA', date: '2026-12-10' },
    { origin: 'MIA', destination: 'AQP', date: '2026-12-17' },
  ],
};

/** The API as useSandboxAndDuffelApi starts it, the round trip searched once: `offer()` is its Duffel offer. */
export function withSearchedDuffelOffer() {
  let offer: Recommendation | undefined;
  const apiOf = useSandboxAndDuffelApi(async (api) => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    offer = (await searchOffers(api, DUFFEL_ROUND_TRIP_SEARCH)).find((candidate) => candidate.id === `duf.${roundTripOffer.data.id}.103220`);
  });
  return { apiOf, offer: () => offer! };
}

/**
 * A booking request of that offer for one adult: the fixture's lead (her own e-mail and Peruvian mobile) with
 * her passport (Arequipa–Miami: a DNI takes no one to the US), changed by `lead`.
 */
export async function duffelBookingRequest(api: Awaited<ReturnType<typeof startTestApi>>, offer: Recommendation, lead: Partial<typeof fx.adultPassenger> = {}) {
  const request = await bookingFor(api, offer, {}, DUFFEL_ROUND_TRIP_SEARCH);
  return { ...request, bookForm: { ...request.bookForm, passengers: [{ ...fx.adultPassenger, documentType: 'PP' as const, documentNumber: 'PA5871236', ...lead }] } };
}
