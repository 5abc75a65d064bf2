import { createHmac, timingSafeEqual } from 'node:crypto';
import { BOOKING_GRANT_MINUTES, bookingGrantLevelSchema, type BookingGrantLevel } from '../../contract/access.ts';

/**
 * A booking grant: `g1.<booking id>.<level>.<expiry, epoch seconds>.<signature>`, the signature an
 * HMAC-SHA256 under the server's BOOKING_LINK_SECRET. Stateless, so any process verifies it; short-lived,
 * so unlike the mailed link it is never a standing key.
 */
const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(`booking-grant:${payload}`).digest('base64url');

export function issueBookingGrant(bookingId: string, level: BookingGrantLevel, now: Date, secret: string): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + BOOKING_GRANT_MINUTES * 60_000);
  const payload = `g1.${bookingId}.${level}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${payload}.${sign(payload, secret)}`, expiresAt };
}

export type GrantCheck = { result: 'valid'; bookingId: string; level: BookingGrantLevel } | { result: 'expired' | 'invalid' };

export function checkBookingGrant(token: string, now: Date, secret: string): GrantCheck {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'g1') return { result: 'invalid' };
  const [, bookingId, level, expiry, signature] = parts as [string, string, string, string, string];
  const expected = Buffer.from(sign(parts.slice(0, 4).join('.'), secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { result: 'invalid' };
  const parsedLevel = bookingGrantLevelSchema.safeParse(level);
  if (!parsedLevel.success || !/^\d{1,12}$/.test(expiry)) return { result: 'invalid' };
  if (Number(expiry) * 1000 <= now.getTime()) return { result: 'expired' };
  return { result: 'valid', bookingId, level: parsedLevel.data };
}
