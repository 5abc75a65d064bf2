/** The booking confirmation machine's side effects: read the session, copy a reference. */
import { fromPromise } from 'xstate';
import { bookingConfirmationMachine } from '../../../../machines/booking-confirmation.machine.ts';
import type { SessionLookup } from '../../../../machines/session-lookup.ts';
import { sessionIdSchema } from '../../../contract/session.ts';
import { rateLimitOf } from '../../../../machines/rate-limit.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { readSession } from '../../lib/session-api.ts';

/**
 * GET /api/sessions?id=: a malformed or unknown id (400/404) is not found, another browser's session (401/403:
 * this browser holds neither its key nor a grant of its booking) is `otherBrowser`, 410 is expired, 429 is
 * rateLimited (with Retry-After's seconds); other failures throw.
 */
export async function lookUpSession(sessionID: string, signal?: AbortSignal): Promise<SessionLookup> {
  if (!sessionIdSchema.safeParse(sessionID).success) return { kind: 'notFound' };
  try {
    return { kind: 'found', session: await readSession(sessionID, signal) };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 400 || error.status === 404)) return { kind: 'notFound' };
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return { kind: 'otherBrowser' };
    if (error instanceof ApiRequestError && error.status === 410) return { kind: 'expired' };
    const limited = rateLimitOf(error);
    if (limited) return { kind: 'rateLimited', retryAfterSeconds: limited.retryAfterSeconds };
    throw error;
  }
}

/** The confirmation machine with the browser's API and clipboard. */
export const bookingConfirmationLogic = bookingConfirmationMachine.provide({
  actors: {
    loadSession: fromPromise<SessionLookup, { sessionID: string }>(({ input, signal }) => lookUpSession(input.sessionID, signal)),
    copyText: fromPromise<void, { text: string }>(async ({ input }) => {
      // Without a clipboard (an insecure page, an old browser) the copy fails and the view says so.
      if (!navigator.clipboard) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(input.text);
    }),
  },
});
