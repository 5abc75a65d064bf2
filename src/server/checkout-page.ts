import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { GetSessionResponse } from '../contract/session.ts';
import type { AppDeps } from './deps.ts';
import { isBookingInProgress } from './services/booking.ts';
import { readSession, sessionLifetimeMs } from './services/sessions.ts';

/**
 * The checkout page's own data in its HTML (issue 38). The checkout read its session only after three waves of
 * scripts (at 4.8 s on a phone's network) and drew nothing of its own until then. The browser that creates a
 * session now also gets its owner key in a cookie (`vuelos_checkout`, the latest session it created), scoped
 * to the pages (Path=/vuelos: API calls never carry it, so the API's proof stays the X-Session-Key header) and
 * HttpOnly. A checkout page requested with the cookie of its own session arrives with the session's answer
 * (what GET /api/sessions answers its owner) and its key in the page, and with its first paint written.
 * Another session's cookie, a wrong key or none: the page is the plain one and the client reads as before.
 */
export const CHECKOUT_COOKIE = 'vuelos_checkout';

/** On the answer of a session's creation: the cookie that opens its checkout page with its data. */
export function setCheckoutCookie(c: Context, deps: AppDeps, session: { id: string; ownerKey: string }) {
  setCookie(c, CHECKOUT_COOKIE, `${session.id}.${session.ownerKey}`, {
    path: '/vuelos',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: Math.floor(sessionLifetimeMs(deps) / 1000),
  });
}

export interface CheckoutPageData {
  sessionID: string;
  sessionKey: string;
  answer: GetSessionResponse;
}

/** The owner's read of the checkout's session, if the request's cookie proves it owns that session; null otherwise. */
export async function checkoutPageData(c: Context, deps: AppDeps, sessionID: string): Promise<CheckoutPageData | null> {
  const [cookieSession, sessionKey] = (getCookie(c, CHECKOUT_COOKIE) ?? '').split('.');
  if (cookieSession !== sessionID || !sessionKey) return null;
  try {
    const { session, personalData } = await readSession(deps, sessionID, sessionKey);
    if (personalData !== 'full') return null;
    const inProgress = await isBookingInProgress(deps, sessionID);
    return { sessionID, sessionKey, answer: { status: 200, personalData, data: inProgress ? { ...session, bookingInProgress: true } : session } };
  } catch {
    // Expired or unknown: the client's own read tells the traveller.
    return null;
  }
}
