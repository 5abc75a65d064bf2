/**
 * The booking mails' outbox (issue 12). `enqueueBookingMail` writes the finished mail (words, HTML,
 * calendar file) as a row inside the caller's transaction: the mail exists exactly when the fact it
 * tells was committed, and its dedupe key makes a repeated enqueue the same row.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { PaymentProvider } from '../../contract/checkout.ts';
import type { Language } from '../../contract/common.ts';
import { errorCodes } from '../../contract/common.ts';
import { bookingLinkPath } from '../../contract/manage-booking.ts';
import { paymentTabOf } from '../../../machines/booking-confirmation.rules.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bookings, mailOutbox, paymentOrders, sessions, type BookingMailKind } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { issueBookingLinkToken } from '../domain/booking-link.ts';
import { ApiFailure } from '../errors.ts';
import { pagoEfectivoCipForMail } from '../payments/pagoefectivo.ts';
import { providerNameIn } from './texts.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { airportDescriptionIn } from '../supply/place-names.ts';
import type { Flight } from '../../contract/search.ts';
import { itineraryOf } from '../services/manage-booking.ts';
import { refundsDueOf } from '../services/refunds-due.ts';
import { itineraryCalendar } from './calendar.ts';
import { renderBookingMail, type BookingMailFacts } from './content.ts';

/** The clock and link secret; PagoEfectivo's configuration (and db) to make a CIP the mail tells. */
export type MailDeps = Pick<AppDeps, 'now' | 'bookingLinkSecret' | 'db' | 'pagoEfectivo' | 'sandboxPaymentSecret'>;

export interface EnqueueBookingMailRequest {
  bookingId: string;
  kind: BookingMailKind;
  /**
   * The traveller's language. Omitted: the language of the booking's earlier mails (the traveller
   * booked in it), else Spanish.
   */
  language?: Language | undefined;
}

/** The absolute address of the app in mails (env PUBLIC_URL), without a trailing slash. */
export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}

/** A CIP's page as a mail link: PagoEfectivo's as it is; the sandbox's (a path on this server) absolute and in the mail's language, as the payment tab opens it. */
const cipPageUrl = (url: string, language: Language) => (/^https?:\/\//.test(url) ? url : `${publicBaseUrl()}${url}${url.includes('?') ? '&' : '?'}lang=${language}`);

async function languageOfEarlierMails(tx: Transaction | Database, bookingId: string): Promise<Language | undefined> {
  const [earlier] = await tx.select({ language: mailOutbox.language }).from(mailOutbox).where(and(eq(mailOutbox.bookingId, bookingId), ne(mailOutbox.kind, 'refund-due'))).orderBy(asc(mailOutbox.createdAt)).limit(1);
  return earlier?.language;
}

/**
 * Writes the booking's mail of that kind into the outbox, in `tx` (the caller's transaction), unless
 * one with the same dedupe key (booking + kind, + the order status for payment status mails) exists.
 * Reads everything it tells from the database. Returns the mail's id and whether this call created
 * it; null for a booking not made yet (no PNR), which has nothing to tell. A booking that does not
 * exist is a 404.
 */
/** The flights with their airports described in the mail's language (issue 37: no English names in a Spanish mail or its .ics). */
function withAirportsIn(flights: Flight[], language: Language): Flight[] {
  const { airports } = airportCatalogue();
  const described = (place: Flight['segments'][number]['departureAirport']) => {
    const airport = airports.get(place.code);
    return airport ? { ...place, description: airportDescriptionIn(airport, language) } : place;
  };
  return flights.map((flight) => ({ ...flight, segments: flight.segments.map((segment) => ({ ...segment, departureAirport: described(segment.departureAirport), arrivalAirport: described(segment.arrivalAirport) })) }));
}

export async function enqueueBookingMail(
  tx: Transaction | Database,
  deps: MailDeps,
  request: EnqueueBookingMailRequest,
): Promise<{ id: string; created: boolean } | null> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, request.bookingId));
  if (!booking) throw new ApiFailure(404, errorCodes.notFound, `No booking has the id ${request.bookingId}.`);
  if (!booking.pnr) return null;
  const [order] = booking.paymentOrderNumber ? await tx.select().from(paymentOrders).where(eq(paymentOrders.number, booking.paymentOrderNumber)) : [];
  const orderStatus = order?.status ?? null;
  const dedupeKey = [booking.id, request.kind, ...(request.kind === 'payment-status' ? [orderStatus ?? String(booking.status)] : [])].join(':');
  const [existing] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
  if (existing) return { id: existing.id, created: false };

  const [session] = await tx.select({ data: sessions.data }).from(sessions).where(eq(sessions.id, booking.sessionId));
  const language = request.language ?? (await languageOfEarlierMails(tx, booking.id)) ?? 'es';
  const flights = withAirportsIn(itineraryOf(session?.data ?? {}), language);
  // PagoEfectivo is paid by its CIP, not by the order number: the mails that ask for payment tell it,
  // made now if the payment tab has not asked for it yet, or say it is on the booking's page.
  const asksForCip = booking.paymentProviderCode === PaymentProvider.pagoEfectivo && request.kind !== 'payment-status' && order?.status === 'PP';
  const cip = asksForCip ? await pagoEfectivoCipForMail(tx, deps, order.number) : null;
  const facts: BookingMailFacts = {
    kind: request.kind,
    language,
    pnr: booking.pnr,
    orderId: booking.orderId ?? '',
    passengers: booking.passengers,
    flights,
    totals: booking.totals ?? null,
    totalAmount: booking.totalAmount,
    paymentDeadline: order?.expiresAt ?? booking.ticketingTimeLimit,
    payment: {
      providerName: providerNameIn(language, booking.paymentProviderCode),
      kind: paymentTabOf(booking.paymentProviderCode),
      orderNumber: booking.paymentOrderNumber,
      orderStatus,
      ...(booking.paymentProviderCode === PaymentProvider.pagoEfectivo
        ? { cip: cip ? { code: cip.cip, amount: cip.amount, expiresAt: new Date(cip.expiresAt), url: cipPageUrl(cip.cipUrl, language) } : asksForCip ? 'onBookingPage' : 'none' }
        : {}),
    },
    // In the mail's language: the page opens as the traveller reads.
    extrasRefunds:
      request.kind === 'payment-status' ? (await refundsDueOf(tx, booking.id)).filter((due) => due.reason === 'booking-expired' || due.reason === 'booking-cancelled') : undefined,
    manageLink: `${publicBaseUrl()}${bookingLinkPath(issueBookingLinkToken(booking.id, deps.bookingLinkSecret))}?lang=${language}`,
  };
  const content = await renderBookingMail(facts);
  const at = deps.now();
  const id = randomUUID();
  const inserted = await tx
    .insert(mailOutbox)
    .values({
      id,
      bookingId: booking.id,
      kind: request.kind,
      dedupeKey,
      language,
      recipient: booking.contactEmail,
      ...content,
      ics: itineraryCalendar(flights, booking.pnr),
      nextAttemptAt: at,
      createdAt: at,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (inserted.length > 0) return { id, created: true };
  // Another transaction wrote the same mail between the check and the insert: that one is the mail.
  const [winner] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
  return { id: winner!.id, created: false };
}
