import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';

/**
 * What GET /api/sessions?id= answered: the session, or why there is none: no such session (404), another
 * browser's (403: only the one that made it holds its key, issue 36), expired (410).
 */
export type SessionLookup =
  | { kind: 'found'; session: Session }
  | { kind: 'notFound' }
  | { kind: 'otherBrowser' }
  | { kind: 'expired' }
  /** 429 (issue 36): the page says so and when to try again, from Retry-After. */
  | { kind: 'rateLimited'; retryAfterSeconds: number | null };

/** The lookup a loadSession actor finished with. */
const lookupOf = (event: unknown) => (event as { output: SessionLookup }).output;

/** What every page after booking keeps of a lookup besides its session: how long a 429 asked to wait. */
export interface SessionLookupContext {
  retryAfterSeconds: number | null;
}

/** The seconds a rate-limited lookup was told to wait (null when it was not rate-limited or not told). */
export const retryAfterOfLookup = (event: unknown): number | null => {
  const lookup = lookupOf(event);
  return lookup.kind === 'rateLimited' ? lookup.retryAfterSeconds : null;
};

/** The session a lookup found, if any. */
export const sessionOf = (event: unknown) => {
  const lookup = lookupOf(event);
  return lookup.kind === 'found' ? lookup.session : null;
};

/**
 * The guards every page after booking routes its loaded session by: a whole booking, some session, an
 * expired one (otherwise none has the id).
 */
export const sessionLookupGuards = {
  bookingComplete: ({ event }: { event: unknown }) => completeBookingOf(sessionOf(event)) !== null,
  sessionFound: ({ event }: { event: unknown }) => lookupOf(event).kind === 'found',
  sessionExpired: ({ event }: { event: unknown }) => lookupOf(event).kind === 'expired',
  sessionOfOtherBrowser: ({ event }: { event: unknown }) => lookupOf(event).kind === 'otherBrowser',
  sessionRateLimited: ({ event }: { event: unknown }) => lookupOf(event).kind === 'rateLimited',
};

/**
 * The loading state of a page after booking: loads the session, routes a found one by `found` (first
 * match wins), an expired one to `expired`, another browser's to `otherBrowser`, a 429 to `rateLimited`
 * (its seconds kept by the machine's `rememberRetryAfter`), none to `notFound`; a failed load goes to `failed`.
 */
export function loadingSessionState<const TFound extends ReadonlyArray<{ guard?: string; target: string; actions?: string }>>(found: TFound) {
  return {
    invoke: {
      id: 'loadSession',
      src: 'loadSession',
      input: ({ context }: { context: { sessionID: string } }) => ({ sessionID: context.sessionID }),
      onDone: [
        ...found,
        { guard: 'sessionExpired', target: 'expired' },
        { guard: 'sessionOfOtherBrowser', target: 'otherBrowser' },
        { guard: 'sessionRateLimited', target: 'rateLimited', actions: 'rememberRetryAfter' },
        { target: 'notFound' },
      ],
      onError: 'failed',
    },
  } as const;
}
