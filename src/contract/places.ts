import { z } from 'zod';
import { languageSchema } from './common.ts';

export const autocompleteQuerySchema = z.object({
  language: languageSchema.default('es'),
  query: z.string().trim().min(2, 'Type at least 2 characters').max(60),
});

/** Airport autocomplete: cities (type C, several airports) come before airports (type A). */
export const airportSuggestionSchema = z.object({
  code: z.string(),
  name: z.string(),
  cityName: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  type: z.enum(['C', 'A']),
  /** Set on an airport offered because it lies near the best match: the place it is near (a city name or an airport code). */
  nearbyOf: z.string().optional(),
  /** Great-circle kilometres from that place, rounded; set with nearbyOf. */
  distanceKm: z.number().int().nonnegative().optional(),
});
export type AirportSuggestion = z.infer<typeof airportSuggestionSchema>;
export const airportSuggestionsResponseSchema = z.object({ status: z.literal(200), data: z.array(airportSuggestionSchema) });

export const airlineSuggestionSchema = z.object({ code: z.string(), name: z.string() });
export const airlineSuggestionsResponseSchema = z.object({ status: z.literal(200), data: z.array(airlineSuggestionSchema) });

/** GET /api/airport/{code}/{lang}: one airport or city, to fill the search form. */
export const airportDetailsSchema = z.object({
  code: z.string(),
  name: z.string(),
  cityName: z.string(),
  cityCode: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  /** IANA zone flight times are shown in; null for a city code spanning airports. */
  timeZone: z.string().nullable(),
  type: z.enum(['C', 'A']),
  airports: z.array(z.string()),
});
export const airportDetailsResponseSchema = z.object({ status: z.literal(200), data: airportDetailsSchema });

/** GET /api/engines/airports/{code}: an airport with the nonstop destinations sold from it. */
export const engineAirportResponseSchema = z.object({
  status: z.literal(200),
  data: airportDetailsSchema.extend({ destinations: z.array(z.object({ code: z.string(), airlines: z.array(z.string()) })) }),
});
