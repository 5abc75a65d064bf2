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
import { book, bookingFor, flightsOf, saveToSession, withLeadLastName, type TestApi } from './checkout/support.ts';

/** A made order of the family offer (2 ADT, 1 CHD, 1 INF; LIM–CUZ–LIM on terminal 9132868) whose lead adult is `lastName`. */
export async function madeOrder(api: TestApi, offer: Recommendation, lastName: string): Promise<{ sessionId: string; booking: BookingSuccess }> {
  const request = withLeadLastName(await bookingFor(api, offer), lastName);
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

export async function purchase(api: TestApi, body: unknown) {
  const response = await api.json('/api/flights/bookSeats', body);
  const json = (await response.json()) as unknown;
  return { status: response.status, body: json, answer: response.status === 200 ? bookSeatsHttpResponseSchema.parse(json).data : null };
}

export async function setCredit(api: TestApi, accountId: string, creditLimit: number, debts = 0) {
  await api.deps.db.update(creditAccounts).set({ creditLimit, debts }).where(eq(creditAccounts.accountId, accountId));
}

export async function creditRow(api: TestApi, accountId: string) {
  const [row] = await api.deps.db.select().from(creditAccounts).where(eq(creditAccounts.accountId, accountId));
  return row!;
}

export type { StoredCard };
