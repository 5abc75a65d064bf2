/**
 * The API as stories and UI tests see it: the contract's own schemas over the contract's fixtures, so a
 * fixture that drifts from the contract fails here rather than in a screen.
 */
import { http, HttpResponse } from 'msw';
import { apiErrorSchema, errorCodes, type ApiError } from '../../contract/common.ts';
import { countryTerminalsResponseSchema, engineResponseSchema, engineSchema, paymentMethodsResponseSchema } from '../../contract/engine.ts';
import { limCuzFlights, limCuzRecommendation, limCuzSessionSearchParams, limCuzSelectedFare } from '../../contract/fixtures/checkout.ts';
import { engineFixtures } from '../../contract/fixtures/engines.ts';
import {
  getSessionResponseSchema,
  saveSessionResponseSchema,
  SESSION_IDLE_MINUTES,
  sessionSchema,
} from '../../contract/session.ts';
import { saveSessionBodySchema } from '../../contract/session-store.ts';
import { checkoutExtrasHandlers } from './checkout-extras-handlers.ts';
import { checkoutHandlers } from './checkout-handlers.ts';
import { cardCheckoutHandlers } from './card-checkout-handlers.ts';
import { acuotazHandlers, bankTransferHandlers, confirmationHandlers, cuotealoHandlers } from './confirmation-handlers.ts';
import { manageBookingHandlers } from './manage-booking-handlers.ts';
import { postSaleHandlers } from './postsale-handlers.ts';
import { offerHandlers } from './offer-handlers.ts';
import { searchHandlers } from './search-handlers.ts';
import { priceCalendarHandlers } from './price-calendar-handlers.ts';
import { nearbyHandlers } from './nearby-handlers.ts';
import { priceAlertHandlers } from './price-alert-handlers.ts';
import { exploreHandlers } from './explore-handlers.ts';

export const mockEngines = engineFixtures.map((engine) => engineSchema.parse(engine));

/** One demo terminal by id, for stories that render a view with an engine prop. */
export function mockEngine(id: string) {
  const engine = mockEngines.find((candidate) => candidate.id === id);
  if (!engine) throw new Error(`No demo terminal has the id ${id}`);
  return engine;
}

/** Sessions the mock API knows: one live, one past its idle limit, one another browser made; any other id is unknown (404). */
export const mockSessionIds = {
  live: '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10',
  expired: '9b2e7d41-1c3a-4f6e-8d20-5a4b3c2d1e0f',
  otherBrowsers: '5d7c1e90-2b4a-4c8e-9f13-6a0b8c2d4e71',
  /** Read too often (429, Retry-After 42). */
  rateLimited: '6e8d2f01-3c5b-4d9f-a024-7b1c9d3e5f82',
} as const;

export function apiErrorResponse(status: number, code: ApiError['code'], message: string) {
  return HttpResponse.json(apiErrorSchema.parse({ status, code, message, errors: [] }), { status });
}

function liveSession(sessionID: string) {
  const now = Date.now();
  return sessionSchema.parse({
    sessionID,
    createdAt: new Date(now).toISOString(),
    lastActivityAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_IDLE_MINUTES * 60_000).toISOString(),
    // A selection, as the results page saves it, so checkout opens its forms for this session.
    flights: limCuzFlights,
    recommendation: limCuzRecommendation,
    searchParams: limCuzSessionSearchParams,
    selectedFare: limCuzSelectedFare,
  });
}

const findEngine = (id: string | readonly string[] | undefined) => mockEngines.find((engine) => engine.id === id);

export const handlers = [
  // Checkout sessions first: their session handler lets every other id through to the general one.
  ...checkoutHandlers,
  // The card order once paid through the card checkout, then the sessions after booking (the confirmation page); other ids fall through likewise.
  ...cardCheckoutHandlers,
  ...confirmationHandlers,
  ...bankTransferHandlers,
  ...cuotealoHandlers,
  ...acuotazHandlers,
  ...manageBookingHandlers,
  ...postSaleHandlers,
  // Listed before /engines/:id, which would otherwise take "countries" for an id.
  http.get('/api/engines/countries', () =>
    HttpResponse.json(
      countryTerminalsResponseSchema.parse({
        status: 200,
        data: mockEngines.flatMap((engine) => (engine.defaultForCountry ? [{ countryCode: engine.defaultForCountry, terminalId: engine.id }] : [])),
      }),
    ),
  ),
  http.get('/api/engines/:terminalId/payment_methods', ({ params }) => {
    const engine = findEngine(params.terminalId);
    if (!engine) return apiErrorResponse(404, errorCodes.engineNotFound, `No terminal has the id ${String(params.terminalId)}.`);
    return HttpResponse.json(paymentMethodsResponseSchema.parse({ status: 200, data: engine.paymentMethods }));
  }),
  http.get('/api/engines/:id', ({ params }) => {
    const engine = findEngine(params.id);
    if (!engine) return apiErrorResponse(404, errorCodes.engineNotFound, `No terminal has the id ${String(params.id)}.`);
    return HttpResponse.json(engineResponseSchema.parse({ status: 200, data: engine }));
  }),
  http.get('/api/sessions', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    if (id === mockSessionIds.expired) {
      return apiErrorResponse(410, errorCodes.sessionExpired, `The session ${id} expired after ${SESSION_IDLE_MINUTES} idle minutes.`);
    }
    if (id === mockSessionIds.otherBrowsers) return apiErrorResponse(403, errorCodes.sessionKeyRequired, 'Only the browser that created this session may use it (X-Session-Key).');
    if (id === mockSessionIds.rateLimited) {
      return HttpResponse.json(apiErrorSchema.parse({ status: 429, code: errorCodes.rateLimited, message: 'Too many requests: try again in 42 s.', errors: [], retryAfterSeconds: 42 }), { status: 429, headers: { 'Retry-After': '42' } });
    }
    if (id !== mockSessionIds.live) return apiErrorResponse(404, errorCodes.sessionNotFound, `No session has the id ${id}.`);
    return HttpResponse.json(getSessionResponseSchema.parse({ status: 200, personalData: 'full', data: liveSession(id) }));
  }),
  http.post('/api/sessions/save', async ({ request }) => {
    const body = saveSessionBodySchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return apiErrorResponse(400, errorCodes.badRequest, 'The request is not valid.');
    const id = new URL(request.url).searchParams.get('id');
    // A new session answers its owner key, as the API does; the mock checks no key.
    return HttpResponse.json(saveSessionResponseSchema.parse(id ? { status: 200, sessionID: id } : { status: 200, sessionID: mockSessionIds.live, sessionKey: 'mock-owner-key' }));
  }),
  ...searchHandlers,
  ...priceCalendarHandlers,
  ...nearbyHandlers,
  ...priceAlertHandlers,
  ...exploreHandlers,
  ...offerHandlers,
  ...checkoutExtrasHandlers,
];
