/**
 * The credentials of whoever rightfully calls a route (issue 36): the tests written about what a call does
 * (not about who may make it) call as the browser that made the session or booking, and as the agency that
 * sold it; the access tests (tests/server/access/) call as strangers through `api.app.request`.
 */
import { AGENCY_TOKEN_HEADER } from '../../src/contract/access.ts';
import { SESSION_KEY_HEADER } from '../../src/contract/session-save.ts';
import { terminalOfCreditAccount } from '../../src/server/access/agency.ts';
import { bookingNamed, orderOfAirBook, type BookingRef, type RequestInput } from '../../src/server/access/policy.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { issueSearchToken } from '../../src/server/domain/search-token.ts';

const ownerKeys = new Map<string, string>();

/** Keeps the owner key a session's creation answered, as the creating browser does. */
export function rememberOwnerKey(answer: unknown) {
  const { sessionID, sessionKey } = (answer ?? {}) as { sessionID?: unknown; sessionKey?: unknown };
  if (typeof sessionID === 'string' && typeof sessionKey === 'string') ownerKeys.set(sessionID, sessionKey);
}

/** The owner key a session's creation answered ('' for a session no test created through the API). */
export const ownerKeyOf = (sessionId: string) => ownerKeys.get(sessionId) ?? '';

/** A search token of an agency terminal, issued with its seeded development key (as the sales platform would). */
export const agencyTokenOf = (deps: AppDeps, terminalId: string) =>
  issueSearchToken({ terminalId, keyId: `KEY-${terminalId}-DEV` }, deps.now(), 60, deps.searchTokenSecret).token;

function inputOf(path: string, body: string | null): RequestInput {
  const url = new URL(path, 'http://test');
  let json: unknown = null;
  try {
    json = body ? JSON.parse(body) : null;
  } catch {
    json = null;
  }
  return { param: {}, query: Object.fromEntries(url.searchParams), json };
}

const field = (value: unknown, ...path: string[]): string | null => {
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : null;
};

function bookingRefOf(input: RequestInput): BookingRef | null {
  const orderId = field(input.json, 'transactionId') ?? field(input.json, 'orderId') ?? field(input.json, 'recordLocator') ?? field(input.json, 'airReservation', 'bookingReferenceID');
  return orderId ? { orderIdOrLocator: orderId } : orderOfAirBook(input);
}

const sessionNamedBy = (path: string, input: RequestInput) =>
  /^\/api\/bookings\/session\/([^/]+)\/link/.exec(path)?.[1] ?? (path.startsWith('/api/sessions') ? input.query.id : undefined) ?? field(input.json, 'sessionID');

/** The owner key of the session `path` with `body` names, if a test created it through the API (no database needed: e2e over HTTP). */
export function sessionOwnerCredentials(path: string, body: string | null): Record<string, string> {
  const sessionId = sessionNamedBy(path, inputOf(path, body));
  return sessionId && ownerKeys.has(sessionId) ? { [SESSION_KEY_HEADER]: ownerKeyOf(sessionId) } : {};
}

/** The headers of the rightful caller of `path` with `body`: the session's owner key, the agency's search token. */
export async function rightfulCredentials(deps: AppDeps, path: string, body: string | null): Promise<Record<string, string>> {
  const input = inputOf(path, body);
  const credit = /^\/api\/engines\/creditLimit\/(?:USA\/)?([^/?]+)/.exec(path);
  if (credit) {
    const terminalId = await terminalOfCreditAccount(deps, decodeURIComponent(credit[1]!));
    return terminalId ? { [AGENCY_TOKEN_HEADER]: agencyTokenOf(deps, terminalId) } : {};
  }
  const sessionId = sessionNamedBy(path, input);
  if (sessionId) return sessionOwnerCredentials(path, body);
  const ref = bookingRefOf(input);
  const booking = ref ? await bookingNamed(deps, ref) : null;
  if (!booking) return {};
  return {
    ...(ownerKeys.has(booking.sessionId) ? { [SESSION_KEY_HEADER]: ownerKeyOf(booking.sessionId) } : {}),
    ...(booking.isAgency ? { [AGENCY_TOKEN_HEADER]: agencyTokenOf(deps, booking.terminalId) } : {}),
  };
}

type Send = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Calls through `send` with the credentials `credentialsOf` gives (headers the caller sets win), keeping
 * the keys the server hands out: a new session's, and a post-sale purchase's outcome session's.
 */
export function callerWith(send: Send, credentialsOf: (path: string, body: string | null) => Promise<Record<string, string>> | Record<string, string>) {
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? init.body : null;
    for (const [name, value] of Object.entries(await credentialsOf(path, body))) if (!headers.has(name)) headers.set(name, value);
    const response = await send(path, { ...init, headers });
    if (path.startsWith('/api/sessions/save') && response.ok) rememberOwnerKey(await response.clone().json());
    if (path.startsWith('/api/flights/bookSeats') && response.ok) rememberOwnerKey(((await response.clone().json()) as { data?: unknown }).data);
    return response;
  };
  const json = (path: string, body: unknown, method = 'POST') => request(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { request, json };
}
