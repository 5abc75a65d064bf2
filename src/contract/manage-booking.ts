import { z } from 'zod';
import { sessionIdSchema } from './common.ts';
import { bookingGrantSchema } from './access.ts';
import { bookingTotalsSchema } from './checkout-totals.ts';
import { bookingPaymentStatusCodeSchema, documentTypeSchema, passengerTypeSchema, pnrSchema } from './checkout.ts';
import { paymentOrderStatusSchema, summaryEntrySchema } from './postsale.ts';
import { flightSchema } from './search.ts';

/**
 * Manage my booking (issue 12): a made booking is found by its PNR and the last name of any of its
 * travellers, or opened by a signed, long-lived link. The checkout session's 30 idle minutes never
 * limit this access.
 */

/** Codes the page translates; a wrong PNR and a wrong last name share one code (no hint which). */
export const manageBookingErrorCodes = {
  notFound: 'BOOKING_NOT_FOUND',
  invalidLink: 'BOOKING_LINK_INVALID',
  notCancellable: 'BOOKING_NOT_CANCELLABLE',
} as const;

/** Last names compare without case, accents or extra spaces: "Pérez  de la Cruz" is "perez de la cruz". */
export function normaliseLastName(name: string): string {
  return name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export const bookingLookupRequestSchema = z.object({
  pnr: z.string().trim().pipe(pnrSchema),
  lastName: z.string().trim().min(1).max(60),
});
export type BookingLookupRequest = z.infer<typeof bookingLookupRequestSchema>;

/** The payment tab of the booking: held without payment (103), a bank/agent order number, or a status. */
export const managePaymentKindSchema = z.enum(['withoutPayment', 'bankOrder', 'status']);

export const manageTravellerSchema = z.object({
  type: passengerTypeSchema,
  firstName: z.string(),
  lastName: z.string(),
  documentType: documentTypeSchema.nullable(),
  /** Masked (only the last two characters) unless the PNR + last name check passed. */
  documentNumber: z.string().nullable(),
});

/** Cancelled payment, expired payment, cancelled booking (spec 3 §4 statuses): nothing more is sold on the booking. */
export const CLOSED_BOOKING_STATUSES: readonly number[] = [5, 7, 8];

/** Why money taken for a booking is owed back (issue 36). */
export const refundDueReasonSchema = z.enum(['order-expired', 'order-cancelled', 'order-already-paid', 'booking-expired', 'booking-cancelled']);
export type RefundDueReason = z.infer<typeof refundDueReasonSchema>;

/** A payment the booking did not take, to be given back: what arrived and why it is owed. */
export const manageRefundDueSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  reason: refundDueReasonSchema,
  recordedAt: z.iso.datetime({ offset: true }),
});
export type ManageRefundDue = z.infer<typeof manageRefundDueSchema>;

export const manageBookingViewSchema = z.object({
  pnr: z.string(),
  orderId: z.string(),
  /** True when personal data is masked (the answer of a link, not of a PNR + last name check). */
  masked: z.boolean(),
  status: z.object({
    /** The booking's payment status (spec 3 §4 numbers). */
    booking: bookingPaymentStatusCodeSchema,
    /** The payment order's status; null for a booking without an order. */
    paymentOrder: paymentOrderStatusSchema.nullable(),
  }),
  travellers: z.array(manageTravellerSchema),
  contact: z.object({ email: z.string(), phone: z.string().nullable() }),
  /** The booked flights, one per leg, as they were chosen. */
  itinerary: z.array(flightSchema),
  currency: z.string(),
  totalAmount: z.number().nullable(),
  totals: bookingTotalsSchema.nullable(),
  /** The payment deadline (the ticketing time limit). */
  paymentDeadline: z.iso.datetime({ offset: true }).nullable(),
  payment: z.object({
    providerCode: z.number().int(),
    providerName: z.string(),
    kind: managePaymentKindSchema,
    orderNumber: z.string().nullable(),
  }),
  /** The order is still unpaid and within its deadline. */
  payNow: z.boolean(),
  /** The session whose payment page (/payment/process/{id}) pays the order now; only after a PNR + last name check. */
  payNowSessionId: sessionIdSchema.nullable(),
  /**
   * A pending card order's card checkout ('Realizar pago', spec 3 §2): the order, its page token and the last
   * four of the card typed at checkout; only after a PNR + last name check.
   */
  cardCheckout: z
    .object({ orderNumber: z.string(), token: z.string(), providerCode: z.number().int(), amount: z.number(), checkoutLast4: z.string().nullable() })
    .nullable()
    .default(null),
  /**
   * A pending PagoEfectivo (102) order's CIP panel, as the confirmation's payment tab: the order and its page
   * token, with which the page asks for the order's CIP. By link too (the booking mail points here for
   * its CIP); a CIP names no one.
   */
  pagoEfectivo: z.object({ orderNumber: z.string(), token: z.string() }).nullable().default(null),
  /** An unpaid hold the traveller may cancel (after a PNR + last name check). */
  cancellable: z.boolean(),
  /** Seats and bags bought after booking (post-sale purchases that issued something), oldest first: 'Compra 1' … */
  extrasAfterBooking: z.array(summaryEntrySchema).default([]),
  /** Payments that arrived after the booking expired, was cancelled or was paid, and extras paid on a booking that then closed: refunds due. */
  refundsDue: z.array(manageRefundDueSchema).default([]),
});
export type ManageBookingView = z.infer<typeof manageBookingViewSchema>;

/**
 * A found booking, with the grant that opens it for a while (issue 36): the page sends it (X-Booking-Grant)
 * with every later call on this booking: its extras, its payment, its cancellation.
 */
export const manageBookingResponseSchema = z.object({ status: z.literal(200), data: manageBookingViewSchema, grant: bookingGrantSchema });

/** POST /api/bookings/cancel: the booking to cancel, opened before with its PNR and last name (its grant in X-Booking-Grant). */
export const bookingCancelRequestSchema = z.object({ orderId: z.string().trim().min(1).max(40) });
export type BookingCancelRequest = z.infer<typeof bookingCancelRequestSchema>;

export const bookingLinkParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const sessionLinkParamsSchema = z.object({ sessionId: sessionIdSchema });

/** The page a booking's signed link opens. */
export const bookingLinkPath = (token: string) => `/vuelos/bookings/link/${token}`;

/** The manage link of the booking made in a session, and a grant of it for the browser that made it (its extras pages). */
export const bookingLinkResponseSchema = z.object({ status: z.literal(200), data: z.object({ token: z.string(), path: z.string() }), grant: bookingGrantSchema });
