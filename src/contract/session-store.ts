import { z } from 'zod';
import { CLIENT_SESSION_PARTS, sessionDataShape, type ClientSessionPart, type ServerSessionPart, type SessionData } from './session.ts';
import { strictDeep } from './strict.ts';

/**
 * What a session stores, and what a save may send: the session's parts (session.ts) strict all the way down.
 * Every object in every part has exactly the contract's fields, and any other key (a card number in
 * `transaction.airBook`, say) is refused with its path, never stored. Apart from session.ts so that the browser,
 * which only reads sessions, never builds this deep copy of every schema in them (issue 38).
 */
export const sessionDataSchema = strictDeep(z.strictObject(sessionDataShape));

export const SERVER_SESSION_PARTS = (Object.keys(sessionDataSchema.shape) as (keyof SessionData)[]).filter(
  (part): part is ServerSessionPart => !(CLIENT_SESSION_PARTS as readonly string[]).includes(part),
);
export const SERVER_OWNED_PART_MESSAGE = 'This part of the session is written only by the server';

/** The body of POST /api/sessions/save: client parts only; a server part is refused by its name. */
export const saveSessionBodySchema = z
  .object(Object.fromEntries(SERVER_SESSION_PARTS.map((part) => [part, z.unknown()])) as Record<ServerSessionPart, z.ZodUnknown>)
  .partial()
  .extend(sessionDataSchema.pick({ searchParams: true, engine: true, flights: true, recommendation: true, selectedFare: true, originalFee: true, originalDiscounts: true, chosenBags: true }).shape)
  .strict()
  .superRefine((body, context) => {
    for (const part of SERVER_SESSION_PARTS) {
      if (part in body) context.addIssue({ code: 'custom', path: [part], message: SERVER_OWNED_PART_MESSAGE });
    }
  })
  .transform((body) => body as Pick<SessionData, ClientSessionPart>);

