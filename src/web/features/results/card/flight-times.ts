import { daysBetweenIsoDates } from '../../../../contract/iso-date.ts';

/**
 * Contract times are the airport's local time with its UTC offset (2026-12-10T10:20:00-05:00), so
 * the clock on screen is the text itself: each airport keeps its own zone.
 */
export const clockTime = (localDateTime: string) => localDateTime.slice(11, 16);

/** Calendar days from departure to arrival, each read in its own airport's zone (the "+1" marker). */
export function dayOffset(departure: string, arrival: string): number {
  return daysBetweenIsoDates(departure.slice(0, 10), arrival.slice(0, 10));
}

/** Durations travel as HHMM text ('0125', '1230', '10405' for 104 h 05 min). */
export const minutesOfHHMM = (hhmm: string) => Number(hhmm.slice(0, -2)) * 60 + Number(hhmm.slice(-2));

/** Real minutes between two local times of different airports: compared as instants (each carries its offset), not wall clocks. */
export const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
