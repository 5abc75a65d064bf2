import { Temporal } from 'temporal-polyfill';

/**
 * Fast wall-clock maths for timetables. Temporal is exact but slow for thousands of flights per
 * search, so zone offsets are computed with it once per zone and day/hour and then cached.
 */
const noonOffsets = new Map<string, number>();
const instantOffsets = new Map<string, number>();
const cacheLimit = 50_000;

const minuteMs = 60_000;

/** UTC offset (minutes) of a zone on a local date; flights leave 05:00–24:00, after any DST switch. */
function localDateOffset(timeZone: string, isoDate: string): number {
  const key = `${timeZone}|${isoDate}`;
  let offset = noonOffsets.get(key);
  if (offset === undefined) {
    if (noonOffsets.size > cacheLimit) noonOffsets.clear();
    const zoned = Temporal.PlainDate.from(isoDate).toZonedDateTime({ timeZone, plainTime: '12:00' });
    offset = zoned.offsetNanoseconds / 60e9;
    noonOffsets.set(key, offset);
  }
  return offset;
}

/** UTC offset (minutes) of a zone at an instant, cached per hour. */
export function offsetAt(timeZone: string, epochMs: number): number {
  const hour = Math.floor(epochMs / 3_600_000);
  const key = `${timeZone}|${hour}`;
  let offset = instantOffsets.get(key);
  if (offset === undefined) {
    if (instantOffsets.size > cacheLimit) instantOffsets.clear();
    offset = Temporal.Instant.fromEpochMilliseconds(hour * 3_600_000).toZonedDateTimeISO(timeZone).offsetNanoseconds / 60e9;
    instantOffsets.set(key, offset);
  }
  return offset;
}

/** The instant of a local wall time (minutes after midnight) on a date in a zone. */
export function localToEpoch(timeZone: string, isoDate: string, minuteOfDay: number): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) + (minuteOfDay - localDateOffset(timeZone, isoDate)) * minuteMs;
}

/** ISO 8601 local time with its offset, e.g. 2026-12-01T07:35:00-05:00. */
export function formatLocal(epochMs: number, offsetMinutes: number): string {
  const wall = new Date(epochMs + offsetMinutes * minuteMs).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** Durations as the spec writes them: HHMM text. */
export function formatHHMM(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

/** ISO weekday 1–7 of a plain date. */
export function isoWeekday(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  return Math.round((Date.parse(`${toIsoDate}T00:00:00Z`) - Date.parse(`${fromIsoDate}T00:00:00Z`)) / 86_400_000);
}
