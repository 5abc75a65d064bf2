import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../src/contract/checkout.ts';
import { manageBookingResponseSchema } from '../../src/contract/manage-booking.ts';
import { getSessionResponseSchema } from '../../src/contract/session.ts';
import { bookings, sessions } from '../../src/server/db/schema/index.ts';
import {
  clearExpiredIdempotencyKeys,
  deleteExpiredSessions,
  PASSENGER_PERSONAL_FIELDS,
  runSessionRetention,
  stripPersonalDataOfBookedSessions,
} from '../../src/server/services/session-retention.ts';
import { startTestApi } from '../support/server.ts';
import { book, bookingFor, flightsOf, newSession, readOwnSession, saveToSession, useLatamNdcOffer, withLeadLastName, type TestApi } from './checkout/support.ts';
import type { Recommendation } from '../../src/contract/search.ts';

const world = useLatamNdcOffer();

/** A PagoEfectivo (102) booking of the family offer, chosen on results as a browser does; `lastName` keeps travellers apart. */
async function madeBooking(api: TestApi, offer: Recommendation, lastName: string) {
  const request = withLeadLastName(await bookingFor(api, offer), lastName);
  const saved = await saveToSession(api, request.sessionID, { flights: flightsOf(offer), recommendation: offer, searchParams: request.searchParams });
  expect(saved.status).toBe(200);
  const booked = await book(api, request);
  expect(booked.result.statusCode).toBe(1);
  return { sessionId: request.sessionID, idempotencyKey: request.idempotencyKey, booking: booked.result as BookingSuccess };
}

async function storedIds(api: TestApi, ids: string[]): Promise<string[]> {
  const rows = await api.deps.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
  return rows.map((row) => row.id).sort();
}

async function storedData(api: TestApi, id: string) {
  const [row] = await api.deps.db.select().from(sessions).where(eq(sessions.id, id));
  return row?.data;
}

/** Two runs at once, as two processes would: together they do the work once. */
async function concurrently(run: () => Promise<number>): Promise<number> {
  const counts = await Promise.all([run(), run()]);
  return counts[0]! + counts[1]!;
}

describe('session retention over a backlog', () => {
  it('works through more sessions than one batch with three runs at once: each expired session is deleted once, the live ones stay', async () => {
    const api = await startTestApi();
    try {
      const old = new Date(api.deps.now().getTime() - 2 * 3_600_000);
      const expired = Array.from({ length: 1_100 }, () => ({ id: crypto.randomUUID(), data: {}, createdAt: old, lastActivityAt: old }));
      await api.deps.db.insert(sessions).values(expired);
      const live = await newSession(api);
      const counts = await Promise.all([runSessionRetention(api.deps), runSessionRetention(api.deps), runSessionRetention(api.deps)]);
      expect(counts.reduce((sum, count) => sum + count.deletedSessions, 0)).toBe(1_100);
      expect((await api.deps.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual([live]);
      expect(await runSessionRetention(api.deps)).toEqual({ deletedSessions: 0, strippedSessions: 0, clearedIdempotencyKeys: 0 });
    } finally {
      await api.close();
    }
  });
});

describe('session retention', () => {
  it('deletes sessions past their idle limit or their lifetime that have no booking; keeps live ones and those with a booking; a second run deletes nothing', async () => {
    const { api, offer } = world;
    const { sessionId: booked } = await madeBooking(api, offer, 'Huaman');
    const idle = await newSession(api);
    const pollingSince = await newSession(api);
    api.clock.advanceMinutes(31);
    // Past the idle limit, but within the grace a booking started at its last moment has to claim its row.
    await deleteExpiredSessions(api.deps);
    expect(await storedIds(api, [idle])).toEqual([idle]);

    api.clock.advanceMinutes(5);
    const live = await newSession(api);
    expect(await concurrently(() => deleteExpiredSessions(api.deps))).toBeGreaterThanOrEqual(2);
    expect(await storedIds(api, [booked, idle, pollingSince, live])).toEqual([booked, live].sort());
    expect(await deleteExpiredSessions(api.deps)).toBe(0);

    // A session kept alive by reads every 20 minutes goes once its lifetime (24 h) and the grace are over.
    for (let minutes = 0; minutes < 24 * 60; minutes += 20) {
      api.clock.advanceMinutes(20);
      expect((await api.request(`/api/sessions?id=${live}`)).status, `read after ${minutes + 20} minutes`).toBe(200);
    }
    api.clock.advanceMinutes(20);
    expect((await api.request(`/api/sessions?id=${live}`)).status).toBe(410);
    expect(await storedIds(api, [live])).toEqual([live]);
    api.clock.advanceMinutes(5);
    expect(await deleteExpiredSessions(api.deps)).toBeGreaterThanOrEqual(1);
    expect(await storedIds(api, [booked, live])).toEqual([booked]);
  });

  it('strips documents, phones and birthdates from a booked session once its checkout window is over; names, e-mails, the booking and what manage my booking reads stay', async () => {
    const { api, offer } = world;
    const { sessionId, booking } = await madeBooking(api, offer, 'Condori Ttito');
    const lead = 'Condori Ttito';
    const before = await storedData(api, sessionId);
    expect(before?.bookForm?.passengers.every((passenger) => passenger.birthdate.year > 1900)).toBe(true);
    expect(before?.bookForm?.contact?.phoneNumber).toBeTruthy();
    // What the booking stored reads back through the strict contract (the confirmation page's read).
    const read = await readOwnSession(api, sessionId);
    expect(read.status).toBe(200);
    expect(getSessionResponseSchema.safeParse(await read.json()).success).toBe(true);

    // Within the checkout window nothing is touched.
    api.clock.advanceMinutes(29);
    await stripPersonalDataOfBookedSessions(api.deps);
    expect(await storedData(api, sessionId)).toEqual(before);

    api.clock.advanceMinutes(2);
    expect(await concurrently(() => stripPersonalDataOfBookedSessions(api.deps))).toBeGreaterThanOrEqual(1);
    const after = await storedData(api, sessionId);
    const personal: readonly string[] = PASSENGER_PERSONAL_FIELDS;
    expect(after?.bookForm?.passengers.flatMap((passenger) => Object.keys(passenger).filter((key) => personal.includes(key)))).toEqual([]);
    expect(after?.bookForm?.contact).not.toHaveProperty('phoneNumber');
    expect(JSON.stringify(after)).not.toMatch(/birthdate|documentNumber|phoneNumber/);
    // Names, contact e-mail, the booking, its flights and offer are kept.
    expect(after?.bookForm?.passengers.map((passenger) => [passenger.firstName, passenger.lastName])).toEqual(
      before?.bookForm?.passengers.map((passenger) => [passenger.firstName, passenger.lastName]),
    );
    expect(after?.bookForm?.contact?.email).toBe(before?.bookForm?.contact?.email);
    expect(after?.booking).toEqual(before?.booking);
    expect(after?.flights).toEqual(before?.flights);
    expect(after?.recommendation).toEqual(before?.recommendation);

    // A second run changes nothing.
    expect(await stripPersonalDataOfBookedSessions(api.deps)).toBe(0);
    expect(await storedData(api, sessionId)).toEqual(after);

    // Manage my booking still finds it, with the names and itinerary, and no document or phone left to show.
    const lookup = await api.json('/api/bookings/lookup', { pnr: booking.pnr, lastName: lead });
    expect(lookup.status).toBe(200);
    const view = manageBookingResponseSchema.parse(await lookup.json()).data;
    expect(view.travellers[0]).toMatchObject({ lastName: lead, documentNumber: null });
    expect(view.contact.phone).toBeNull();
    expect(view.itinerary.length).toBeGreaterThan(0);
  });

  it('leaves the parts of a session without a made booking as they are (deleting it is the other rule’s work)', async () => {
    const { api } = world;
    const plain = await newSession(api);
    await saveToSession(api, plain, { searchParams: { terminalId: '9132868', flightType: 'OW', itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-18' }], passengers: { adults: 1, children: 0, infants: 0 } } });
    const before = await storedData(api, plain);
    api.clock.advanceMinutes(31);
    await stripPersonalDataOfBookedSessions(api.deps);
    expect(await storedData(api, plain)).toEqual(before);
  });

  it('clears idempotency keys of bookings claimed more than 24 h ago; the booking stays and a second run clears nothing', async () => {
    const { api, offer } = world;
    const { sessionId, idempotencyKey, booking } = await madeBooking(api, offer, 'Quispe Mayta');
    const keyOf = async () => (await api.deps.db.select().from(bookings).where(eq(bookings.sessionId, sessionId)))[0];
    expect((await keyOf())?.idempotencyKey).toBe(idempotencyKey);

    api.clock.advanceMinutes(23 * 60);
    await clearExpiredIdempotencyKeys(api.deps);
    expect((await keyOf())?.idempotencyKey).toBe(idempotencyKey);

    api.clock.advanceMinutes(61);
    expect(await concurrently(() => clearExpiredIdempotencyKeys(api.deps))).toBeGreaterThanOrEqual(1);
    const row = await keyOf();
    expect(row?.idempotencyKey).toBeNull();
    expect(row).toMatchObject({ pnr: booking.pnr, orderId: booking.orderID.id });
    expect(row?.result).toEqual(booking);
    expect(await clearExpiredIdempotencyKeys(api.deps)).toBe(0);
  });
});
