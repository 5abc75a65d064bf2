import type { z } from 'zod';
import { bookingResponseSchema, type BookingRequestInput, type BookingResult, type BookingSuccess, type PassengerInput, type StoredCard } from '../../../src/contract/checkout.ts';
import { cardTokenResponseSchema, SANDBOX_VAULT_PATH } from '../../../src/contract/card-vault.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import { PAYPAL_CAPTURE_PATH, PAYPAL_ORDER_PATH, payPalCaptureResponseSchema, payPalOrderResponseSchema } from '../../../src/contract/paypal.ts';
import { saveSessionResponseSchema, SESSION_KEY_HEADER } from '../../../src/contract/session.ts';
import { searchResponseFromWireSchema, type Recommendation } from '../../../src/contract/search.ts';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../src/server/deps.ts';
import { bookings, mailOutbox, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { startTestApi } from '../../support/server.ts';
import { ownerKeyOf } from '../../support/credentials.ts';

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** Lima–Cusco round trip for two adults, a child and an infant (the checkout fixtures' family). */
export const familySearch = {
  terminalId: '9132868',
  flightType: 'RT' as const,
  itinerary: [
    { origin: 'LIM', destination: 'CUZ', date: '2026-12-18' },
    { origin: 'CUZ', destination: 'LIM', date: '2026-12-26' },
  ],
  passengers: { adults: 2, children: 1, infants: 1 },
};

/** For one test file: the API on a fresh database, and the family search's LATAM NDC (107) offer. */
export function useLatamNdcOffer(overrides: Partial<AppDeps> = {}): { api: TestApi; offer: Recommendation } {
  const world = {} as { api: TestApi; offer: Recommendation };
  beforeAll(async () => {
    world.api = await startTestApi(overrides);
    world.offer = (await searchOffers(world.api)).find((candidate) => candidate.pos.systemProviderCode === 107)!;
  });
  afterAll(() => world.api.close());
  return world;
}

export async function searchOffers(api: TestApi, search: Record<string, unknown> = familySearch): Promise<Recommendation[]> {
  const response = await api.json('/api/flights/search', search);
  return searchResponseFromWireSchema.parse(await response.json()).data;
}

/** A new session with `parts` (POST /api/sessions/save); its owner key is kept (tests/support/credentials.ts). */
export async function newSession(api: TestApi, parts: unknown = {}): Promise<string> {
  const response = await api.json('/api/sessions/save', parts);
  return saveSessionResponseSchema.parse(await response.json()).sessionID;
}

export { ownerKeyOf };

/** The X-Session-Key header of a session's owner (its creator). */
export const ownerHeaders = (sessionId: string) => ({ [SESSION_KEY_HEADER]: ownerKeyOf(sessionId) });

/** The browser's save into a session it created: with the session's owner key. */
export function saveToSession(api: TestApi, sessionId: string, parts: unknown) {
  return api.app.request(`/api/sessions/save?id=${sessionId}`, { method: 'POST', body: JSON.stringify(parts), headers: { 'content-type': 'application/json', ...ownerHeaders(sessionId) } });
}

/** The browser's read of a session it created: personal data in full. */
export function readOwnSession(api: TestApi, sessionId: string) {
  return api.app.request(`/api/sessions?id=${sessionId}`, { headers: ownerHeaders(sessionId) });
}

/** The chosen flights of an offer: the first flight of each leg. */
export const flightsOf = (offer: Recommendation) => offer.itinerary.map((leg) => leg.flights[0]!);

/** A valid consumer booking of `offer` on a fresh session (payment 102, contact, insurance plan 2). */
export async function bookingFor(api: TestApi, offer: Recommendation, overrides: Partial<BookingRequestInput> = {}, search = familySearch): Promise<BookingRequestInput> {
  const sessionID = await newSession(api);
  return {
    ...fx.bookingRequest,
    sessionID,
    idempotencyKey: crypto.randomUUID(),
    flights: flightsOf(offer),
    recommendation: offer,
    searchParams: search,
    selectedFare: null,
    selectedExtras: undefined,
    seats: [],
    bookForm: { ...fx.bookingRequest.bookForm, coupon: undefined, insurance: { ...fx.insuranceSelection, productId: 'ASSIST-PLUS' } },
    ...overrides,
  };
}

/** Replaces the lead adult's last name: the sandbox's booking scenarios (docs/sandbox.md). */
export function withLeadLastName(request: BookingRequestInput, lastName: string): BookingRequestInput {
  const [lead, ...rest] = request.bookForm.passengers as PassengerInput[];
  return { ...request, bookForm: { ...request.bookForm, passengers: [{ ...lead!, lastName }, ...rest] } };
}

export function withPassengers(request: BookingRequestInput, update: (passengers: PassengerInput[]) => PassengerInput[]): BookingRequestInput {
  return { ...request, bookForm: { ...request.bookForm, passengers: update([...(request.bookForm.passengers as PassengerInput[])]) } };
}

export async function book(api: TestApi, request: unknown): Promise<{ status: number; result: BookingResult; body: unknown; retryAfter: string | null }> {
  const response = await api.json('/api/flights/book', request);
  const body = (await response.json()) as unknown;
  const retryAfter = response.headers.get('retry-after');
  if (response.status !== 200) return { status: response.status, result: null as never, body, retryAfter };
  return { status: 200, result: bookingResponseSchema.parse(body).data, body, retryAfter };
}

/**
 * Books as the browser does (checkout-api bookCheckout): a 409 BOOKING_IN_PROGRESS is sent again, the
 * same request, after its Retry-After, until another answer comes. `waited` counts the 409s.
 */
export async function bookLikeTheClient(api: TestApi, request: unknown): Promise<Awaited<ReturnType<typeof book>> & { waited: number }> {
  for (let waited = 0; ; waited++) {
    const answer = await book(api, request);
    if (answer.status !== 409 || (answer.body as { code?: unknown }).code !== 'BOOKING_IN_PROGRESS') return { ...answer, waited };
    await new Promise((resolve) => setTimeout(resolve, Number(answer.retryAfter ?? 1) * 1000));
  }
}

/** A card as the checkout holds it: tokenised by the sandbox vault (only token, brand and last four). */
export async function sandboxCard(api: TestApi, cardNumber = '4111 1111 1111 1111'): Promise<StoredCard> {
  const response = await api.json(`/api${SANDBOX_VAULT_PATH}`, { cardNumber, expirationDate: '12/30', securityCode: '123' });
  return cardTokenResponseSchema.parse(await response.json()).data;
}

export type ApiErrorBody = { status: number; code: string | number; message: string; errors: Array<{ path?: string; value: string }> };
export type BookingRequestOf = z.input<typeof bookingResponseSchema>;

/** A browser's form post (a provider page's buttons), as fetch init. */
export const postedForm = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export type BookForm = BookingRequestInput['bookForm'];

/**
 * A booking of the first family offer under a distinct lead name, its book form changed by `change` (the
 * payment method, a card…); throws unless the booking is made, so a payment test starts from a real order.
 */
export async function bookPaying(api: TestApi, lastName: string, change: (form: BookForm) => BookForm): Promise<BookingSuccess> {
  const [offer] = await searchOffers(api);
  const request = withLeadLastName(await bookingFor(api, offer!), lastName);
  const { status, result, body } = await book(api, { ...request, bookForm: change(request.bookForm) });
  if (status !== 200 || result.statusCode !== 1) throw new Error(`The booking was not made: ${status} ${JSON.stringify(body)}`);
  return result as BookingSuccess;
}

/** A booking's payment order and booking status as stored, and how many payment-status mails it has. */
export async function paymentStateOf(api: TestApi, booked: BookingSuccess) {
  const [row] = await api.deps.db.select({ order: paymentOrders, booking: bookings }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, booked.paymentDetails.orderNumber));
  const mails = await api.deps.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.bookingId, row!.booking.id));
  return { order: row!.order.status, booking: row!.booking.status, statusMails: mails.filter((mail) => mail.kind === 'payment-status').length };
}

/** A PayPal (139) booking of the first family offer, under a distinct lead name. */
export const bookWithPayPal = (api: TestApi, lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment: 139 }));

/** The booking's order and its page token, as the traveller's pages send them. */
export const pageAccess = (booked: BookingSuccess) => ({ orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken! });

/** The app's PayPal order for a booking (POST PAYPAL_ORDER_PATH): the approval address the payer is sent to. */
export async function startPayPalPayment(api: TestApi, booked: BookingSuccess, language: 'es' | 'en' = 'es'): Promise<string> {
  const response = await api.json(`/api${PAYPAL_ORDER_PATH}`, { ...pageAccess(booked), language });
  if (response.status !== 200) throw new Error(`The PayPal order was answered ${response.status}: ${await response.text()}`);
  return payPalOrderResponseSchema.parse(await response.json()).data.approveUrl;
}

/** The app's capture of the booking's PayPal order (POST PAYPAL_CAPTURE_PATH): the payment as it answers it. */
export async function capturePayPal(api: TestApi, booked: BookingSuccess) {
  const response = await api.json(`/api${PAYPAL_CAPTURE_PATH}`, pageAccess(booked));
  if (response.status !== 200) throw new Error(`The PayPal capture was answered ${response.status}: ${await response.text()}`);
  return payPalCaptureResponseSchema.parse(await response.json()).data.payment;
}
