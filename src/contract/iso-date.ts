/*
 * Plain calendar dates as the URLs and forms carry them (YYYY-MM-DD text), computed on UTC midnights:
 * what the search form and the results page need, without temporal-polyfill (~17 KB on the wire) on
 * their first load. The checkout, whose age and policy rules need more, keeps Temporal.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a YYYY-MM-DD date, or NaN when the text is not one (2026-02-30 is not). */
function epochOf(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return Number.NaN;
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return isoDateOf(date.getTime()) === isoDate ? date.getTime() : Number.NaN;
}

function isoDateOf(epoch: number): string {
  const date = new Date(epoch);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function epochOrThrow(isoDate: string): number {
  const epoch = epochOf(isoDate);
  if (Number.isNaN(epoch)) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return epoch;
}

/** A real calendar date written YYYY-MM-DD (2026-02-29 is not one). */
export const isIsoDate = (text: string): boolean => !Number.isNaN(epochOf(text));

/** The date `days` days later (earlier when negative). */
export const addDaysToIsoDate = (isoDate: string, days: number): string => isoDateOf(epochOrThrow(isoDate) + days * DAY_MS);

/** -1, 0 or 1 as `a` is before, on or after `b`. */
export function compareIsoDates(a: string, b: string): -1 | 0 | 1 {
  const difference = epochOrThrow(a) - epochOrThrow(b);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetweenIsoDates = (from: string, to: string): number => Math.round((epochOrThrow(to) - epochOrThrow(from)) / DAY_MS);

/** One formatter per zone: building an Intl formatter costs more than many uses of it (a few ms on a slow phone). */
const calendarDayFormats = new Map<string, Intl.DateTimeFormat>();
function calendarDayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = calendarDayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    calendarDayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = calendarDayFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The UTC midnight of a YYYY-MM-DD date as a Date, to format in the UTC zone (the date itself, whatever the reader's zone). */
export const utcMidnightOf = (isoDate: string): Date => new Date(epochOrThrow(isoDate));
