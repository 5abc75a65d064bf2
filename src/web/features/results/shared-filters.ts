import { z } from 'zod';
import type { RestoredFilters } from '../../../../machines/search.machine.ts';
import type { FilterCriteria, ScheduleBand, SortOrder, StopsFilter } from '../../../../machines/filters.rules.ts';
import { NO_BAGS, wantsBags, type BagChoice } from '../../../../machines/bag-prices.ts';
import { optionalQueryText } from '../../lib/url.ts';

const optionalNumber = <T extends number>(min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .transform((value) => value as T)
    .optional()
    .catch(undefined);

/**
 * Beyond the spec: a results URL that restores its filters and sort when shared. Each value is optional
 * and a bad one is dropped. `carrier` is the airline filter (the `airline` value already means the
 * searched airline), `00` for mixed airlines.
 */
export const sharedFiltersQuerySchema = z.object({
  sort: z.enum(['best', 'cheapest', 'fastest']).optional().catch(undefined),
  carrier: z
    .string()
    .regex(/^[A-Za-z0-9]{2}$/)
    .transform((code) => code.toUpperCase())
    .optional()
    .catch(undefined),
  provider: z.enum(['GDS', 'NDC']).optional().catch(undefined),
  stops: optionalNumber<Exclude<StopsFilter, -1>>(0, 2),
  departureBand: optionalNumber<Exclude<ScheduleBand, 0>>(1, 3),
  arrivalBand: optionalNumber<Exclude<ScheduleBand, 0>>(1, 3),
  outboundFlight: optionalQueryText,
  returnFlight: optionalQueryText,
  maxPrice: z.coerce.number().positive().optional().catch(undefined),
  /** Journey quality (issue 21): longest journey time and longest layover in minutes, airports not to connect at. */
  maxDuration: optionalNumber<number>(1, 100 * 60),
  maxLayover: optionalNumber<number>(0, 100 * 60),
  // The router validates its own output again on navigation: an already-read list must read the same.
  avoid: z
    .preprocess((value) => (Array.isArray(value) ? value.join(',') : value), z.string().regex(/^[A-Za-z]{3}(,[A-Za-z]{3})*$/))
    .transform((codes) => [...new Set(codes.toUpperCase().split(','))].sort())
    .optional()
    .catch(undefined),
  /** Bags (issue 21): carry-on and checked bags per traveller, and the "carry-on included" filter. */
  carryOn: optionalNumber<BagChoice['carryOn']>(0, 1),
  checked: optionalNumber<BagChoice['checked']>(0, 2),
  withCarryOn: z.literal('1').optional().catch(undefined),
});
export type SharedFiltersQuery = z.infer<typeof sharedFiltersQuerySchema>;

/** The query values as the filters machine's criteria and sort. */
export function filtersFromQuery(query: SharedFiltersQuery): RestoredFilters {
  const criteria: FilterCriteria = {
    provider: query.provider,
    airline: query.carrier,
    stops: query.stops,
    departureBand: query.departureBand,
    arrivalBand: query.arrivalBand,
    outboundFlightNumber: query.outboundFlight,
    returnFlightNumber: query.returnFlight,
    maxPrice: query.maxPrice,
    maxDuration: query.maxDuration,
    maxLayover: query.maxLayover,
    excludedConnections: query.avoid,
    carryOnIncluded: query.withCarryOn ? true : undefined,
  };
  const present = Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined)) as FilterCriteria;
  const bags: BagChoice = { carryOn: query.carryOn ?? 0, checked: query.checked ?? 0 };
  return { criteria: present, ...(query.sort ? { sort: query.sort } : {}), ...(wantsBags(bags) ? { bags } : {}) };
}

/** Criteria and sort as query values; absent ones are undefined so they leave the URL. The default sort is not written. */
export function queryFromFilters(criteria: FilterCriteria, sort: SortOrder, bags: BagChoice = NO_BAGS): Record<keyof SharedFiltersQuery, string | undefined> {
  const text = (value: string | number | undefined) => (value === undefined ? undefined : String(value));
  return {
    sort: sort === 'best' ? undefined : sort,
    carrier: criteria.airline,
    provider: criteria.provider,
    stops: criteria.stops === undefined || criteria.stops === -1 ? undefined : String(criteria.stops),
    departureBand: criteria.departureBand ? String(criteria.departureBand) : undefined,
    arrivalBand: criteria.arrivalBand ? String(criteria.arrivalBand) : undefined,
    outboundFlight: criteria.outboundFlightNumber,
    returnFlight: criteria.returnFlightNumber,
    maxPrice: text(criteria.maxPrice),
    maxDuration: text(criteria.maxDuration),
    maxLayover: text(criteria.maxLayover),
    avoid: criteria.excludedConnections?.length ? criteria.excludedConnections.join(',') : undefined,
    carryOn: bags.carryOn > 0 ? String(bags.carryOn) : undefined,
    checked: bags.checked > 0 ? String(bags.checked) : undefined,
    withCarryOn: criteria.carryOnIncluded ? '1' : undefined,
  };
}
