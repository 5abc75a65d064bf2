import { z } from 'zod';
import { DEFAULT_TERMINAL_ID, languageSchema, terminalIdSchema } from './common.ts';
import { locationCodeSchema } from './search.ts';

/** Months Explora offers: this one and the next eleven (airlines sell about a year ahead). */
export const EXPLORE_MONTHS_AHEAD = 11;

/** A month written YYYY-MM. */
export const exploreMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM');

/**
 * GET /api/flights/explore (issue 21, "Explora"): from an origin (airport or city) and a month, the cheapest
 * one-way total for one adult in economy per destination sold from it, with its date. `language` names the places.
 */
export const exploreQuerySchema = z.object({
  terminalId: terminalIdSchema.default(DEFAULT_TERMINAL_ID),
  origin: locationCodeSchema,
  month: exploreMonthSchema,
  language: languageSchema.default('es'),
  token: z.string().max(2048).optional(),
});
export type ExploreQuery = z.infer<typeof exploreQuerySchema>;

export const exploreDestinationSchema = z.object({
  /** The destination airport, its name, city and country in the asked language. */
  code: z.string(),
  airportName: z.string(),
  cityName: z.string(),
  countryName: z.string(),
  /** Cheapest one-way total (one adult, economy, in the engine's currency) in the month, and its first day at that price. */
  total: z.number().nonnegative(),
  date: z.iso.date(),
});
export type ExploreDestination = z.infer<typeof exploreDestinationSchema>;

export const exploreResponseSchema = z.object({
  /** 204: nothing sold from the origin that month (no destinations). */
  status: z.union([z.literal(200), z.literal(204)]),
  origin: z.string(),
  month: exploreMonthSchema,
  /** Cheapest first; ties by city name. */
  destinations: z.array(exploreDestinationSchema),
});
export type ExploreResponse = z.infer<typeof exploreResponseSchema>;

/** The month `months` after a YYYY-MM month (earlier when negative). */
export function addMonths(month: string, months: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months Explora offers from the month of `today` (YYYY-MM-DD): this one and EXPLORE_MONTHS_AHEAD more. */
export const exploreMonths = (today: string): string[] => Array.from({ length: EXPLORE_MONTHS_AHEAD + 1 }, (_, index) => addMonths(today.slice(0, 7), index));
