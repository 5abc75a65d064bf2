import { Temporal } from 'temporal-polyfill';

/** A calendar date (YYYY-MM-DD) in the reader's language, e.g. "Tue, Mar 3, 2026" / "mar, 3 mar 2026". */
export function formatCalendarDate(isoDate: string, locale: string): string {
  return Temporal.PlainDate.from(isoDate).toLocaleString(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** An instant shown as date and time in a given zone (the business zone unless told otherwise). */
export function formatInstant(isoInstant: string, locale: string, timeZone: string): string {
  return Temporal.Instant.from(isoInstant).toLocaleString(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
