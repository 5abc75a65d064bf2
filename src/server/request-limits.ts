import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { canonicalEmail } from './domain/email-address.ts';
import { ApiFailure } from './errors.ts';
import type { AppEnv } from './http.ts';
import { clientOf, failureLimit, rateLimit } from './rate-limit.ts';

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

type LimitContext = Parameters<MiddlewareHandler<AppEnv>>[0];

/** A string field of the JSON body (the validator reads the same parsed body later), or null. */
async function bodyField(c: LimitContext, field: string): Promise<string | null> {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  const value = body?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The terminal a JSON body names (token requests): the target of its own limit. */
const terminalOf = (c: LimitContext) => bodyField(c, 'terminalId');

/** The record locator a manage-booking body names, as the lookup reads it. */
const pnrOf = async (c: LimitContext) => (await bodyField(c, 'pnr'))?.toUpperCase() ?? null;

/** One client's tries at one record locator. */
async function pnrOfClient(c: LimitContext): Promise<string | null> {
  const pnr = await pnrOf(c);
  return pnr === null ? null : `${pnr}:${clientOf(c)}`;
}

/** The session a GET /api/sessions reads (`?id=`). */
const readSessionOf = (c: LimitContext): string | null => c.req.query('id') ?? null;

/** The client of a session save that creates a session (no `id` in the query); a save into one counts nothing. */
const creatingClientOf = (c: LimitContext): string | null => (c.req.query('id') === undefined ? clientOf(c) : null);

/** The e-mail a price alert body names, canonical (+tags and Gmail's dots do not make another address). */
const alertEmailOf = async (c: LimitContext) => {
  const email = await bodyField(c, 'email');
  return email === null ? null : canonicalEmail(email);
};

/**
 * Per client, per session and per target. Figures are per minute unless said otherwise.
 *
 * One address is often many people (issue 36): an office or an agency behind one NAT, a mobile
 * carrier's shared (CGN) address. The per-client budgets are sized for ~300 people behind one
 * address at their busiest: a person makes at most about two searches (each a new session) and a
 * handful of session reads a minute, so 20 agents searching at once stay far inside them. Per
 * client these budgets only stop a flood from one address. The protection against guessing and
 * abuse of one thing sits on that thing: per session (reads, bookings), per record locator
 * (manage-booking failures), per terminal (agency tokens), per e-mail (alerts), per order
 * (cancellations); and where failure is the signal (a wrong PNR + last name, a declined card), only
 * failures are counted, so people who get it right are never counted at all.
 */
export const rateLimits = {
  /** ~2 searches a minute for each of 300 people. */
  search: rateLimit([{ name: 'search:client', limit: 600, windowSeconds: 60, batched: true, of: clientOf }]),
  /** A page reads its session a few times; one session read twice a second for a minute is a script. */
  sessionRead: rateLimit([
    { name: 'session-read:client', limit: 3000, windowSeconds: 60, batched: true, of: clientOf },
    { name: 'session-read:session', limit: 120, windowSeconds: 60, batched: true, of: readSessionOf },
  ]),
  /** New sessions (a save without ?id=) each keep a row: each search opens one. Saves into a session are not counted. */
  sessionCreate: rateLimit([
    { name: 'session-create:client', limit: 600, windowSeconds: 60, batched: true, of: creatingClientOf },
    { name: 'session-create:client-hour', limit: 6000, windowSeconds: 3600, batched: true, of: creatingClientOf },
  ]),
  /** A code typed once or twice per checkout; a dictionary of codes from one address is slowed to ~17 a minute over the hour. */
  coupon: rateLimit([
    { name: 'coupon:client', limit: 200, windowSeconds: 60, of: clientOf },
    { name: 'coupon:client-hour', limit: 1000, windowSeconds: 3600, of: clientOf },
  ]),
  /** Asked by an agency's sales platform (its server), seldom by people: the terminal is the target. */
  agencyToken: rateLimit([
    { name: 'token:client', limit: 60, windowSeconds: 60, of: clientOf },
    { name: 'token:terminal', limit: 30, windowSeconds: 60, of: terminalOf },
  ]),
  /**
   * Manage my booking: only failed look-ups (404: no booking with that PNR and last name) count, per
   * client (20 a minute, 100 an hour: 300 people mistype now and then), per PNR and client (10 an hour:
   * ten wrong last names from one address, then that address waits) and per PNR (10 an hour from
   * anyone), the last only for clients that have already failed on that PNR: a guesser spread over
   * many addresses gets one try from each, while the traveller, from their own address with the
   * right last name, is never refused for someone else's failures.
   */
  bookingLookup: failureLimit(
    [
      { name: 'booking-lookup-failures:client', limit: 20, windowSeconds: 60, of: clientOf },
      { name: 'booking-lookup-failures:client-hour', limit: 100, windowSeconds: 3600, of: clientOf },
      { name: 'booking-lookup-failures:pnr-client', limit: 10, windowSeconds: 3600, of: pnrOfClient },
      { name: 'booking-lookup-failures:pnr', limit: 10, windowSeconds: 3600, of: pnrOf, onlyAfterFailing: 'booking-lookup-failures:pnr-client' },
    ],
    (status) => status === 404,
  ),
  /** A cancellation needs the booking's grant; one order is cancelled once, so a few tries an order are plenty. */
  bookingCancel: rateLimit([
    { name: 'booking-cancel:client', limit: 300, windowSeconds: 60, of: clientOf },
    { name: 'booking-cancel:order', limit: 10, windowSeconds: 60, of: (c) => bodyField(c, 'orderId') },
  ]),
  /**
   * A checkout books once (a retry, a double click); 300 people at once book far less than 300 a minute.
   * Per session every answer counts but a 409: the page resends its attempt after each 'still booking'
   * (Retry-After) until the first answer, however slow the airline, and those cheap answers must not
   * lock the traveller out of their own booking.
   */
  book: [
    rateLimit([{ name: 'book:client', limit: 300, windowSeconds: 60, of: clientOf }]),
    failureLimit([{ name: 'book:session', limit: 10, windowSeconds: 60, of: (c) => bodyField(c, 'sessionID') }], (status) => status !== 409, 'booking requests'),
  ] as const,
  /**
   * Explora: a person looks at a few origins and months a minute, and an address may be many people; a
   * script walking every origin × month is stopped by the hour. Each cold answer prices ~100 destinations,
   * but once: answers are cached and shared (services/costly-answers.ts), so the budget guards the work queue.
   */
  explore: rateLimit([
    { name: 'explore:client', limit: 120, windowSeconds: 60, of: clientOf },
    { name: 'explore:client-hour', limit: 1200, windowSeconds: 3600, of: clientOf },
  ]),
  /** The price calendar and nearby airports: the date picker asks up to five calendars a month shown, per person. */
  priceViews: rateLimit([{ name: 'price-views:client', limit: 600, windowSeconds: 60, batched: true, of: clientOf }]),
  /** Price alerts (each may mail a confirmation): per client for the flood, twenty an hour per canonical address. */
  priceAlert: rateLimit([
    { name: 'price-alert:client', limit: 100, windowSeconds: 60, of: clientOf },
    { name: 'price-alert:email-hour', limit: 20, windowSeconds: 3600, of: alertEmailOf },
  ]),
  /**
   * Card testing (trying stolen numbers) goes through tokenisation. The request carries no session to
   * count on, so: an office's worth of card forms per client, and declined cards (402), the card
   * tester's signature, few per client (10 a minute, 30 an hour).
   */
  cardVault: [
    rateLimit([{ name: 'card-vault:client', limit: 120, windowSeconds: 60, of: clientOf }]),
    failureLimit(
      [
        { name: 'card-vault-declines:client', limit: 10, windowSeconds: 60, of: clientOf },
        { name: 'card-vault-declines:client-hour', limit: 30, windowSeconds: 3600, of: clientOf },
      ],
      (status) => status === 402,
    ),
  ] as const,
  /** The card checkout's hosted fields take the card too: the same budget per client, counted apart. */
  cardCheckoutFields: rateLimit([{ name: 'card-checkout-fields:client', limit: 120, windowSeconds: 60, of: clientOf }]),
};
