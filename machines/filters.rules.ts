import type { Flight, FlightType, Recommendation } from '../src/contract/search.ts';
import { bandOf, type PriceBand, type PriceBandBounds } from '../src/contract/price-calendar.ts';
import { includesCarryOn } from './bag-prices.ts';
import { keepsJourneyQuality, minutesOfHHMM } from './journey-quality.ts';

/** Stops values of spec 1 §5: any (-1), direct 0, one stop 1, two or more 2. */
export type StopsFilter = -1 | 0 | 1 | 2;
/** Schedule bands of spec 1 §5: 0 all day, 1 morning 0–11 h, 2 afternoon 12–17 h, 3 evening 18–23 h. */
export type ScheduleBand = 0 | 1 | 2 | 3;
export type ProviderGroup = 'GDS' | 'NDC';
export type SortOrder = 'best' | 'cheapest' | 'fastest';

/** `00` means "mixed airlines": more than one marketing airline in the itinerary. */
export const MIXED_AIRLINES = '00';
export const PAGE_SIZE = 10;

export interface FilterCriteria {
  provider?: ProviderGroup;
  airline?: string;
  stops?: StopsFilter;
  recommendationId?: string;
  departureBand?: ScheduleBand;
  /** Round trips only: the band of the return flight's arrival (spec 1's "arrival schedule"). */
  arrivalBand?: ScheduleBand;
  outboundFlightNumber?: string;
  returnFlightNumber?: string;
  maxPrice?: number;
  /** Journey quality (issue 21): the longest journey time per leg, in minutes. */
  maxDuration?: number;
  /** The longest connection allowed, in minutes. */
  maxLayover?: number;
  /** Airports a flight must not connect at (all allowed when absent). */
  excludedConnections?: string[];
  /** Bags (issue 21): only fares that include a carry-on on every leg. */
  carryOnIncluded?: true;
}
export type FilterKey = keyof FilterCriteria;

/** Clicking the same filter again clears it (spec 1 §4); "any" values clear too. */
export function toggleCriterion<K extends FilterKey>(criteria: FilterCriteria, key: K, value: FilterCriteria[K]): FilterCriteria {
  const next = { ...criteria };
  const isBand = key === 'departureBand' || key === 'arrivalBand';
  const meansAny = value === undefined || value === '' || value === -1 || (isBand && value === 0) || (Array.isArray(value) && value.length === 0);
  if (meansAny || criteria[key] === value) delete next[key];
  else next[key] = value;
  return next;
}

/** The connecting-airports checkboxes: unticking an airport excludes flights connecting there; ticking it again allows them. */
export function toggleConnection(criteria: FilterCriteria, airport: string, allowed: boolean): FilterCriteria {
  const excluded = new Set(criteria.excludedConnections ?? []);
  if (allowed) excluded.delete(airport);
  else excluded.add(airport);
  return toggleCriterion(criteria, 'excludedConnections', excluded.size === 0 ? undefined : [...excluded].sort());
}

export const hasCriteria = (criteria: FilterCriteria) => Object.keys(criteria).length > 0;

const hourOf = (localDateTime: string) => Number(localDateTime.slice(11, 13));

export function bandOfHour(hour: number): Exclude<ScheduleBand, 0> {
  if (hour < 12) return 1;
  if (hour < 18) return 2;
  return 3;
}

const marketingAirlines = (recommendation: Recommendation) => {
  const codes = new Set<string>();
  for (const leg of recommendation.itinerary) for (const flight of leg.flights) for (const segment of flight.segments) codes.add(segment.marketingAirline.code);
  return codes;
};

/** The airline an offer files under: its one marketing airline, or `00` when several sell its segments. */
const airlineOf = (recommendation: Recommendation): string => {
  const airlines = marketingAirlines(recommendation);
  return airlines.size > 1 ? MIXED_AIRLINES : [...airlines][0]!;
};

export function matchesAirline(recommendation: Recommendation, code: string): boolean {
  return airlineOf(recommendation) === code;
}

/**
 * The airline filter's options: only airlines that alone sell some offer (one flying only inside
 * mixed trips would match nothing), then "mixed", each with how many offers it keeps.
 */
export function airlineOptions(data: Recommendation[]): Array<{ code: string; count: number }> {
  const counts = new Map<string, number>();
  for (const recommendation of data) {
    const code = airlineOf(recommendation);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const options = [...counts].map(([code, count]) => ({ code, count }));
  return [...options.filter((option) => option.code !== MIXED_AIRLINES), ...options.filter((option) => option.code === MIXED_AIRLINES)];
}

const stopsMatch = (flight: Flight, stops: StopsFilter) => stops === -1 || (stops === 2 ? flight.stops >= 2 : flight.stops === stops);

/** The stops choices some offer matches on every leg (spec 1 §5), so the filter never offers an empty list. */
export function stopsOptions(data: Recommendation[]): Exclude<StopsFilter, -1>[] {
  const choices: Exclude<StopsFilter, -1>[] = [0, 1, 2];
  return choices.filter((stops) => data.some((recommendation) => recommendation.itinerary.every((leg) => leg.flights.some((flight) => stopsMatch(flight, stops)))));
}

const flightNumberMatches = (flight: Flight, wanted: string) => {
  const needle = wanted.replace(/\s+/g, '').toUpperCase();
  return flight.segments.some((segment) => {
    const number = segment.flightNumber.replace(/^0+/, '');
    return needle === number || needle === `${segment.marketingAirline.code}${number}` || needle === `${segment.marketingAirline.code}${segment.flightNumber}`;
  });
};

/** The total an offer is compared by: its fare's, or (bags chosen, issue 21) the total its card shows with them. */
export type PriceOf = (recommendation: Recommendation) => number;
const fareTotal: PriceOf = (recommendation) => recommendation.pricing.total;

/**
 * Keeps the flights of each leg that satisfy the flight-level criteria, and the offers that keep at
 * least one flight per leg, so a card only offers choices that match. Order of spec 1 §4 "apply
 * all": GDS or NDC, airline, schedules, flight numbers; then stops, journey quality, price and offer id.
 */
export function applyFilters(data: Recommendation[], criteria: FilterCriteria, priceOf: PriceOf = fareTotal): Recommendation[] {
  if (!hasCriteria(criteria)) return data;
  const result: Recommendation[] = [];
  for (const recommendation of data) {
    if (criteria.provider && recommendation.pos.group !== criteria.provider) continue;
    if (criteria.airline && !matchesAirline(recommendation, criteria.airline)) continue;
    if (criteria.recommendationId && recommendation.id !== criteria.recommendationId) continue;
    if (criteria.maxPrice !== undefined && priceOf(recommendation) > criteria.maxPrice) continue;
    if (criteria.carryOnIncluded && !includesCarryOn(recommendation)) continue;
    const legs = [];
    for (const [index, leg] of recommendation.itinerary.entries()) {
      const isOutbound = index === 0;
      const isReturn = index === 1 && recommendation.itinerary.length === 2;
      const flights = leg.flights.filter(
        (flight) =>
          (!isOutbound || !criteria.departureBand || bandOfHour(hourOf(flight.departureDateTime)) === criteria.departureBand) &&
          (!isReturn || !criteria.arrivalBand || bandOfHour(hourOf(flight.arrivalDateTime)) === criteria.arrivalBand) &&
          (!isOutbound || !criteria.outboundFlightNumber || flightNumberMatches(flight, criteria.outboundFlightNumber)) &&
          (!isReturn || !criteria.returnFlightNumber || flightNumberMatches(flight, criteria.returnFlightNumber)) &&
          (criteria.stops === undefined || stopsMatch(flight, criteria.stops)) &&
          keepsJourneyQuality(flight, criteria),
      );
      if (flights.length === 0) break;
      legs.push(flights.length === leg.flights.length ? leg : { ...leg, flights });
    }
    if (legs.length === recommendation.itinerary.length) result.push({ ...recommendation, itinerary: legs });
  }
  return result;
}

/** Door-to-door minutes of the quickest choice in each leg, added up. */
export function travelMinutes(recommendation: Recommendation): number {
  let total = 0;
  for (const leg of recommendation.itinerary) {
    let quickest = Infinity;
    for (const flight of leg.flights) quickest = Math.min(quickest, minutesOfHHMM(flight.elapsedTime));
    total += quickest;
  }
  return total;
}

/** Stops of the fewest-stop choice in each leg, added up. */
export function travelStops(recommendation: Recommendation): number {
  return recommendation.itinerary.reduce((total, leg) => total + Math.min(...leg.flights.map((flight) => flight.stops)), 0);
}

/** How much each part weighs in the "best" order: price first, then journey time, then stops. */
export const BEST_WEIGHTS = { price: 0.6, minutes: 0.25, stops: 0.15 } as const;

/**
 * Cheapest by total; fastest by travel time; best weighs price (60 %), travel time (25 %) and stops
 * (15 %), each scaled to the range of the list, the way travellers trade a little money for much less
 * time and fewer changes of plane (issue 21).
 */
export function sortRecommendations(
  data: Recommendation[],
  order: SortOrder,
  priceOf: PriceOf = fareTotal,
): Recommendation[] {
  const withKeys = data.map((recommendation) => ({ recommendation, price: priceOf(recommendation), minutes: travelMinutes(recommendation), stops: travelStops(recommendation) }));
  // An unpriced offer (Infinity: its bags' price unknown) sorts after the priced ones, never as NaN.
  const byPrice = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);
  if (order === 'cheapest') withKeys.sort((a, b) => byPrice(a.price, b.price) || a.minutes - b.minutes);
  else if (order === 'fastest') withKeys.sort((a, b) => a.minutes - b.minutes || byPrice(a.price, b.price));
  else {
    type Keyed = (typeof withKeys)[number];
    const scale = (key: 'price' | 'minutes' | 'stops') => {
      const values = withKeys.map((item) => item[key]).filter(Number.isFinite);
      const [min, range] = [Math.min(...values), Math.max(...values) - Math.min(...values) || 1];
      return (item: Keyed) => (Number.isFinite(item[key]) ? (item[key] - min) / range : 1);
    };
    const [price, minutes, stops] = [scale('price'), scale('minutes'), scale('stops')];
    const score = (item: Keyed) => BEST_WEIGHTS.price * price(item) + BEST_WEIGHTS.minutes * minutes(item) + BEST_WEIGHTS.stops * stops(item);
    const scored = withKeys.map((item) => ({ ...item, score: score(item) }));
    scored.sort((a, b) => a.score - b.score || byPrice(a.price, b.price));
    return scored.map((item) => item.recommendation);
  }
  return withKeys.map((item) => item.recommendation);
}

/**
 * The price slider runs from the cheapest total to the dearest plus 1 (spec 1 §5), in whole units: its
 * lowest stop is the cheapest total rounded up, so at its minimum it still keeps the cheapest offer.
 */
export function priceBounds(data: Recommendation[], priceOf: PriceOf = fareTotal): { min: number; max: number } | null {
  if (data.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const recommendation of data) {
    const total = priceOf(recommendation);
    min = Math.min(min, total);
    max = Math.max(max, total);
  }
  return { min: Math.ceil(min), max: Math.ceil(max) + 1 };
}

export type StopsRow = 0 | 1 | 2;

/** 'Prices by airline': per airline (or `00` mixed) the cheapest total direct, with one stop and with two or more. */
export function airlinePriceMatrix(data: Recommendation[], priceOf: PriceOf = fareTotal): Array<{ airline: string; cheapest: Record<StopsRow, number | null> }> {
  const columns = new Map<string, Record<StopsRow, number | null>>();
  for (const recommendation of data) {
    const column = airlineOf(recommendation);
    const maxStops = Math.max(...recommendation.itinerary.map((leg) => Math.min(...leg.flights.map((flight) => flight.stops))));
    const row: StopsRow = maxStops >= 2 ? 2 : (maxStops as StopsRow);
    const cells = columns.get(column) ?? { 0: null, 1: null, 2: null };
    const current = cells[row];
    const total = priceOf(recommendation);
    if (current === null || total < current) cells[row] = total;
    columns.set(column, cells);
  }
  return [...columns.entries()]
    .map(([airline, cheapest]) => ({ airline, cheapest }))
    .sort((a, b) => Math.min(...Object.values(a.cheapest).map((v) => v ?? Infinity)) - Math.min(...Object.values(b.cheapest).map((v) => v ?? Infinity)));
}

export type PriceTone = 'cheap' | 'normal' | 'expensive';

const TONE_OF_BAND: Record<PriceBand, PriceTone> = { cheap: 'cheap', typical: 'normal', expensive: 'expensive' };

/**
 * A card's price tone once the route's price calendar is known: the calendar's band rule over its bounds
 * (`bandOf`), so a card never calls "good price" a total the calendar calls expensive (issue 37).
 */
export function calendarPriceTone(value: number, bounds: PriceBandBounds): PriceTone {
  return TONE_OF_BAND[bandOf(value, bounds)];
}

/**
 * Spec 1 §9: round trip, cheap up to the minimum plus a sixth of the range, normal up to five
 * sixths, expensive above; one way, the minimum is cheap and the maximum expensive.
 */
export function priceTone(value: number, min: number, max: number, tripType: FlightType): PriceTone {
  if (tripType === 'RT') {
    const range = max - min;
    if (value <= min + range / 6) return 'cheap';
    if (value <= min + (5 * range) / 6) return 'normal';
    return 'expensive';
  }
  if (value === min) return 'cheap';
  if (value === max) return 'expensive';
  return 'normal';
}
