import { z } from 'zod';

/**
 * Who may act on a booking (issue 36): the browser that made it (its session's owner key), whoever proved
 * PNR + last name or opened the mailed link (a short-lived signed grant for that booking), and the agency
 * that sold it (a valid search token of its terminal). Order ids and session ids are never keys.
 */
export const BOOKING_GRANT_HEADER = 'x-booking-grant';
export const AGENCY_TOKEN_HEADER = 'x-agency-token';

export const accessErrorCodes = {
  /** No proof at all was sent: a session key, a booking grant or an agency token. */
  bookingAccessRequired: 'BOOKING_ACCESS_REQUIRED',
  /** The proof was sent but its grant has expired: look the booking up again. */
  grantExpired: 'BOOKING_GRANT_EXPIRED',
  /** A call only an agency's authenticated agent may make (credit lines). */
  agencyCredentialsRequired: 'AGENCY_CREDENTIALS_REQUIRED',
  /** A payment call whose page token is not the order's. */
  pageTokenInvalid: 'PAYMENT_TOKEN_INVALID',
  /** An operator call without the operator key. */
  operatorKeyRequired: 'OPERATOR_KEY_REQUIRED',
  /** A provider's notification without its signature. */
  signatureRequired: 'NOTIFICATION_SIGNATURE_REQUIRED',
} as const;

/**
 * What a grant allows: `traveller` (PNR + last name proved, or the booking's own browser): everything,
 * personal data in full and cancelling; `link` (the mailed link): the booking with personal data masked,
 * paying it and buying extras, not cancelling.
 */
export const bookingGrantLevelSchema = z.enum(['traveller', 'link']);
export type BookingGrantLevel = z.infer<typeof bookingGrantLevelSchema>;

/** A booking grant as the API hands it out: the token to send in X-Booking-Grant, and what it opens. */
export const bookingGrantSchema = z.object({
  token: z.string().min(1).max(300),
  expiresAt: z.iso.datetime({ offset: true }),
  level: bookingGrantLevelSchema,
  orderId: z.string(),
  pnr: z.string(),
  /** The checkout session of the booking: its pages (payment, confirmation) open with the grant too. */
  sessionId: z.string(),
});
export type BookingGrant = z.infer<typeof bookingGrantSchema>;

/** How long a grant lasts: long enough to pay or buy extras, short enough that a leaked one soon opens nothing. */
export const BOOKING_GRANT_MINUTES = 120;
