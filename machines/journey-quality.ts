import type { Flight, Recommendation } from '../src/contract/search.ts';

/**
 * Journey quality (issue 21): the connections of a flight read from its segments' times. Contract
 * times carry each airport's UTC offset, so real minutes compare instants and the local clock at the
 * connection is the text itself (no zone table needed).
 */

/** A layover longer than this (6 h) is flagged on the card. */
export const LONG_LAYOVER_MINUTES = 6 * 60;
/** The local night at a connecting airport: 00:00–06:00. */
const NIGHT_END_MINUTES = 6 * 60;
/** A layover is overnight when at least an hour of it falls in the local night. */
const OVERNIGHT_MINUTES = 60;
const DAY_MINUTES = 24 * 60;

export interface Layover {
  /** Where the traveller lands. */
  arrivalAirport: string;
  /** Where the next segment leaves: another airport when the connection changes airport (EWR → JFK). */
  departureAirport: string;
  minutes: number;
  overnight: boolean;
}

export type JourneyFlag = 'overnightLayover' | 'longLayover' | 'airportChange' | 'selfTransfer';

/** Real minutes between two airport-local times, each with its offset. */
const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
/** Minutes since the epoch of the wall clock the text shows (its offset ignored): the local clock. */
const wallClockMinutes = (localDateTime: string) => Date.parse(`${localDateTime.slice(0, 19)}Z`) / 60_000;

/** Minutes of [start, end) that fall in some local night (00:00–06:00). */
function nightMinutes(start: number, end: number): number {
  let total = 0;
  for (let day = Math.floor(start / DAY_MINUTES) * DAY_MINUTES; day < end; day += DAY_MINUTES) {
    total += Math.max(0, Math.min(end, day + NIGHT_END_MINUTES) - Math.max(start, day));
  }
  return total;
}

/** The connections between a flight's segments, in order. */
export function layoversOf(flight: Flight): Layover[] {
  const layovers: Layover[] = [];
  for (const [index, segment] of flight.segments.entries()) {
    const next = flight.segments[index + 1];
    if (!next) break;
    const minutes = minutesBetween(segment.arrivalDateTime, next.departureDateTime);
    const landsAt = wallClockMinutes(segment.arrivalDateTime);
    layovers.push({
      arrivalAirport: segment.arrivalAirport.code,
      departureAirport: next.departureAirport.code,
      minutes,
      overnight: nightMinutes(landsAt, landsAt + minutes) >= OVERNIGHT_MINUTES,
    });
  }
  return layovers;
}

/** The longest connection of a flight in minutes; 0 for a direct flight. */
export const longestLayoverMinutes = (flight: Flight) => Math.max(0, ...layoversOf(flight).map((layover) => layover.minutes));

/** The airports a flight connects at (both, when the connection changes airport). */
export function connectionAirportsOf(flight: Flight): string[] {
  const airports = new Set<string>();
  for (const layover of layoversOf(flight)) airports.add(layover.arrivalAirport).add(layover.departureAirport);
  return [...airports];
}

/** What a card warns about a flight: overnight or long layovers, a change of airport, separate tickets. */
export function journeyFlagsOf(flight: Flight): JourneyFlag[] {
  const layovers = layoversOf(flight);
  const flags: JourneyFlag[] = [];
  if (layovers.some((layover) => layover.overnight)) flags.push('overnightLayover');
  if (layovers.some((layover) => layover.minutes > LONG_LAYOVER_MINUTES)) flags.push('longLayover');
  if (layovers.some((layover) => layover.arrivalAirport !== layover.departureAirport)) flags.push('airportChange');
  if (flight.selfTransfer === true) flags.push('selfTransfer');
  return flags;
}

/** The airports an offer connects at, across its legs and flight choices. */
function offerConnectionAirports(recommendation: Recommendation): Map<string, string> {
  const airports = new Map<string, string>();
  for (const leg of recommendation.itinerary)
    for (const flight of leg.flights)
      for (const [index, segment] of flight.segments.entries()) {
        const next = flight.segments[index + 1];
        if (!next) break;
        airports.set(segment.arrivalAirport.code, segment.arrivalAirport.description);
        airports.set(next.departureAirport.code, next.departureAirport.description);
      }
  return airports;
}

/** The connecting-airports filter's options: every airport some offer connects at, with how many offers connect there, most first. */
export function connectionOptions(data: Recommendation[]): Array<{ code: string; description: string; count: number }> {
  const options = new Map<string, { code: string; description: string; count: number }>();
  for (const recommendation of data) {
    for (const [code, description] of offerConnectionAirports(recommendation)) {
      const option = options.get(code) ?? { code, description, count: 0 };
      option.count += 1;
      options.set(code, option);
    }
  }
  return [...options.values()].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

const DURATION_STEPS_HOURS = [2, 3, 4, 6, 8, 10, 12, 15, 18, 24, 30, 36, 48];
const LAYOVER_STEPS_HOURS = [1, 2, 3, 4, 6, 8, 12, 24];

/** Steps (in minutes) that keep something and drop something: from the shortest value up to, not including, the longest. */
function stepsWithin(values: number[], stepsHours: number[], chosen: number | undefined): number[] {
  const steps = values.length === 0 ? [] : stepsHours.map((hours) => hours * 60).filter((minutes) => minutes >= Math.min(...values) && minutes < Math.max(...values));
  if (chosen !== undefined && !steps.includes(chosen)) steps.push(chosen);
  return steps.sort((a, b) => a - b);
}

/** Durations travel as HHMM text ('0125', '10405' for 104 h 05 min). */
export const minutesOfHHMM = (hhmm: string) => Number(hhmm.slice(0, -2)) * 60 + Number(hhmm.slice(-2));
const allFlights = (data: Recommendation[]) => data.flatMap((recommendation) => recommendation.itinerary.flatMap((leg) => leg.flights));

/** The "maximum journey time" choices, in minutes, for this list (the chosen one kept). */
export const durationSteps = (data: Recommendation[], chosen?: number) =>
  stepsWithin(
    allFlights(data).map((flight) => minutesOfHHMM(flight.elapsedTime)),
    DURATION_STEPS_HOURS,
    chosen,
  );

/** The "maximum layover" choices, in minutes, for this list (the chosen one kept). */
export const layoverSteps = (data: Recommendation[], chosen?: number) =>
  stepsWithin(
    allFlights(data)
      .filter((flight) => flight.segments.length > 1)
      .map(longestLayoverMinutes),
    LAYOVER_STEPS_HOURS,
    chosen,
  );

/** Whether a flight keeps within the journey-quality criteria. */
export function keepsJourneyQuality(flight: Flight, criteria: { maxDuration?: number; maxLayover?: number; excludedConnections?: string[] }): boolean {
  if (criteria.maxDuration !== undefined && minutesOfHHMM(flight.elapsedTime) > criteria.maxDuration) return false;
  if (criteria.maxLayover !== undefined && longestLayoverMinutes(flight) > criteria.maxLayover) return false;
  const excluded = criteria.excludedConnections;
  if (excluded && excluded.length > 0 && connectionAirportsOf(flight).some((airport) => excluded.includes(airport))) return false;
  return true;
}
