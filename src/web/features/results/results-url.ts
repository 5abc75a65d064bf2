import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { airlineCodeSchema, terminalIdSchema } from '../../../contract/common.ts';
import {
  cabinCodeSchema,
  locationCodeSchema,
  passengersSchema,
  type FlightType,
  type Passengers,
  type SearchLeg,
} from '../../../contract/search.ts';
import { optionalQueryText } from '../../lib/url.ts';
import { sharedFiltersQuerySchema } from './shared-filters.ts';

/** Spec 1 §5: cabin I (Indistinto, "no preference") is ignored, so a chosen cabin is one of the others. */
export const chosenCabinSchema = cabinCodeSchema.exclude(['I']);
export type ChosenCabin = z.infer<typeof chosenCabinSchema>;

/** What a search is, in the shape the results URL carries it (spec 1 §2 "Search navigation", §3 "Search state"). */
export interface SearchState {
  flightType: FlightType;
  /** Legs as travelled, dates as YYYY-MM-DD: one for OW, outbound + return for RT, 2–5 for MC. */
  itinerary: SearchLeg[];
  passengers: Passengers;
  cabinType: ChosenCabin | null;
  airline: string | null;
  corporateCode: string | null;
  terminalId: string | null;
  token: string | null;
  /** The /b/ address: an agency searching in B2B mode. */
  business: boolean;
}

/** The results page reads three more query values that only it uses (spec 1 §2 "Results page parameters"). */
export interface ResultsSearchState extends SearchState {
  redirectId: string | null;
  flexible: boolean;
  cond: string | null;
}

const count = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).catch(fallback);

/**
 * Path parameters of the results routes. Place and date segments stay raw text here because their
 * meaning depends on each other (commas in all three mean multi-city); `parseResultsUrl` reads them.
 * Passenger counts follow spec 1 §5: adults 1–9, children 0–8, infants 0–4.
 */
const oneWayPathParamsSchema = z.object({
  origin: z.string().catch(''),
  destination: z.string().catch(''),
  dateFrom: z.string().catch(''),
  adults: count(1, 9, 1),
  children: count(0, 8, 0),
  infants: count(0, 4, 0),
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

function isCalendarDate(text: string): boolean {
  try {
    return /^\d{4}-\d{2}-\d{2}$/.test(text) && Temporal.PlainDate.from(text, { overflow: 'reject' }).toString() === text;
  } catch {
    return false;
  }
}

const airportCodes = (text: string) => text.split(',').map((code) => locationCodeSchema.safeParse(code.trim()));

function readLegs(origin: string, destination: string, dateFrom: string): SearchLeg[] | null {
  const origins = airportCodes(origin);
  const destinations = airportCodes(destination);
  const dates = dateFrom.split(',').map((date) => date.trim());
  const sameLength = origins.length === destinations.length && origins.length === dates.length;
  if (!sameLength || !dates.every(isCalendarDate)) return null;
  const legs: SearchLeg[] = [];
  for (const [index, date] of dates.entries()) {
    const from = origins[index];
    const to = destinations[index];
    if (!from?.success || !to?.success) return null;
    legs.push({ origin: from.data, destination: to.data, date });
  }
  return legs;
}

/**
 * URL → search state (spec 1 §5 "Results parameters"). Multi-city when origin, destination and dateFrom
 * all hold commas; round trip when dateTo is present; else one way. Returns null when the path does not
 * describe a trip (bad code shape, impossible date, mismatched multi-city lists, more seated passengers
 * or infants than a booking allows), so the page can say so instead of searching nonsense.
 */
export function parseResultsUrl(params: ResultsPathParams, query: ResultsQuery, business: boolean): ResultsSearchState | null {
  const isMultiCity = [params.origin, params.destination, params.dateFrom].every((part) => part.includes(','));
  const outbound = readLegs(params.origin, params.destination, params.dateFrom);
  if (!outbound) return null;
  const [first] = outbound;
  if (!first || (!isMultiCity && outbound.length !== 1) || (isMultiCity && outbound.length > 5)) return null;
  const passengers = passengersSchema.safeParse({ adults: params.adults, children: params.children, infants: params.infants });
  if (!passengers.success) return null;

  let flightType: FlightType = 'OW';
  let itinerary = outbound;
  if (isMultiCity) flightType = 'MC';
  else if (params.dateTo !== undefined) {
    if (!isCalendarDate(params.dateTo) || Temporal.PlainDate.compare(params.dateTo, first.date) < 0) return null;
    flightType = 'RT';
    itinerary = [first, { origin: first.destination, destination: first.origin, date: params.dateTo }];
  }

  return {
    flightType,
    itinerary,
    passengers: passengers.data,
    cabinType: query.cabinType ?? null,
    airline: query.airline ?? null,
    corporateCode: query.corporateCode ?? null,
    terminalId: query.terminalId ?? null,
    token: query.token ?? null,
    business,
    redirectId: query.redirectId ?? null,
    flexible: query.flexible !== undefined,
    cond: query.cond ?? null,
  };
}

/**
 * Search state → results URL (spec 1 §2 "Search navigation"): /vuelos[/b]/{origin}/{destination}/{departDate}
 * [/{returnDate}]/{adults}/{children}/{infants}?airline&cabinType&corporateCode&terminalId&token, with
 * comma-joined origins, destinations and dates for multi-city.
 */
export function buildResultsUrl(search: SearchState): string {
  const { itinerary, passengers } = search;
  const [first, second] = itinerary;
  if (!first) throw new Error('A search needs at least one leg');
  // Each value is encoded on its own so multi-city commas stay literal, as the spec's URLs show them.
  const joined = (values: (string | number)[]) => values.map((value) => encodeURIComponent(String(value))).join(',');
  const places =
    search.flightType === 'MC'
      ? [joined(itinerary.map((leg) => leg.origin)), joined(itinerary.map((leg) => leg.destination)), joined(itinerary.map((leg) => leg.date))]
      : [joined([first.origin]), joined([first.destination]), joined([first.date])];
  if (search.flightType === 'RT') {
    if (!second) throw new Error('A round trip needs a return leg');
    places.push(joined([second.date]));
  }
  const counts = [passengers.adults, passengers.children, passengers.infants].map((value) => joined([value]));
  const path = ['/vuelos', ...(search.business ? ['b'] : []), ...places, ...counts].join('/');

  const query = new URLSearchParams();
  const optional: [string, string | null][] = [
    ['airline', search.airline],
    ['cabinType', search.cabinType],
    ['corporateCode', search.corporateCode],
    ['terminalId', search.terminalId],
    ['token', search.token],
  ];
  for (const [key, value] of optional) if (value) query.set(key, value);
  const queryText = query.toString();
  return queryText ? `${path}?${queryText}` : path;
}
