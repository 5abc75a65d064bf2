import { z } from 'zod';
import { airlineCodeSchema, terminalIdSchema } from '../../../contract/common.ts';
import { cabinCodeSchema } from '../../../contract/search.ts';
import { optionalQueryText } from '../../lib/url.ts';
import { sharedFiltersQuerySchema } from './shared-filters.ts';

/*
 * What the results routes need before their page loads (params and query validation): it stays in
 * the app's first chunk, so it holds no more than these schemas; results-url.ts reads the trip.
 */

/** Spec 1 §5: cabin I (Indistinto, "no preference") is ignored, so a chosen cabin is one of the others. */
export const chosenCabinSchema = cabinCodeSchema.exclude(['I']);
export type ChosenCabin = z.infer<typeof chosenCabinSchema>;

/**
 * Path parameters of the results routes. Place, date and count segments stay raw text here because
 * their meaning depends on each other (commas in all three mean multi-city; infants count against
 * adults); `parseResultsUrl` reads them and says what is wrong with them.
 */
const oneWayPathParamsSchema = z.object({
  origin: z.string().catch(''),
  destination: z.string().catch(''),
  dateFrom: z.string().catch(''),
  adults: z.string().catch(''),
  children: z.string().catch(''),
  infants: z.string().catch(''),
});
const roundTripPathParamsSchema = oneWayPathParamsSchema.extend({ dateTo: z.string().catch('') });
export type ResultsPathParams = z.infer<typeof oneWayPathParamsSchema> & { dateTo?: string };

/** A route's `params` option: parse never throws, stringify writes every value back as path text. */
function pathParamsCodec<T extends Record<string, string | number>>(schema: z.ZodType<T>) {
  return {
    parse: (raw: Record<string, string>): T => schema.parse(raw),
    stringify: (params: T) => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) as { [K in keyof T]: string },
  };
}
export const oneWayResultsParams = pathParamsCodec(oneWayPathParamsSchema);
export const roundTripResultsParams = pathParamsCodec(roundTripPathParamsSchema);

/** Query string of the results routes; every bad value is dropped rather than thrown (spec 1 §5). */
export const resultsQuerySchema = z.object({
  terminalId: terminalIdSchema.optional().catch(undefined),
  airline: airlineCodeSchema.optional().catch(undefined),
  corporateCode: optionalQueryText.transform((code) => code?.toUpperCase()),
  cabinType: z
    .string()
    .transform((code) => code.toUpperCase())
    .pipe(chosenCabinSchema)
    .optional()
    .catch(undefined),
  redirectId: optionalQueryText,
  flexible: optionalQueryText,
  cond: optionalQueryText,
  token: optionalQueryText,
  ...sharedFiltersQuerySchema.shape,
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;
