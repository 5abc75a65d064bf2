/**
 * The Scotiabank card's lookup (spec 2 §7: the Scotiabank card form starts a lookup on mount with the first
 * flight's city, country and date pairs, the passenger types and count and the segments; a refusal is
 * "cannot reserve"). The bank's own rules are not in the specification: the sandbox bank answers with the
 * two a card programme of a Peruvian bank would have (server/payments/scotiabank.ts), and the booking
 * checks them again.
 */
import { z } from 'zod';
import { sessionIdSchema } from './common.ts';

/** The bank reserves trips leaving at least this long after the lookup. */
export const SCOTIABANK_MIN_HOURS_BEFORE_DEPARTURE = 48;
/** The country the card programme's trips start in. */
export const SCOTIABANK_ORIGIN_COUNTRY = 'PE';

export const SCOTIABANK_REFUSALS = ['DEPARTURE_TOO_SOON', 'ORIGIN_OUTSIDE_PERU'] as const;
export const scotiabankRefusalSchema = z.enum(SCOTIABANK_REFUSALS);
export type ScotiabankRefusal = z.infer<typeof scotiabankRefusalSchema>;
/** The booking's message per refusal (the page shows its own words for the code, in its language). */
export const SCOTIABANK_REFUSAL_TEXTS: Record<ScotiabankRefusal, string> = {
  DEPARTURE_TOO_SOON: 'The Scotiabank card books only flights leaving 48 hours or more from now',
  ORIGIN_OUTSIDE_PERU: 'The Scotiabank card books only trips that start in Peru',
};

/** The booking's error code (in `errors[].code`) when the chosen Scotiabank card cannot reserve the trip. */
export const SCOTIABANK_CANNOT_RESERVE = 'SCOTIABANK_CANNOT_RESERVE';

export const scotiabankLookupQuerySchema = z.object({ sessionID: sessionIdSchema });

export const scotiabankLookupSchema = z.object({
  reservable: z.boolean(),
  /** Why the card cannot reserve this trip; null when it can. */
  refusal: scotiabankRefusalSchema.nullable(),
});
export type ScotiabankLookup = z.infer<typeof scotiabankLookupSchema>;

export const scotiabankLookupResponseSchema = z.object({ status: z.literal(200), data: scotiabankLookupSchema });
