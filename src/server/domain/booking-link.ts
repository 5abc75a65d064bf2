import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A booking's manage link: `<booking id>.<signature>`, the signature an HMAC-SHA256 of the id with
 * the server's BOOKING_LINK_SECRET. It never expires (a booking is reachable for good); whoever
 * holds it sees the booking with personal data masked.
 */
const sign = (bookingId: string, secret: string) => createHmac('sha256', secret).update(`booking-link:${bookingId}`).digest('base64url');

export function issueBookingLinkToken(bookingId: string, secret: string): string {
  return `${bookingId}.${sign(bookingId, secret)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The booking id a token was signed for, or null when it is malformed or not ours. */
export function bookingIdOfLinkToken(token: string, secret: string): string | null {
  const [bookingId, signature, ...rest] = token.split('.');
  if (!bookingId || !signature || rest.length > 0 || !UUID.test(bookingId)) return null;
  const expected = Buffer.from(sign(bookingId, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? bookingId : null;
}
