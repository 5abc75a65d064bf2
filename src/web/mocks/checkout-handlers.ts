/**
 * Checkout as stories and UI tests see it: sessions holding the Lima–Cusco fixture, and a book call
 * that answers like the sandbox (docs/sandbox.md): the lead adult's last name picks the outcome.
 * Every body goes through the contract's schemas, both ways.
 */
import cardValidator from 'card-validator';
import { http, HttpResponse } from 'msw';
import { CARD_DECLINED, cardTokenRequestSchema, cardTokenResponseSchema, SANDBOX_DECLINED_CARDS, SANDBOX_VAULT_PATH } from '../../contract/card-vault.ts';
import { bookingRequestSchema } from '../../contract/booking-request.ts';
import {
  cardLast4,
  bookingResponseSchema,
  type BookingRequest,
  type BookingResult,
} from '../../contract/checkout.ts';
import { errorCodes } from '../../contract/common.ts';
import { PAYME_PAGE_TOKEN } from '../../contract/fixtures/confirmation.ts';
import {
  bookingResult,
  checkoutSessionId,
  duplicateBookingResult,
  fareChangeResult,
  limCuzFlights,
  limCuzRecommendation,
  limCuzSessionSearchParams,
  limCuzSelectedFare,
} from '../../contract/fixtures/checkout.ts';
import { getSessionResponseSchema, SESSION_IDLE_MINUTES, sessionSchema } from '../../contract/session.ts';

/** Checkout sessions the mock API knows: a consumer one (default terminal) and an agency one (2113855, B2B). */
export const mockCheckoutSessionIds = {
  consumer: checkoutSessionId,
  agency: '7d4e1c2b-9a8f-4b6e-8c5d-3e2f1a0b9c8d',
  /** The same trip for one adult: quick to fill in booking-outcome tests. */
  single: '5c3b2a19-8e7d-4f6a-9b5c-4d3e2f1a0b9c',
  /** Two adults (duplicate-name checks). */
  pair: '6d4c3b2a-9f8e-4a7b-8c6d-5e4f3a2b1c0d',
  /** One adult who chose two checked bags on the results (the fare has one): the checkout adds one per leg. */
  bagsChosen: '8e5d4c3b-0a9f-4b8c-9d7e-6f5a4b3c2d1e',
} as const;

const AGENCY_TOKEN = 'mock-agency-token-2113855';

export function checkoutSession(sessionID: string) {
  const now = Date.now();
  const agency = sessionID === mockCheckoutSessionIds.agency;
  return sessionSchema.parse({
    sessionID,
    createdAt: new Date(now).toISOString(),
    lastActivityAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_IDLE_MINUTES * 60_000).toISOString(),
    flights: limCuzFlights,
    recommendation: limCuzRecommendation,
    searchParams: agency
      ? { ...limCuzSessionSearchParams, terminalId: '2113855', token: AGENCY_TOKEN }
      : sessionID === mockCheckoutSessionIds.single || sessionID === mockCheckoutSessionIds.pair || sessionID === mockCheckoutSessionIds.bagsChosen
        ? { ...limCuzSessionSearchParams, passengers: { adults: sessionID === mockCheckoutSessionIds.pair ? 2 : 1, children: 0, infants: 0 } }
        : limCuzSessionSearchParams,
    selectedFare: limCuzSelectedFare,
    ...(sessionID === mockCheckoutSessionIds.bagsChosen ? { chosenBags: { carryOn: 0, checked: 2 } } : {}),
  });
}

/** Every book request the mock received, in order (tests count them and read the bodies). */
export const mockBookRequests: BookingRequest[] = [];

function failure(statusCode: number, message: string, value: string, extra: Record<string, unknown> = {}): BookingResult {
  return { statusCode, error: { status: 409, code: statusCode, message, errors: [{ value }], ...extra } } as BookingResult;
}

/** The sandbox's outcome for a request (by the lead adult's last name); idempotent per key. */
function outcome(request: BookingRequest): BookingResult {
  const lastName = request.bookForm.passengers[0]?.lastName.toUpperCase() ?? '';
  const earlier = mockBookRequests.filter((other) => other.sessionID === request.sessionID && other.idempotencyKey !== request.idempotencyKey);
  const booked = { ...bookingResult, paymentDetails: { ...bookingResult.paymentDetails, providerCode: request.bookForm.payment } } as BookingResult;
  switch (lastName) {
    case 'DUPLICATE':
      return duplicateBookingResult as BookingResult;
    case 'UNAVAILABLE':
      return failure(1001, 'Segmentos no disponibles', 'Los segmentos ya no están disponibles.');
    case 'FARECHANGE':
      return request.repricing ? booked : (fareChangeResult as BookingResult);
    case 'BLOCKED':
      return failure(1007, 'Límite de intentos', 'Se alcanzó el límite de intentos.', { attempts: 3 });
    case 'INTERMITTENT':
      return earlier.length === 0 ? failure(1303, 'Intermitencia del proveedor', 'El proveedor no responde.') : booked;
    case 'UNEXPECTED':
      return failure(1003, 'Error inesperado', 'Error inesperado.');
    case 'ITERROR':
      return failure(402, 'Error de TI', 'Error de TI.');
    case 'WARNING':
      return failure(1500, 'Advertencia', 'El pasajero no puede viajar con esta tarifa.');
    case 'PAYME':
      return { ...booked, paymentDetails: { ...bookingResult.paymentDetails, providerCode: 119, url: '/sandbox/payme', pageToken: PAYME_PAGE_TOKEN } } as BookingResult;
    default:
      return booked;
  }
}

export const checkoutHandlers = [
  // The sandbox card vault: test cards decline, other valid numbers get a random token (never the number).
  http.post(`/api${SANDBOX_VAULT_PATH}`, async ({ request }) => {
    const card = cardTokenRequestSchema.safeParse(await request.json().catch(() => null));
    if (!card.success) return HttpResponse.json({ status: 400, code: errorCodes.badRequest, message: 'The request is not valid.', errors: [] }, { status: 400 });
    const digits = card.data.cardNumber.replace(/\D/g, '');
    const declined = SANDBOX_DECLINED_CARDS[digits];
    if (declined) return HttpResponse.json({ status: 402, code: CARD_DECLINED, message: 'The card was declined.', errors: [{ code: declined, value: declined }] }, { status: 402 });
    const brand = cardValidator.number(digits).card?.type ?? 'card';
    const token = `tok_sbx_${crypto.randomUUID().replaceAll('-', '')}`;
    return HttpResponse.json(cardTokenResponseSchema.parse({ status: 200, data: { token, brand, last4: cardLast4(digits) } }));
  }),
  http.get('/api/sessions', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    // Other ids fall through to the general session handler.
    if (!(Object.values(mockCheckoutSessionIds) as string[]).includes(id)) return undefined;
    return HttpResponse.json(getSessionResponseSchema.parse({ status: 200, personalData: 'full', data: checkoutSession(id) }));
  }),
  http.post('/api/flights/book', async ({ request }) => {
    const body = bookingRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) {
      const errors = body.error.issues.map((issue) => ({ path: `json.${issue.path.join('.')}`, value: issue.message }));
      return HttpResponse.json({ status: 400, code: errorCodes.badRequest, message: 'The request is not valid.', errors }, { status: 400 });
    }
    const result = outcome(body.data);
    mockBookRequests.push(body.data);
    return HttpResponse.json(bookingResponseSchema.parse({ status: 200, data: result }));
  }),
];
