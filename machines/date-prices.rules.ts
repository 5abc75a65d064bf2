import { addDaysToIsoDate, compareIsoDates } from '../src/contract/iso-date.ts';
import { PRICE_CALENDAR_WEEK_DAYS, type PriceBand, type PriceCalendarResponse } from '../src/contract/price-calendar.ts';
import type { DatePricesQuery, DayPrices } from './date-prices.machine.ts';
import type { PriceCalendarRequest } from './price-calendar.machine.ts';

/* Which calendar calls price a month of the date picker, and how their answers read as days (issue 21). Apart
   from the machine, so the home page loads them (and the calendar contract) only when prices are first asked. */

/** The last day of a month (YYYY-MM): the day before the first of the next (the 28th + 4 days is always in it). */
const lastDayOf = (month: string) => addDaysToIsoDate(`${addDaysToIsoDate(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * The GET /api/flights/calendar calls that price a month's days.
 * Departures: one calendar centred on the 16th (± 30 days covers the whole month), or on today when the 16th
 * has passed (earlier days cannot be chosen); one way for a one way, round trip at `stayNights` for a round
 * trip's departure (issue 37: a round-trip picker showed one-way fares under its departure days).
 * Returns paired with a chosen departure: round-trip calendars dated on that departure, whose week of that
 * departure holds its pairs with the 7 returns around `return`; one call per 7 returns of the month from the
 * departure on (at most 5).
 */
export function datePricesRequests(query: DatePricesQuery): PriceCalendarRequest[] {
  const { month, departure, today, stayNights = null, ...route } = query;
  const monthStart = `${month}-01`;
  const monthEnd = lastDayOf(month);
  if (departure === null) {
    const centre = [`${month}-16`, today].sort(compareIsoDates)[1] as string;
    // A round trip's departures: one round-trip calendar, whose departures ± 30 days each pair with the return a stay later.
    const returnDate = stayNights === null ? null : addDaysToIsoDate(centre, stayNights);
    return compareIsoDates(centre, monthEnd) > 0 ? [] : [{ ...route, date: centre, returnDate }];
  }
  const half = Math.floor(PRICE_CALENDAR_WEEK_DAYS / 2);
  const first = [monthStart, departure].sort(compareIsoDates)[1] as string;
  const requests: PriceCalendarRequest[] = [];
  for (let from = first; compareIsoDates(from, monthEnd) <= 0; from = addDaysToIsoDate(from, PRICE_CALENDAR_WEEK_DAYS)) {
    requests.push({
      ...route,
      date: departure,
      returnDate: addDaysToIsoDate(from, half),
    });
  }
  return requests;
}

/**
 * The priced days of calendar answers within `month`: departure days (a round trip's with the return
 * `stayNights` later), or the returns paired with `departure`.
 */
export function dayPricesOf(answers: readonly PriceCalendarResponse[], month: string, departure: string | null, stayNights: number | null = null): DayPrices {
  const prices: DayPrices = {};
  const put = (day: string, total: number | null, band: PriceBand | null) => {
    if (total !== null && band !== null && day.startsWith(`${month}-`)) prices[day] = { total, band };
  };
  for (const { data } of answers) {
    if (data.type === 'OW') for (const day of data.days) put(day.date, day.total, day.band);
    else if (departure === null) {
      for (const pair of data.weeks.flatMap((week) => week.pairs)) if (stayNights !== null && pair.returnDate === addDaysToIsoDate(pair.departureDate, stayNights)) put(pair.departureDate, pair.total, pair.band);
    } else for (const pair of data.weeks.flatMap((week) => week.pairs)) if (pair.departureDate === departure && pair.returnDate >= pair.departureDate) put(pair.returnDate, pair.total, pair.band);
  }
  return prices;
}
