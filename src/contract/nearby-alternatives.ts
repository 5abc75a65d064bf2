import { z } from 'zod';
import { languageSchema } from './common.ts';
import { priceCalendarQuerySchema } from './price-calendar.ts';

/**
 * GET /api/flights/nearby (issue 21): for a searched route and dates, the cheaper ways from or to an
 * airport within 150 km of either end, from the supplier's price calendar. The query is the price
 * calendar's (priceCalendarQuerySchema): the same route, dates, passengers and cabin.
 */
export const nearbyAlternativesQuerySchema = priceCalendarQuerySchema.safeExtend({ language: languageSchema.default('es') });
export type NearbyAlternativesQuery = z.infer<typeof nearbyAlternativesQuerySchema>;

export const nearbyAlternativeSchema = z.object({
  /** Which end of the route the alternative changes. */
  end: z.enum(['origin', 'destination']),
  origin: z.string(),
  destination: z.string(),
  /** The airport swapped in, its city in the asked language and its distance from the searched place. */
  airportCode: z.string(),
  cityName: z.string(),
  distanceKm: z.number().int().nonnegative(),
  /** Cheapest total of the alternative on the searched dates, and how much less than the searched route's. */
  total: z.number().nonnegative(),
  saving: z.number().positive(),
});
export type NearbyAlternative = z.infer<typeof nearbyAlternativeSchema>;

export const nearbyAlternativesResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    /** Cheapest total of the searched route on its dates; null when nothing is sold. */
    total: z.number().nonnegative().nullable(),
    /** Cheaper alternatives, cheapest first; empty when none is cheaper. */
    alternatives: z.array(nearbyAlternativeSchema),
  }),
});
export type NearbyAlternativesResponse = z.infer<typeof nearbyAlternativesResponseSchema>;
