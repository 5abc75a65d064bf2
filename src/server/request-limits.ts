import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { canonicalEmail } from './domain/email-address.ts';
import { ApiFailure } from './errors.ts';
import type { AppEnv } from './http.ts';
import { clientOf, rateLimit } from './rate-limit.ts';

const KB = 1024;

/** The calls that carry a whole offer (its flights, fares and the travellers) may be larger. */
const LARGE_BODY_PATHS = new Set(['/api/sessions/save', '/api/flights/book']);
const tooLarge = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json(new ApiFailure(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${maxSize / KB} KB.`).toBody(), 413),
  });
const largeBody = tooLarge(2048 * KB);
const smallBody = tooLarge(256 * KB);

/** Body size per route: 2 MB for the offer-carrying calls, 256 KB for the rest. */
export const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) => (LARGE_BODY_PATHS.has(c.req.path) ? largeBody : smallBody)(c, next);

/** The terminal a JSON body names (token requests): the target of its own limit. */
async function terminalOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<string | null> {
  const body = (await c.req.json().catch(() => null)) as { terminalId?: unknown } | null;
  return typeof body?.terminalId === 'string' ? body.terminalId : null;
}

/** The record locator a manage-booking body names: guessing last names for one PNR is limited whatever the client. */
async function pnrOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<string | null> {
  const body = (await c.req.json().catch(() => null)) as { pnr?: unknown } | null;
  return typeof body?.pnr === 'string' ? body.pnr.trim().toUpperCase() : null;
}

/** The client of a session save that creates a session (no `id` in the query); a save into one counts nothing. */
const creatingClientOf = (c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null => (c.req.query('id') === undefined ? clientOf(c) : null);

/** The e-mail a price alert body names, canonical (+tags and Gmail's dots do not make another address). */
async function alertEmailOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<string | null> {
  const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
  return typeof body?.email === 'string' ? canonicalEmail(body.email) : null;
}

/**
 * Per client, and per target where guessing one target is the threat. Figures are per minute unless
 * said otherwise: generous for a person, tight for a script.
 */
export const rateLimits = {
  search: rateLimit([{ name: 'search:client', limit: 60, windowSeconds: 60, of: clientOf }]),
  sessionRead: rateLimit([{ name: 'session-read:client', limit: 240, windowSeconds: 60, of: clientOf }]),
  /** New sessions (a save without ?id=) each keep a row: a search a person makes opens one. Saves into a session are not counted. */
  sessionCreate: rateLimit([
    { name: 'session-create:client', limit: 30, windowSeconds: 60, of: creatingClientOf },
    { name: 'session-create:client-hour', limit: 300, windowSeconds: 3600, of: creatingClientOf },
  ]),
  coupon: rateLimit([
    { name: 'coupon:client', limit: 20, windowSeconds: 60, of: clientOf },
    { name: 'coupon:client-hour', limit: 100, windowSeconds: 3600, of: clientOf },
  ]),
  agencyToken: rateLimit([
    { name: 'token:client', limit: 10, windowSeconds: 60, of: clientOf },
    { name: 'token:terminal', limit: 30, windowSeconds: 60, of: terminalOf },
  ]),
  /** Manage my booking: a person mistypes a few times; a script guessing PNRs or last names is stopped. */
  bookingLookup: rateLimit([
    { name: 'booking-lookup:client', limit: 10, windowSeconds: 60, of: clientOf },
    { name: 'booking-lookup:client-hour', limit: 50, windowSeconds: 3600, of: clientOf },
    { name: 'booking-lookup:pnr', limit: 10, windowSeconds: 3600, of: pnrOf },
  ]),
  book: rateLimit([{ name: 'book:client', limit: 30, windowSeconds: 60, of: clientOf }]),
  /**
   * Explora: a person looks at a few origins and months a minute; a script walking every origin × month is
   * stopped (each cold one prices ~100 destinations; the answers are cached, services/costly-answers.ts).
   */
  explore: rateLimit([
    { name: 'explore:client', limit: 30, windowSeconds: 60, of: clientOf },
    { name: 'explore:client-hour', limit: 300, windowSeconds: 3600, of: clientOf },
  ]),
  /** The price calendar and nearby airports: the date picker asks up to five calendars a month shown. */
  priceViews: rateLimit([{ name: 'price-views:client', limit: 120, windowSeconds: 60, of: clientOf }]),
  /** Price alerts (each may mail a confirmation): a few per minute per client, twenty an hour per address. */
  priceAlert: rateLimit([
    { name: 'price-alert:client', limit: 10, windowSeconds: 60, of: clientOf },
    { name: 'price-alert:email-hour', limit: 20, windowSeconds: 3600, of: alertEmailOf },
  ]),
  /** Card testing (trying stolen numbers) goes through tokenisation: few tries per client. */
  cardVault: rateLimit([{ name: 'card-vault:client', limit: 20, windowSeconds: 60, of: clientOf }]),
  /** The card checkout's hosted fields take the card too: the same few tries per client, counted apart. */
  cardCheckoutFields: rateLimit([{ name: 'card-checkout-fields:client', limit: 20, windowSeconds: 60, of: clientOf }]),
};
