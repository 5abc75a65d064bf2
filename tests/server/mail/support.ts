import { eq } from 'drizzle-orm';
import type { Language } from '../../../src/contract/common.ts';
import { bookings, mailOutbox, type BookingMailKind } from '../../../src/server/db/schema/index.ts';
import { enqueueBookingMail } from '../../../src/server/mail/outbox.ts';
import { book, bookingFor, flightsOf, withLeadLastName, type TestApi } from '../checkout/support.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import type { BookingRequestInput } from '../../../src/contract/checkout.ts';

/** A lead last name no other booking of the run has (letters only): the sandbox refuses a traveller's repeated bookings. */
const uniqueLastName = () => `Correo${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** A made booking of `offer` (cash, PagoEfectivo 102, unless overridden), chosen on results as a browser does, and its row. */
export async function madeBooking(api: TestApi, offer: Recommendation, overrides: Partial<BookingRequestInput> = {}) {
  const request = withLeadLastName(await bookingFor(api, offer, overrides), uniqueLastName());
  await api.json(`/api/sessions/save?id=${request.sessionID}`, { flights: flightsOf(offer), recommendation: offer, searchParams: request.searchParams });
  const booked = await book(api, request);
  if (booked.status !== 200) throw new Error(`booking failed: ${JSON.stringify(booked.body)}`);
  const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID));
  return row!;
}

/** What the lead's booking transaction will do: enqueue the mail in a transaction of its own here. */
export function enqueueInTransaction(api: TestApi, bookingId: string, kind: BookingMailKind = 'booking-confirmed', language?: Language) {
  return api.deps.db.transaction((tx) => enqueueBookingMail(tx, api.deps, { bookingId, kind, language }));
}

export async function mailsOf(api: TestApi, bookingId: string) {
  return api.deps.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId));
}
