/**
 * One access policy per route (issue 36): every route of the API and of the sandbox's pages declares who
 * may call it, with `guard(policy)` beside its declaration; this one middleware enforces it, and
 * `assertEveryRouteGuarded` refuses to start an app holding a route that declares none. Order ids, record
 * locators and session ids name a resource; they never prove a right to it.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { accessErrorCodes, AGENCY_TOKEN_HEADER, BOOKING_GRANT_HEADER, type BookingGrantLevel } from '../../contract/access.ts';
import { errorCodes } from '../../contract/common.ts';
import { postSaleErrorCodes } from '../../contract/postsale.ts';
import { SESSION_KEY_HEADER } from '../../contract/session-save.ts';
import { bookings, paymentOrders, sessions } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { checkBookingGrant } from '../domain/booking-grant.ts';
import { provesSessionOwner } from '../domain/session-owner-key.ts';
import { ApiFailure } from '../errors.ts';
import type { AppEnv } from '../http.ts';
import { pageTokenSecret } from '../payments/page-token.ts';
import { isPaymentPageToken } from '../payments/sandbox.ts';
import { agencyTokenProves, terminalOfCreditAccount } from './agency.ts';

type BookingRow = typeof bookings.$inferSelect;

/** What a policy may read of a request before it is validated: the path, the query and the JSON body as sent. */
export interface RequestInput {
  param: Record<string, string>;
  query: Record<string, string>;
  json: unknown;
}

/** How a booking is named by a request; the guard finds the same booking the handler then acts on. */
export type BookingRef =
  | { orderId: string }
  | { orderIdOrLocator: string }
  | { pnr: string; terminalId: string }
  | { sessionId: string }
  /** The booking a payment order collects for. */
  | { paymentOrderNumber: string };

/** Who proved what, for the handler: the booking's own browser, a grant holder, or the agency that sold it. */
export type Principal =
  | { kind: 'traveller'; via: 'sessionKey' | 'grant'; level: BookingGrantLevel }
  | { kind: 'agency'; terminalId: string };

export interface BookingAccess {
  booking: BookingRow;
  principal: Principal;
}

export type AccessPolicy =
  /** Anyone: nothing answered belongs to a traveller, an agency or an order (places, engines, a new session). */
  | { kind: 'public'; reason: string }
  /** Offers of a terminal: anyone on a consumer terminal; an agency terminal's search token otherwise (spec 1 §5), checked by resolveTerminal. */
  | { kind: 'terminalSearch' }
  /** The browser that created the session (X-Session-Key); with `grantOpens`, also a grant of the booking made in it. */
  | { kind: 'sessionOwner'; session: (input: RequestInput) => string | null; creationIsPublic?: boolean; grantOpens?: boolean }
  /**
   * A made booking: its session's owner key, a grant for it (X-Booking-Grant) of at least `level`, or a valid
   * search token (X-Agency-Token) of the agency terminal that sold it. `unnamedIsPublic`: a request naming no
   * booking is a public one (the checkout's seat map before booking).
   */
  | { kind: 'booking'; booking: (input: RequestInput) => BookingRef | null; level: BookingGrantLevel; unnamedIsPublic?: boolean }
  /** An agency's authenticated agent: a valid search token of the agency terminal the request names (credit lines). */
  | { kind: 'agency'; account: (input: RequestInput) => string | null }
  /** The holder of an agency terminal's API key (x-api-key), checked against its stored hash by the handler. */
  | { kind: 'agencyApiKey' }
  /** The payer of one payment order: its order number with the order's page token, signed by this server. */
  | { kind: 'paymentOrder'; order: (input: RequestInput) => { orderNumber: string; token: string } | null }
  /** The holder of a link this server signed and mailed or showed (manage link, price alert links, a CIP's page). */
  | { kind: 'signedLink'; what: string }
  /**
   * A provider's server-to-server notification, signed in one of `signatureHeaders`: unsigned ones are refused
   * here; the signature itself is verified by the provider's adapter, the one path its sandbox pages take too.
   */
  | { kind: 'provider'; provider: string; signatureHeaders: readonly string[] }
  /** Operators: x-api-key is ADMIN_API_KEY. */
  | { kind: 'operator' }
  /** The sandbox gateway's own pages and calls: mounted only when the sandbox is the gateway; each page opens with its order's token. */
  | { kind: 'sandbox'; reason: string }
  /** Development only: mounted only outside production (the development mailbox). */
  | { kind: 'development' };

const GUARD = Symbol('access-guard');

export type Guard = MiddlewareHandler<AppEnv> & { [GUARD]: AccessPolicy };

/** Hono wraps the handlers of a mounted app that has its own error handler, keeping the original here. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

function guardOf(handler: unknown): AccessPolicy | undefined {
  if (typeof handler !== 'function') return undefined;
  if (GUARD in handler) return (handler as Guard)[GUARD];
  return COMPOSED_HANDLER in handler ? guardOf((handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER]) : undefined;
}

/** Words for a policy: the README's Security section and the start-time error name routes by them. */
export function describePolicy(policy: AccessPolicy): string {
  switch (policy.kind) {
    case 'public':
      return `public (${policy.reason})`;
    case 'terminalSearch':
      return "public on consumer terminals; an agency terminal's search token (spec 1 §5: 402 without, 401 invalid)";
    case 'sessionOwner':
      return `session owner (X-Session-Key)${policy.grantOpens ? ' or a grant of its booking' : ''}${policy.creationIsPublic ? '; creating one is public' : ''}`;
    case 'booking':
      return `the booking's traveller (its session's X-Session-Key, or an X-Booking-Grant${policy.level === 'traveller' ? ' from PNR + last name' : ''}) or the agency that sold it (X-Agency-Token)${policy.unnamedIsPublic ? '; public when no booking is named' : ''}`;
    case 'agency':
      return "the agency's authenticated agent (X-Agency-Token of the terminal the credit line belongs to)";
    case 'agencyApiKey':
      return "the agency's API key (x-api-key)";
    case 'paymentOrder':
      return "the payment order's payer (its order number with the page token the booking handed out)";
    case 'signedLink':
      return `a signed link (${policy.what})`;
    case 'provider':
      return `${policy.provider}'s signed notification (${policy.signatureHeaders.join(' or ')})`;
    case 'operator':
      return 'operators (x-api-key = ADMIN_API_KEY)';
    case 'sandbox':
      return `sandbox gateway only (${policy.reason})`;
    case 'development':
      return 'development only';
  }
}

async function inputOf(c: Context<AppEnv>): Promise<RequestInput> {
  let json: unknown = null;
  if (/^application\/([\w.-]+\+)?json/i.test(c.req.header('content-type') ?? '')) {
    // Hono keeps the body read here, so the route's validator and handler read the same one.
    json = await c.req.json().catch(() => null);
  }
  return { param: c.req.param() as Record<string, string>, query: c.req.query(), json };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The made booking a reference names (the latest, for a record locator), or null. */
export async function bookingNamed(deps: AppDeps, ref: BookingRef | { bookingId: string }): Promise<BookingRow | null> {
  const made = isNotNull(bookings.result);
  if ('paymentOrderNumber' in ref) {
    const [owner] = await deps.db.select({ bookingId: paymentOrders.bookingId }).from(paymentOrders).where(eq(paymentOrders.number, ref.paymentOrderNumber));
    return owner ? bookingNamed(deps, { bookingId: owner.bookingId }) : null;
  }
  if ('bookingId' in ref) {
    const [booking] = UUID.test(ref.bookingId) ? await deps.db.select().from(bookings).where(and(eq(bookings.id, ref.bookingId), isNotNull(bookings.result))) : [];
    return booking ?? null;
  }
  const where =
    'sessionId' in ref
      ? UUID.test(ref.sessionId)
        ? and(eq(bookings.sessionId, ref.sessionId), made)
        : null
      : 'pnr' in ref
        ? and(eq(bookings.pnr, ref.pnr.toUpperCase()), eq(bookings.terminalId, ref.terminalId), made)
        : 'orderId' in ref
          ? and(eq(bookings.orderId, ref.orderId), made)
          : /^[A-Za-z0-9]{6}$/.test(ref.orderIdOrLocator.trim())
            ? and(eq(bookings.pnr, ref.orderIdOrLocator.trim().toUpperCase()), made)
            : and(eq(bookings.orderId, ref.orderIdOrLocator.trim()), made);
  if (!where) return null;
  const [booking] = await deps.db.select().from(bookings).where(where).orderBy(desc(bookings.createdAt)).limit(1);
  return booking ?? null;
}

const orderNotFound = () => new ApiFailure(404, postSaleErrorCodes.orderNotFound, 'No order you may see has this id or record locator.');

type Proof = { principal: Principal } | { refused: 'expired' | 'none' };

/** What the request's credentials prove about one booking; the strongest proof wins. */
async function proofFor(c: Context<AppEnv>, booking: BookingRow): Promise<Proof> {
  const deps = c.var.deps;
  // The agency first: an agent's own browser also holds the session key, and only the agency may use its credit line.
  const agencyToken = c.req.header(AGENCY_TOKEN_HEADER);
  if (agencyToken && booking.isAgency && (await agencyTokenProves(deps, agencyToken, booking.terminalId))) {
    return { principal: { kind: 'agency', terminalId: booking.terminalId } };
  }
  const sessionKey = c.req.header(SESSION_KEY_HEADER);
  if (sessionKey) {
    const [session] = await deps.db.select({ ownerKeyHash: sessions.ownerKeyHash }).from(sessions).where(eq(sessions.id, booking.sessionId));
    if (session && provesSessionOwner(session.ownerKeyHash, sessionKey)) return { principal: { kind: 'traveller', via: 'sessionKey', level: 'traveller' } };
  }
  const grant = c.req.header(BOOKING_GRANT_HEADER);
  if (grant) {
    const check = checkBookingGrant(grant, deps.now(), deps.bookingLinkSecret);
    if (check.result === 'valid' && check.bookingId === booking.id) return { principal: { kind: 'traveller', via: 'grant', level: check.level } };
    if (check.result === 'expired') return { refused: 'expired' };
  }
  return { refused: 'none' };
}

const hasBookingCredentials = (c: Context<AppEnv>) => Boolean(c.req.header(SESSION_KEY_HEADER) || c.req.header(BOOKING_GRANT_HEADER) || c.req.header(AGENCY_TOKEN_HEADER));

const accessRequired = () =>
  new ApiFailure(401, accessErrorCodes.bookingAccessRequired, 'Only the traveller or the agency of this booking may do this: open it with its PNR and last name, or its link.');
const grantExpired = () => new ApiFailure(401, accessErrorCodes.grantExpired, 'Your access to this booking has expired: open it again with its PNR and last name, or its link.');

async function enforceBooking(c: Context<AppEnv>, policy: Extract<AccessPolicy, { kind: 'booking' }>, input: RequestInput): Promise<void> {
  const ref = policy.booking(input);
  // Nothing named: a public call (policy says so), or a malformed one the validator answers.
  if (!ref) return;
  if (!hasBookingCredentials(c)) throw accessRequired();
  const booking = await bookingNamed(c.var.deps, ref);
  if (!booking) throw orderNotFound();
  const proof = await proofFor(c, booking);
  // Another traveller's key or grant and an unknown order answer alike: the caller learns nothing of either.
  if ('refused' in proof) throw proof.refused === 'expired' ? grantExpired() : orderNotFound();
  if (policy.level === 'traveller' && proof.principal.kind === 'traveller' && proof.principal.level !== 'traveller') {
    throw new ApiFailure(403, accessErrorCodes.bookingAccessRequired, 'Open the booking with its PNR and last name to do this.');
  }
  c.set('access', { booking, principal: proof.principal });
}

async function enforceSessionOwner(c: Context<AppEnv>, policy: Extract<AccessPolicy, { kind: 'sessionOwner' }>, input: RequestInput): Promise<void> {
  const id = policy.session(input);
  // No session named: a creation (public when the policy says so) or a malformed call the validator answers.
  if (!id || !UUID.test(id)) return;
  const deps = c.var.deps;
  const [session] = await deps.db.select({ ownerKeyHash: sessions.ownerKeyHash }).from(sessions).where(eq(sessions.id, id));
  // An unknown session: the handler answers its 404 (session ids are random; there is nothing to learn).
  if (!session) return;
  if (provesSessionOwner(session.ownerKeyHash, c.req.header(SESSION_KEY_HEADER))) return;
  const grant = c.req.header(BOOKING_GRANT_HEADER);
  if (policy.grantOpens && grant) {
    const check = checkBookingGrant(grant, deps.now(), deps.bookingLinkSecret);
    if (check.result === 'expired') throw grantExpired();
    const booking = check.result === 'valid' ? await bookingNamed(deps, { sessionId: id }) : null;
    if (booking && check.result === 'valid' && booking.id === check.bookingId) {
      c.set('access', { booking, principal: { kind: 'traveller', via: 'grant', level: check.level } });
      return;
    }
  }
  throw new ApiFailure(403, errorCodes.sessionKeyRequired, 'Only the browser that created this session may use it (X-Session-Key).');
}

async function enforce(c: Context<AppEnv>, policy: AccessPolicy): Promise<void> {
  const deps = c.var.deps;
  switch (policy.kind) {
    case 'public':
    case 'terminalSearch':
    case 'sandbox':
    case 'development':
    case 'signedLink':
    case 'agencyApiKey':
      // Mounted only where they may exist (sandbox, development); tokens and keys in the path or header
      // are checked against what this server signed or stored by the handler, which alone knows the subject.
      return;
    case 'operator': {
      const expected = deps.adminApiKey ?? process.env.ADMIN_API_KEY;
      if (!expected) throw new ApiFailure(403, 'ADMIN_DISABLED', 'Operator calls are off: no ADMIN_API_KEY is configured on this server.');
      if (c.req.header('x-api-key') !== expected) throw new ApiFailure(401, accessErrorCodes.operatorKeyRequired, 'This call needs the operator key (x-api-key).');
      return;
    }
    case 'provider':
      if (!policy.signatureHeaders.some((header) => c.req.header(header))) {
        throw new ApiFailure(401, accessErrorCodes.signatureRequired, `The notification carries no ${policy.signatureHeaders.join(' or ')}.`);
      }
      return;
    case 'paymentOrder': {
      const order = policy.order(await inputOf(c));
      if (!order) return;
      if (!isPaymentPageToken(pageTokenSecret(deps), order.orderNumber, order.token)) throw new ApiFailure(403, accessErrorCodes.pageTokenInvalid, 'This payment link is not valid.');
      return;
    }
    case 'agency': {
      const account = policy.account(await inputOf(c));
      if (!account) return;
      const token = c.req.header(AGENCY_TOKEN_HEADER);
      const terminalId = token ? await terminalOfCreditAccount(deps, account) : null;
      if (!token || !terminalId || !(await agencyTokenProves(deps, token, terminalId))) {
        throw new ApiFailure(401, accessErrorCodes.agencyCredentialsRequired, "Credit lines are for the agency's own agents: open the sales platform's link again.");
      }
      c.set('agencyTerminalId', terminalId);
      return;
    }
    case 'sessionOwner':
      return enforceSessionOwner(c, policy, await inputOf(c));
    case 'booking':
      return enforceBooking(c, policy, await inputOf(c));
  }
}

/** The one access middleware, carrying its policy so the start-time check and the docs can read it. */
export function guard(policy: AccessPolicy): Guard {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    await enforce(c, policy);
    await next();
  };
  return Object.assign(middleware, { [GUARD]: policy });
}

export interface RoutePolicy {
  method: string;
  path: string;
  policy: AccessPolicy;
}

/**
 * Every route of an app with the policy it declares; throws, naming them, when any route declares none.
 * A route's middleware registered for its path (any method) counts, so `use(path, guard(...))` serves too.
 */
export function assertEveryRouteGuarded(app: Hono<AppEnv>): RoutePolicy[] {
  const exact = new Map<string, AccessPolicy>();
  // A guard mounted on `/prefix/*` covers every route under it (a mounted page app).
  const prefixed: Array<{ prefix: string; policy: AccessPolicy }> = [];
  for (const route of app.routes) {
    const policy = guardOf(route.handler);
    if (!policy) continue;
    if (route.path.endsWith('/*')) prefixed.push({ prefix: route.path.slice(0, -2), policy });
    else exact.set(`${route.method} ${route.path}`, policy);
  }
  const policyOf = (method: string, path: string) =>
    exact.get(`${method} ${path}`) ??
    exact.get(`ALL ${path}`) ??
    // Middleware for a path (`use(path, limit)`) stands before that path's routes, which declare the policy.
    (method === 'ALL' ? [...exact].find(([key]) => key.endsWith(` ${path}`))?.[1] : undefined) ??
    prefixed.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.policy;
  const declared: RoutePolicy[] = [];
  const missing = new Set<string>();
  for (const route of app.routes) {
    // Middleware for every path (deps, limits, headers) and the API's catch-all 404 are no routes of their own.
    if (route.path.endsWith('*') && route.method === 'ALL') continue;
    const policy = policyOf(route.method, route.path);
    if (!policy) missing.add(`${route.method} ${route.path}`);
    else if (!declared.some((known) => known.method === route.method && known.path === route.path)) declared.push({ method: route.method, path: route.path, policy });
  }
  if (missing.size > 0) throw new Error(`Routes without an access policy (declare one with guard()): ${[...missing].join(', ')}`);
  return declared;
}

/** The string at `path` in the JSON body as sent, or null: what a policy names a resource by. */
export function jsonField(input: RequestInput, ...path: string[]): string | null {
  let value: unknown = input.json;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : null;
}

/** The payment order and its page token of a payment call's body (`orderNumber`, or Niubiz's `purchaseNumber`). */
export const paymentOrderOfBody = (numberField: 'orderNumber' | 'purchaseNumber' = 'orderNumber') => (input: RequestInput) => {
  const orderNumber = jsonField(input, numberField);
  const token = jsonField(input, 'token');
  return orderNumber && token ? { orderNumber, token } : null;
};

/** The booking an airBook names: its record locator on its requestor (terminal). */
export function orderOfAirBook(input: RequestInput): BookingRef | null {
  const pnr = jsonField(input, 'airBook', 'bookingReferenceID', 'id');
  const terminalId = jsonField(input, 'airBook', 'pos', 'requestorID', 'id');
  return pnr && terminalId ? { pnr, terminalId } : null;
}
