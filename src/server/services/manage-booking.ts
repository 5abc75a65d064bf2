/**
 * Manage my booking (issue 12): finds a made booking by PNR + a traveller's last name, or by its
 * signed link, and answers what the traveller needs (status, travellers, itinerary, price, deadline,
 * payment). Reads the booking row and its session's data; the session's idle limit does not apply:
 * it governs the checkout, not access to a made booking.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { PAYMENT_PROVIDER_NAMES, PROCESS_PAGE_PROVIDER_CODE, PaymentProvider, bookingPaymentStatusCodeSchema, type Passenger } from '../../contract/checkout.ts';
import { bookingLinkPath, manageBookingErrorCodes, normaliseLastName, type BookingLookupRequest, type ManageBookingView } from '../../contract/manage-booking.ts';
import { isNiubizCardProvider } from '../../contract/niubiz.ts';
import type { SessionData } from '../../contract/session.ts';
import { paymentFlowOf } from '../payments/registry.ts';
import { pageTokenSecret } from '../payments/page-token.ts';
import { paymentPageToken } from '../payments/sandbox.ts';
import { paymentTabOf } from '../../../machines/booking-confirmation.rules.ts';
import { bookings, paymentOrders, sessions } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { bookingIdOfLinkToken, issueBookingLinkToken } from '../domain/booking-link.ts';
import { issueBookingGrant } from '../domain/booking-grant.ts';
import type { BookingGrant, BookingGrantLevel } from '../../contract/access.ts';
import { maskEmail, maskTail } from '../domain/masking.ts';
import { ApiFailure } from '../errors.ts';
import { transitionPaymentOrder } from './order-lifecycle.ts';
import { extrasAfterBookingOf } from './postsale.ts';
import { refundsDueOf } from './refunds-due.ts';

type BookingRow = typeof bookings.$inferSelect;

const notCancellable = () => new ApiFailure(409, manageBookingErrorCodes.notCancellable, 'Only an unpaid booking within its payment deadline can be cancelled.');

/** One answer for a wrong PNR and a wrong last name: the caller learns nothing about which was wrong. */
const bookingNotFound = () => new ApiFailure(404, manageBookingErrorCodes.notFound, 'No booking has this record locator and last name.');

async function sessionDataOf(deps: AppDeps, sessionId: string): Promise<SessionData> {
  const [row] = await deps.db.select({ data: sessions.data }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.data ?? {};
}

/** The flights booked: the session's chosen flights, else the first flight of each leg of the chosen offer. */
export function itineraryOf(data: SessionData): ManageBookingView['itinerary'] {
  if (data.flights && data.flights.length > 0) return data.flights;
  return data.recommendation?.itinerary.map((leg) => leg.flights[0]!) ?? [];
}

async function viewOf(deps: AppDeps, booking: BookingRow, options: { masked: boolean }): Promise<ManageBookingView> {
  const data = await sessionDataOf(deps, booking.sessionId);
  const [order] = booking.paymentOrderNumber ? await deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booking.paymentOrderNumber)) : [];
  const { masked } = options;
  const formPassengers: Partial<Passenger>[] = data.bookForm?.passengers ?? [];
  const travellers = booking.passengers.map((passenger, index) => {
    const form = formPassengers[index];
    const documentNumber = form?.documentNumber ?? null;
    return {
      type: passenger.type,
      firstName: passenger.firstName,
      lastName: passenger.lastName,
      documentType: form?.documentType ?? null,
      documentNumber: documentNumber && masked ? maskTail(documentNumber) : documentNumber,
    };
  });
  const contact = data.bookForm?.contact;
  // The dial option is 'PE+51': the number travels with its dial code, which is no secret. Once the
  // checkout window is over the session keeps no phone (session-retention.ts): none is shown.
  const phoneNumber = (contact as { phoneNumber?: string } | undefined)?.phoneNumber;
  const phone = contact && phoneNumber ? `+${contact.countryCode.split('+')[1]} ${masked ? maskTail(phoneNumber) : phoneNumber}` : null;
  const email = contact?.email ?? booking.contactEmail;
  const deadline = order?.expiresAt ?? booking.ticketingTimeLimit;
  const payNow = order?.status === 'PP' && deadline !== null && deadline.getTime() > deps.now().getTime();
  return {
    pnr: booking.pnr!,
    orderId: booking.orderId!,
    masked,
    status: { booking: bookingPaymentStatusCodeSchema.parse(booking.status), paymentOrder: order?.status ?? null },
    travellers,
    contact: { email: masked ? maskEmail(email) : email, phone },
    itinerary: itineraryOf(data),
    currency: booking.currency,
    totalAmount: booking.totalAmount,
    totals: booking.totals ?? null,
    paymentDeadline: booking.ticketingTimeLimit?.toISOString() ?? null,
    payment: {
      providerCode: booking.paymentProviderCode,
      providerName: PAYMENT_PROVIDER_NAMES[booking.paymentProviderCode as keyof typeof PAYMENT_PROVIDER_NAMES] ?? String(booking.paymentProviderCode),
      kind: paymentTabOf(booking.paymentProviderCode),
      orderNumber: booking.paymentOrderNumber,
    },
    payNow,
    // The payment page is the session's: its id is only handed to whoever proved PNR + last name. PayMe
    // and the redirect providers (105, 106, 124) are paid on their page through /payment/process.
    payNowSessionId:
      payNow && !masked && (booking.paymentProviderCode === PROCESS_PAGE_PROVIDER_CODE || paymentFlowOf(deps, booking.paymentProviderCode) === 'providerPage') ? booking.sessionId : null,
    cardCheckout:
      payNow && !masked && order && isNiubizCardProvider(booking.paymentProviderCode) && paymentFlowOf(deps, booking.paymentProviderCode) === 'cardCheckout'
        ? { orderNumber: order.number, token: paymentPageToken(pageTokenSecret(deps), order.number), providerCode: booking.paymentProviderCode, amount: order.amount, checkoutLast4: booking.storedCard?.last4 ?? null }
        : null,
    pagoEfectivo:
      payNow && order && booking.paymentProviderCode === PaymentProvider.pagoEfectivo && paymentFlowOf(deps, booking.paymentProviderCode) === 'pagoEfectivo'
        ? { orderNumber: order.number, token: paymentPageToken(pageTokenSecret(deps), order.number) }
        : null,
    cancellable: payNow && !masked,
    extrasAfterBooking: await extrasAfterBookingOf(deps.db, booking.id),
    refundsDue: (await refundsDueOf(deps.db, booking.id)).map((due) => ({ amount: due.amount, currency: due.currency, reason: due.reason, recordedAt: due.createdAt.toISOString() })),
  };
}

/** The made booking (it has a PNR and a result) whose record locator is `pnr` and one of whose travellers is `lastName`. */
async function findBooking(deps: AppDeps, request: BookingLookupRequest): Promise<BookingRow> {
  const candidates = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.pnr, request.pnr), isNotNull(bookings.result)));
  const wanted = normaliseLastName(request.lastName);
  const booking = candidates.find((candidate) => candidate.passengers.some((passenger) => normaliseLastName(passenger.lastName) === wanted));
  if (!booking) throw bookingNotFound();
  return booking;
}

/** A grant of a made booking for whoever just proved a right to it (access/policy.ts checks it on later calls). */
export function grantOf(deps: AppDeps, booking: BookingRow, level: BookingGrantLevel): BookingGrant {
  const { token, expiresAt } = issueBookingGrant(booking.id, level, deps.now(), deps.bookingLinkSecret);
  return { token, expiresAt: expiresAt.toISOString(), level, orderId: booking.orderId!, pnr: booking.pnr!, sessionId: booking.sessionId };
}

type FoundBooking = { view: ManageBookingView; grant: BookingGrant };

export async function lookUpBooking(deps: AppDeps, request: BookingLookupRequest): Promise<FoundBooking> {
  const booking = await findBooking(deps, request);
  return { view: await viewOf(deps, booking, { masked: false }), grant: grantOf(deps, booking, 'traveller') };
}

export async function bookingByLink(deps: AppDeps, token: string): Promise<FoundBooking> {
  const bookingId = bookingIdOfLinkToken(token, deps.bookingLinkSecret);
  if (!bookingId) throw new ApiFailure(403, manageBookingErrorCodes.invalidLink, 'This booking link is not valid.');
  const [booking] = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), isNotNull(bookings.result)));
  if (!booking) throw bookingNotFound();
  return { view: await viewOf(deps, booking, { masked: true }), grant: grantOf(deps, booking, 'link') };
}

/** The signed link of the booking made in a session (the confirmation page shows it), and a grant of it for the session's owner. */
export async function bookingLinkOfSession(deps: AppDeps, sessionId: string): Promise<{ link: { token: string; path: string }; grant: BookingGrant }> {
  const [booking] = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.sessionId, sessionId), isNotNull(bookings.result)));
  if (!booking) throw new ApiFailure(404, manageBookingErrorCodes.notFound, 'No booking was made in this session.');
  const token = issueBookingLinkToken(booking.id, deps.bookingLinkSecret);
  return { link: { token, path: bookingLinkPath(token) }, grant: grantOf(deps, booking, 'traveller') };
}

/**
 * The traveller cancels an unpaid hold: `booking` is the one the route's policy found the caller may cancel
 * (its browser, or a grant from PNR + last name); a paid or closed order is 409.
 */
export async function cancelBookingHold(deps: AppDeps, booking: BookingRow): Promise<FoundBooking> {
  const view = await viewOf(deps, booking, { masked: false });
  if (!view.cancellable || !booking.paymentOrderNumber) {
    throw notCancellable();
  }
  try {
    await transitionPaymentOrder(deps, booking.paymentOrderNumber, 'order.cancel');
  } catch (error) {
    // Paid or expired between the check and the cancel (the order is locked only inside the move).
    if (error instanceof ApiFailure && error.status === 409) throw notCancellable();
    throw error;
  }
  const [cancelled] = await deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
  return { view: await viewOf(deps, cancelled!, { masked: false }), grant: grantOf(deps, booking, 'traveller') };
}
