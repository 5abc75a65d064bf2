import { z } from 'zod';
import { sessionIdSchema } from './common.ts';

/*
 * The parts of the sessions contract a session save needs, apart from session.ts (which describes every
 * part a session carries, the checkout's forms included): the results page saves its search without
 * loading the checkout's validations. session.ts re-exports them.
 */

/** How long a session lives from its creation, whatever the activity, unless configured otherwise. */
export const DEFAULT_SESSION_LIFETIME_HOURS = 24;
export const SESSION_KEY_HEADER = 'x-session-key';
/**
 * The element of a checkout page that carries its session's read and owner key, written by the server when the
 * page's cookie proves the browser owns the session (src/server/checkout-page.ts): `{ sessionID, sessionKey, answer }`.
 */
export const CHECKOUT_SESSION_ELEMENT = 'vuelos-checkout-session';

export const saveSessionResponseSchema = z.object({
  status: z.literal(200),
  sessionID: sessionIdSchema,
  /** Only in the answer that creates the session: its owner key, which the browser keeps and sends as X-Session-Key. */
  sessionKey: z.string().min(1).optional(),
});
