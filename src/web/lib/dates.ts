import { formats } from '@lingui/core';
import { BUSINESS_TIMEZONE } from '../../contract/common.ts';
import { todayIn, utcMidnightOf } from '../../contract/iso-date.ts';

/** Today in the business zone (spec 1 §1: America/Lima), the first day a search may leave. */
export const todayInLima = () => todayIn(BUSINESS_TIMEZONE);

// Dates are formatted through Lingui's formatter cache: `toLocaleDateString` with options builds a new
// Intl formatter on every call, a few ms each on a slow phone, and a results page formats dozens of dates.

/** A calendar date (YYYY-MM-DD) in the reader's language, e.g. "Tue, Mar 3, 2026" / "mar, 3 mar 2026". */
export function formatCalendarDate(isoDate: string, locale: string): string {
  return formats.date(locale, utcMidnightOf(isoDate), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** A calendar month (YYYY-MM) in the reader's language, e.g. "March 2026" / "marzo de 2026". */
export function formatCalendarMonth(isoMonth: string, locale: string): string {
  return formats.date(locale, utcMidnightOf(`${isoMonth}-01`), { timeZone: 'UTC', month: 'long', year: 'numeric' });
}

/** An instant shown as date and time in a given zone (the business zone unless told otherwise). */
export function formatInstant(isoInstant: string, locale: string, timeZone: string): string {
  return formats.date(locale, new Date(isoInstant), { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
