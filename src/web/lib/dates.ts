import { BUSINESS_TIMEZONE } from '../../contract/common.ts';
import { todayIn, utcMidnightOf } from '../../contract/iso-date.ts';

/** Today in the business zone (spec 1 §1: America/Lima), the first day a search may leave. */
export const todayInLima = () => todayIn(BUSINESS_TIMEZONE);

/** A calendar date (YYYY-MM-DD) in the reader's language, e.g. "Tue, Mar 3, 2026" / "mar, 3 mar 2026". */
export function formatCalendarDate(isoDate: string, locale: string): string {
  return utcMidnightOf(isoDate).toLocaleDateString(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** An instant shown as date and time in a given zone (the business zone unless told otherwise). */
export function formatInstant(isoInstant: string, locale: string, timeZone: string): string {
  return new Date(isoInstant).toLocaleString(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
