import { addDaysToIsoDate, compareIsoDates, daysBetweenIsoDates, isIsoDate } from '../../../contract/iso-date.ts';
import {
  locationCodeSchema,
  MAX_INFANTS,
  MAX_SEATED_PASSENGERS,
  passengersSchema,
  type FlightType,
  type Passengers,
  type SearchLeg,
} from '../../../contract/search.ts';
import type { ChosenCabin, ResultsPathParams, ResultsQuery } from './results-route.ts';

export { chosenCabinSchema, oneWayResultsParams, resultsQuerySchema, roundTripResultsParams } from './results-route.ts';
export type { ChosenCabin, ResultsPathParams, ResultsQuery } from './results-route.ts';

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

const isCalendarDate = isIsoDate;

/** Why a results address describes no trip to search (each says which part, in the page's words). */
export type ResultsUrlProblem =
  | { kind: 'airport'; code: string }
  | { kind: 'date'; date: string }
  | { kind: 'dateOrder' }
  | { kind: 'legs' }
  | { kind: 'passengers'; rule: 'counts' | 'seats' | 'infants' }
  | { kind: 'pastDate' }
  | { kind: 'sameAirport'; code: string };

/** A results address read: the search it describes, or what is wrong with it and, where one exists, the search it most likely meant. */
export type ResultsUrlReading =
  | { search: ResultsSearchState; problem?: undefined; corrected?: undefined }
  | { search?: undefined; problem: ResultsUrlProblem; corrected?: ResultsSearchState };

type LegsReading = { legs: SearchLeg[] } | { problem: ResultsUrlProblem };

function readLegs(origin: string, destination: string, dateFrom: string): LegsReading {
  const origins = origin.split(',').map((code) => code.trim());
  const destinations = destination.split(',').map((code) => code.trim());
  const dates = dateFrom.split(',').map((date) => date.trim());
  if (origins.length !== destinations.length || origins.length !== dates.length) return { problem: { kind: 'legs' } };
  const badCode = [...origins, ...destinations].find((code) => !locationCodeSchema.safeParse(code).success);
  if (badCode !== undefined) return { problem: { kind: 'airport', code: badCode } };
  const badDate = dates.find((date) => !isCalendarDate(date));
  if (badDate !== undefined) return { problem: { kind: 'date', date: badDate } };
  const sameEnds = origins.find((code, index) => code === destinations[index]);
  if (sameEnds !== undefined) return { problem: { kind: 'sameAirport', code: sameEnds } };
  return { legs: dates.map((date, index) => ({ origin: locationCodeSchema.parse(origins[index]), destination: locationCodeSchema.parse(destinations[index]), date })) };
}

/** A whole, non-negative count written in digits; anything else is not a count. */
const countOf = (text: string): number | null => (/^\d{1,2}$/.test(text) ? Number(text) : null);

/**
 * The party the address asks for, or which rule it breaks (spec 1 §5: at least one adult, at most
 * nine seated, no more infants than adults) with the nearest party that keeps them.
 */
function readPassengers(params: Pick<ResultsPathParams, 'adults' | 'children' | 'infants'>): { passengers: Passengers; problem?: ResultsUrlProblem } {
  const [adults, children, infants] = [countOf(params.adults), countOf(params.children), countOf(params.infants)];
  const read = passengersSchema.safeParse({ adults, children, infants });
  if (read.success) return { passengers: read.data };
  const correctedAdults = Math.min(Math.max(adults ?? 1, 1), MAX_SEATED_PASSENGERS);
  const corrected: Passengers = {
    adults: correctedAdults,
    children: Math.min(children ?? 0, MAX_SEATED_PASSENGERS - correctedAdults),
    infants: Math.min(infants ?? 0, correctedAdults, MAX_INFANTS),
  };
  let rule: 'counts' | 'seats' | 'infants' = 'counts';
  if (adults !== null && children !== null && infants !== null && adults >= 1) rule = adults + children > MAX_SEATED_PASSENGERS ? 'seats' : 'infants';
  return { passengers: corrected, problem: { kind: 'passengers', rule } };
}

/**
 * URL → search state (spec 1 §5 "Results parameters"). Multi-city when origin, destination and dateFrom
 * all hold commas; round trip when dateTo is present; else one way. An address that does not describe a
 * trip (bad code shape, impossible date, mismatched multi-city lists, a party a booking cannot hold) is
 * never searched as something else: the reading says what is wrong, so the page can say so.
 */
export function parseResultsUrl(params: ResultsPathParams, query: ResultsQuery, business: boolean): ResultsUrlReading {
  const isMultiCity = [params.origin, params.destination, params.dateFrom].every((part) => part.includes(','));
  const outbound = readLegs(params.origin, params.destination, params.dateFrom);
  if ('problem' in outbound) return outbound;
  const [first] = outbound.legs;
  if (!first || (!isMultiCity && outbound.legs.length !== 1) || (isMultiCity && outbound.legs.length > 5)) return { problem: { kind: 'legs' } };
  const party = readPassengers(params);

  let flightType: FlightType = 'OW';
  let itinerary = outbound.legs;
  if (isMultiCity) flightType = 'MC';
  else if (params.dateTo !== undefined) {
    if (!isCalendarDate(params.dateTo)) return { problem: { kind: 'date', date: params.dateTo } };
    if (compareIsoDates(params.dateTo, first.date) < 0) return { problem: { kind: 'dateOrder' } };
    flightType = 'RT';
    itinerary = [first, { origin: first.destination, destination: first.origin, date: params.dateTo }];
  }
  if (itinerary.some((leg, index) => index > 0 && compareIsoDates(leg.date, itinerary[index - 1]!.date) < 0)) return { problem: { kind: 'dateOrder' } };

  const search: ResultsSearchState = {
    flightType,
    itinerary,
    passengers: party.passengers,
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
  return party.problem ? { problem: party.problem, corrected: search } : { search };
}

/**
 * The same trip moved to start today when its first date has passed (a stale or shared link), the
 * days between its dates kept; null when it starts today or later.
 */
export function sameTripFromToday(search: ResultsSearchState, today: string): ResultsSearchState | null {
  const first = search.itinerary[0];
  if (!first || compareIsoDates(first.date, today) >= 0) return null;
  const shift = daysBetweenIsoDates(first.date, today);
  return { ...search, itinerary: search.itinerary.map((leg) => ({ ...leg, date: addDaysToIsoDate(leg.date, shift) })) };
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
