import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BookingSuccess, StoredCard } from '../../src/contract/checkout.ts';
import {
  ancillariesByOrderIdResponseSchema,
  bookSeatsHttpResponseSchema,
  seatsResponseSchema,
  baggagesResponseSchema,
  type AncillariesPurchaseRequest,
  type OrderAncillariesResult,
} from '../../src/contract/postsale.ts';
import type { Recommendation } from '../../src/contract/search.ts';
import { creditAccounts } from '../../src/server/db/schema/index.ts';
import { afterAll, beforeAll } from 'vitest';
import type { BookingRequestInput } from '../../src/contract/checkout.ts';
import * as fx from '../../src/contract/fixtures/checkout.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { agencyTokenOf } from '../support/credentials.ts';
import { startTestApi } from '../support/server.ts';
import { book, bookingFor, familySearch, flightsOf, saveToSession, searchOffers, withLeadLastName, type TestApi } from './checkout/support.ts';

/**
 * The agency whose orders the post-sale tests buy extras for: its credit line pays only for its own agents
 * (issue 36), so the orders are Andes Travel's (terminal 2113855, line AG-ANDES), booked with its search token.
 */
export const AGENCY = { terminalId: '2113855', accountId: 'AG-ANDES' } as const;

export type AgencyWorld = { api: TestApi; offer: Recommendation; search: typeof familySearch & { token: string } };

/** For one test file: the API on a fresh database, and the agency's LATAM NDC (107) offer of the family search. */
export function useAgencyOffer(overrides: Partial<AppDeps> = {}): AgencyWorld {
  const world = {} as AgencyWorld;
  beforeAll(async () => {
    world.api = await startTestApi(overrides);
    world.search = { ...familySearch, terminalId: AGENCY.terminalId, token: agencyTokenOf(world.api.deps, AGENCY.terminalId) };
    world.offer = (await searchOffers(world.api, world.search)).find((candidate) => candidate.pos.systemProviderCode === 107)!;
  });
  afterAll(() => world.api.close());
  return world;
}

/** The agency's booking request of `offer` (book without payment, the agency's form) whose lead adult is `lastName`. */
export async function agencyBookingFor(api: TestApi, offer: Recommendation, lastName: string): Promise<BookingRequestInput> {
  const search = { ...familySearch, terminalId: AGENCY.terminalId, token: agencyTokenOf(api.deps, AGENCY.terminalId) };
  const request = withLeadLastName(await bookingFor(api, offer, {}, search), lastName);
  const { contact: _contact, ...form } = request.bookForm;
  return {
    ...request,
    engine: { id: AGENCY.terminalId },
    flightRules: { ...request.flightRules, authorizePersonalData: true },
    bookForm: { ...form, payment: 103, agencyInformation: fx.agencyForm, insurance: { passengersQuantity: 4, productSelected: 'none' } },
  };
}

/** A made order of the agency's family offer (2 ADT, 1 CHD, 1 INF; LIM–CUZ–LIM on terminal 2113855) whose lead adult is `lastName`. */
export async function madeOrder(api: TestApi, offer: Recommendation, lastName: string): Promise<{ sessionId: string; booking: BookingSuccess }> {
  const request = await agencyBookingFor(api, offer, lastName);
  await saveToSession(api, request.sessionID, { flights: flightsOf(offer), recommendation: offer, searchParams: request.searchParams });
  const booked = await book(api, request);
  expect(booked.result.statusCode).toBe(1);
  return { sessionId: request.sessionID, booking: booked.result as BookingSuccess };
}

export async function ancillariesOf(api: TestApi, orderId: string): Promise<OrderAncillariesResult> {
  const response = await api.json('/api/ancillaries/orderId', { orderId });
  expect(response.status).toBe(200);
  return ancillariesByOrderIdResponseSchema.parse(await response.json()).data.ancillaries;
}

export async function seatOfferOf(api: TestApi, airBook: unknown) {
  const response = await api.json('/api/flights/seats', { hasOrderId: true, airBook });
  expect(response.status).toBe(200);
  return seatsResponseSchema.parse(await response.json());
}

export async function bagsOf(api: TestApi, airBook: unknown) {
  const response = await api.json('/api/flights/baggages', { hasOrderId: true, airBook });
  expect(response.status).toBe(200);
  return baggagesResponseSchema.parse(await response.json()).data;
}

/** The free seats of a segment (offer items of PAX1), in map order. */
export function freeSeats(ancillaries: OrderAncillariesResult, segmentIndex = 0, paxId = 'PAX1') {
  return (ancillaries.seats.segments[segmentIndex]?.rows ?? []).flatMap((row) => row.offerItems.filter((item) => item.paxID === paxId).map((item) => ({ ...item, rowNumber: row.rowNumber })));
}

/** A seat choice as the page sends it. */
export function seatChoice(item: { id: string; seat: string; price: number; paxID: string }, indexSegment = 0) {
  const row = Number(item.seat.slice(0, -1));
  const column = item.seat.slice(-1);
  return { row, column, indexSegment, passengerSelected: { id: item.paxID, passengerTypeCode: 'ADT' as const }, offerItemID: item.id, price: item.price };
}

/** A purchase of the order: nothing chosen, both selections finished, on the credit line, unless `overrides` say otherwise. */
export function purchaseOf(ancillaries: OrderAncillariesResult, overrides: Partial<AncillariesPurchaseRequest> = {}): Record<string, unknown> {
  return {
    idempotencyKey: crypto.randomUUID(),
    transactionId: ancillaries.transactionId,
    airBook: ancillaries.airBook,
    seats: [],
    baggages: [],
    confirmed: { seats: true, baggages: true },
    paymentOption: 'CASH',
    paymentCard: null,
    authorization: null,
    invoice: null,
    isBusiness: false,
    ...overrides,
  };
}

/** A purchase as the buyer makes it; `answer` is the recorded outcome, `sessionKey` the outcome session's key handed to the buyer. */
export async function purchase(api: TestApi, body: unknown) {
  const response = await api.json('/api/flights/bookSeats', body);
  const json = (await response.json()) as unknown;
  if (response.status !== 200) return { status: response.status, body: json, answer: null, sessionKey: undefined };
  const { sessionKey, ...answer } = bookSeatsHttpResponseSchema.parse(json).data;
  return { status: response.status, body: json, answer, sessionKey };
}

export async function setCredit(api: TestApi, accountId: string, creditLimit: number, debts = 0) {
  await api.deps.db.update(creditAccounts).set({ creditLimit, debts }).where(eq(creditAccounts.accountId, accountId));
}

export async function creditRow(api: TestApi, accountId: string) {
  const [row] = await api.deps.db.select().from(creditAccounts).where(eq(creditAccounts.accountId, accountId));
  return row!;
}

export type { StoredCard };
