import { eq } from 'drizzle-orm';
import type { Language } from '../../../src/contract/common.ts';
import { bookings, mailOutbox, type BookingMailKind } from '../../../src/server/db/schema/index.ts';
import { enqueueBookingMail } from '../../../src/server/mail/outbox.ts';
import { book, bookingFor, flightsOf, saveToSession, withLeadLastName, type TestApi } from '../checkout/support.ts';
import type { Recommendation } from '../../../src/contract/search.ts';

/** A lead last name no other booking of the run has (letters only): the sandbox refuses a traveller's repeated bookings. */
const uniqueLastName = () => `Correo${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/**
 * A made booking of `offer` (cash, PagoEfectivo 102) in `language`, chosen on results as a browser
 * does, with its confirmation mail in the outbox as the booking's transaction writes it (enqueued
 * again here: a no-op where the booking service already did), and its row.
 */
export async function madeBooking(api: TestApi, offer: Recommendation, language: Language = 'es') {
  const request = withLeadLastName(await bookingFor(api, offer), uniqueLastName());
  await saveToSession(api, request.sessionID, { flights: flightsOf(offer), recommendation: offer, searchParams: request.searchParams });
  const booked = await book(api, { ...request, language });
  if (booked.status !== 200) throw new Error(`booking failed: ${JSON.stringify(booked.body)}`);
  const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID));
  await enqueueInTransaction(api, row!.id, 'booking-confirmed', language);
  return row!;
}

/** Enqueues a booking's mail in a transaction of its own, as the services do in theirs. */
export function enqueueInTransaction(api: TestApi, bookingId: string, kind: BookingMailKind = 'booking-confirmed', language?: Language) {
  return api.deps.db.transaction((tx) => enqueueBookingMail(tx, api.deps, { bookingId, kind, language }));
}

export async function mailsOf(api: TestApi, bookingId: string) {
  return api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId));
}
