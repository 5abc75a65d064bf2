import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatMapResponseSchema, type BookingFailure, type BookingSuccess } from '../../../src/contract/checkout.ts';
import { getSessionResponseSchema } from '../../../src/contract/session.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import { bookingAttempts, bookings, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, familySearch, searchOffers, withLeadLastName, type TestApi } from './support.ts';

let api: TestApi;
let offers: Recommendation[];
let offer: Recommendation;
beforeAll(async () => {
  api = await startTestApi();
  offers = await searchOffers(api);
  offer = offers.find((candidate) => candidate.pos.systemProviderCode === 107)!;
});
afterAll(() => api.close());

const success = (result: unknown) => result as BookingSuccess;
const failed = (result: unknown) => result as BookingFailure;
/** The family checkout's total at an airfare: − US$ 10 for paying 102 (the terminal's discount) + insurance plan 2 (2.90 × 9 days × 4 passengers). */
const summaryOfFamilyAt = (fare: number) => Math.round((fare - 10 + 26.1 * 4) * 100) / 100;

describe('booking a consumer checkout', () => {
  it('books, stores booking and payment order, and writes the booking into the session in the same step', async () => {
    const request = await bookingFor(api, offer);
    const { status, result } = await book(api, request);
    expect(status).toBe(200);
    const booked = success(result);
    expect(booked.statusCode).toBe(1);
    expect(booked.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(booked.orderID.id).toMatch(/^ORD-20261121-\d{6,}$/);
    // PagoEfectivo (102) must be paid within 6 hours: 15:00Z + 6 h = 16:00 in Lima.
    expect(booked.ticketingTimeLimit).toBe('2026-11-21T16:00:00-05:00');
    const expected = summaryOfFamilyAt(offer.pricing.total);
    expect(booked.paymentDetails).toMatchObject({ totalAmount: expected, status: 2, providerCode: 102 });
    // Its page is its CIP's, made when the payment tab asks for it; the order's token opens that call.
    expect(booked.paymentDetails.url).toBeNull();
    expect(booked.paymentDetails.pageToken).toMatch(/^[\w-]{40,}$/);
    expect(booked.attemps).toBe(1);

    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey));
    expect(row).toMatchObject({ status: 2, pnr: booked.pnr, orderId: booked.orderID.id, paymentOrderNumber: booked.paymentDetails.orderNumber, totalAmount: expected, paymentProviderCode: 102 });
    expect(row?.passengers).toEqual([
      { type: 'ADT', firstName: 'Lucía', lastName: 'Quispe Mamani' },
      { type: 'ADT', firstName: 'Carlos', lastName: 'Huamán Torres' },
      { type: 'CHD', firstName: 'Mateo', lastName: 'Huamán Quispe' },
      { type: 'INF', firstName: 'Valentina', lastName: 'Huamán Quispe' },
    ]);
    const [order] = await api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booked.paymentDetails.orderNumber));
    expect(order).toMatchObject({ status: 'PP', amount: expected, providerCode: 102, currency: 'USD' });
    expect(order?.expiresAt.toISOString()).toBe('2026-11-21T21:00:00.000Z');

    const session = getSessionResponseSchema.parse(await (await api.request(`/api/sessions?id=${request.sessionID}`)).json()).data;
    expect(session.booking).toMatchObject({ statusCode: 1, pnr: booked.pnr });
    expect(session.paymentWasProcessed).toBe(false);
    expect(session.bookForm?.passengers).toHaveLength(4);
  });

  it('answers 1000 when the same passengers are already booked on the same route and dates, and for the DUPLICATE scenario', async () => {
    const again = await bookingFor(api, offer);
    const { result } = await book(api, again);
    expect(failed(result)).toMatchObject({ statusCode: 1000, error: { code: 1000, status: 409 } });
    expect(failed(result).error.errors[0]?.value).toMatch(/mismos pasajeros/);
    const scenario = await book(api, withLeadLastName(await bookingFor(api, offer), 'Duplicate'));
    expect(scenario.result.statusCode).toBe(1000);
  });

  it('answers 1001 when segments are no longer available, and 1007 once three same-route attempts were made', async () => {
    const unavailable = withLeadLastName(await bookingFor(api, offer), 'Unavailable');
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { result } = await book(api, { ...unavailable, idempotencyKey: crypto.randomUUID() });
      expect(result.statusCode).toBe(1001);
    }
    const { result } = await book(api, { ...unavailable, idempotencyKey: crypto.randomUUID() });
    expect(failed(result)).toMatchObject({ statusCode: 1007, error: { code: 1007, attempts: 3 } });
    const rows = await api.deps.db.select().from(bookings).where(eq(bookings.sessionId, unavailable.sessionID));
    expect(rows).toEqual([]);
    const blocked = await book(api, withLeadLastName(await bookingFor(api, offer), 'Blocked'));
    expect(blocked.result.statusCode).toBe(1007);
  });

  it('answers 1002 with old and new totals, per-passenger prices and the legs table, then books at the new fare with repricing', async () => {
    const request = withLeadLastName(await bookingFor(api, offer), 'Farechange');
    const { result } = await book(api, request);
    const fareChange = failed(result).error.fareChange!;
    expect(result.statusCode).toBe(1002);
    // Totals as paid (issue 37): the checkout summary's sum at the old and the new fare, not the bare airfare.
    const summaryAt = summaryOfFamilyAt;
    expect(fareChange.oldTotal).toBe(summaryAt(offer.pricing.total));
    expect(fareChange.newTotal).toBeGreaterThan(fareChange.oldTotal);
    expect(fareChange.difference).toBeCloseTo(fareChange.newTotal - fareChange.oldTotal, 2);
    expect(fareChange.passengers.map((row) => [row.type, row.quantity])).toEqual([['ADT', 2], ['CHD', 1], ['INF', 1]]);
    const adults = fareChange.passengers[0]!;
    expect(adults.old).toEqual({ base: offer.pricing.passengers.adults.base, taxes: offer.pricing.passengers.adults.taxes, total: offer.pricing.passengers.adults.total });
    expect(adults.new.base).toBeGreaterThan(adults.old.base);
    expect(fareChange.rows).toEqual(
      offer.itinerary.map((leg) => ({
        origin: leg.flights[0]!.segments[0]!.departureAirport.code,
        destination: leg.flights[0]!.segments.at(-1)!.arrivalAirport.code,
        fareFamily: leg.flights[0]!.brandedFare?.name ?? 'Standard',
        baggagePieces: leg.flights[0]!.baggage.pieces,
        // Not a VV flight: its baggage is applied unless it has none (spec 3 §5).
        baggageApplied: leg.flights[0]!.baggage.pieces !== 0,
      })),
    );
    const accepted = await book(api, { ...request, idempotencyKey: crypto.randomUUID(), repricing: true });
    const booked = success(accepted.result);
    expect(booked.statusCode).toBe(1);
    expect(booked.attemps).toBe(2);
    // What is charged is the dialog's new total, to the cent.
    expect(booked.paymentDetails.totalAmount).toBe(fareChange.newTotal);
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, booked.pnr));
    expect(row?.totals?.total).toBe(fareChange.newTotal);
    expect(fareChange.newTotal).toBe(summaryAt(row!.totals!.fare));
  });

  it('answers 1002 for an offer the provider now prices higher (SBXFARECHANGE) and books it once accepted', async () => {
    const search = { ...familySearch, corporateCode: 'SBXFARECHANGE' };
    const [changing] = (await searchOffers(api, search)).filter((candidate) => candidate.pos.systemProviderCode === 107);
    // Other travellers: the family above already holds this route and these dates.
    const request = withLeadLastName(await bookingFor(api, changing!, {}, search), 'Paredes');
    const { result } = await book(api, request);
    expect(result.statusCode).toBe(1002);
    const fareChange = failed(result).error.fareChange!;
    expect(fareChange.oldTotal).toBe(summaryOfFamilyAt(changing!.pricing.total));
    const accepted = await book(api, { ...request, idempotencyKey: crypto.randomUUID(), repricing: true });
    expect(accepted.result.statusCode).toBe(1);
    expect(success(accepted.result).paymentDetails.totalAmount).toBe(fareChange.newTotal);
  });

  it('answers 1303 on provider intermittence and books on the retry without repricing', async () => {
    const request = withLeadLastName(await bookingFor(api, offer), 'Intermittent');
    const first = await book(api, request);
    expect(failed(first.result)).toMatchObject({ statusCode: 1303, error: { code: 1303 } });
    // The client retries the same checkout; the failed attempt left nothing under the key.
    const retry = await book(api, request);
    expect(retry.result.statusCode).toBe(1);
    expect(success(retry.result).attemps).toBe(2);
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey));
    const [attempts] = await api.deps.db.select().from(bookingAttempts).where(eq(bookingAttempts.fingerprint, row!.fingerprint));
    expect(attempts).toMatchObject({ attempts: 2, lastStatusCode: 1 });
  });

  it('refuses a seat that is already taken (7C) without booking', async () => {
    const request = withLeadLastName(await bookingFor(api, offer), 'Asientos');
    const seat = { row: 7, column: 'C', indexSegment: 0, passenger: { id: 'PAX1', passengerTypeCode: 'ADT' }, offerItemID: 'S0-7C-PAX1', price: 6 };
    const { result } = await book(api, { ...request, seats: [seat] });
    expect(failed(result)).toMatchObject({ statusCode: 409, error: { code: 'SEAT_TAKEN' } });
    expect(failed(result).error.errors[0]?.value).toContain('Este asiento ya está asignado');
    // Another free seat of the outbound map.
    const map = seatMapResponseSchema.parse(
      await (await api.json('/api/flights/seats', { recommendation: offer, searchParams: request.searchParams, flights: request.flights, engine: request.engine, sessionID: request.sessionID })).json(),
    ).data;
    const free = map.segments[0]!.rows.flatMap((row) => row.offerItems).find((item) => item.paxID === 'PAX1' && item.seat !== '7C')!;
    const other = { row: Number(free.seat.slice(0, -1)), column: free.seat.slice(-1), offerItemID: free.id };
    const ok = await book(api, { ...request, idempotencyKey: crypto.randomUUID(), seats: [{ ...seat, ...other, price: 0 }] });
    // Seat prices come from the supplier: a seat sent at 0 costs at least the standard seat price.
    const booked = success(ok.result);
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, booked.pnr));
    expect(row?.totals?.seats).toBeGreaterThan(0);
  });
});
