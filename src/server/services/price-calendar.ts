import { errorCodes } from '../../contract/common.ts';
import { addDaysToIsoDate, daysBetweenIsoDates } from '../../contract/iso-date.ts';
import {
  bandsOf,
  calendarWeeks,
  PRICE_CALENDAR_WINDOW_DAYS,
  type PriceCalendar,
  type PriceCalendarQuery,
  type PriceCalendarResponse,
} from '../../contract/price-calendar.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { withDeadline } from '../supply/deadline.ts';
import { SupplierTimeout } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { answerCacheOf, askCalendar, costlyBounds } from './costly-answers.ts';
import { businessToday } from './search.ts';

/** The route's airports and date, checked where the request carries them (`query` for GETs, `json` for a body): typed 400s. */
export function checkRoute(query: PriceCalendarQuery, today: string, location: 'query' | 'json' = 'query'): void {
  const catalogue = airportCatalogue();
  const errors = [
    ...(['origin', 'destination'] as const)
      .filter((end) => !catalogue.isKnown(query[end]))
      .map((end) => ({ path: `${location}.${end}`, code: 'unknown_airport', value: `${query[end]} is not a known airport or city code` })),
    ...(query.date < today ? [{ path: `${location}.date`, code: 'past_date', value: `${query.date} is before today (${today}, America/Lima)` }] : []),
    ...(catalogue.expand(query.origin).some((code) => catalogue.expand(query.destination).includes(code))
      ? [{ path: `${location}.destination`, code: 'same_airport', value: 'Origin and destination must differ' }]
      : []),
  ];
  if (errors.length > 0) throw new ApiFailure(400, errorCodes.badRequest, errors[0]?.value ?? 'Invalid calendar request', errors);
}

/** The departure days (one way) or departure/return pairs (round trip, week by week) the calendar prices. */
function layoutOf(query: PriceCalendarQuery) {
  if (query.return === undefined) {
    const days = Array.from({ length: PRICE_CALENDAR_WINDOW_DAYS * 2 + 1 }, (_, index) => addDaysToIsoDate(query.date, index - PRICE_CALENDAR_WINDOW_DAYS));
    return { stayNights: null, weeks: null, pairs: days.map((departureDate) => ({ departureDate, returnDate: null })) };
  }
  const stayNights = daysBetweenIsoDates(query.date, query.return);
  const weeks = calendarWeeks(query.date, stayNights);
  const pairs = weeks.flatMap((week) => week.departures.flatMap((departureDate) => week.returns.map((returnDate): { departureDate: string; returnDate: string | null } => ({ departureDate, returnDate }))));
  return { stayNights, weeks, pairs };
}

/**
 * GET /api/flights/calendar (issue 21): the cheapest total per day or pair over the chosen dates ± 30 days,
 * banded cheap/typical/expensive, as serialised JSON cached per query and day, single-flight and under a
 * deadline (issue 36, costly-answers.ts).
 */
export async function priceCalendar(deps: AppDeps, query: PriceCalendarQuery): Promise<{ json: string; cached: boolean }> {
  const engine = await resolveTerminal(deps, query.terminalId, query.token);
  const now = deps.now();
  const today = businessToday(now);
  checkRoute(query, today);
  const layout = layoutOf(query);
  const { pairs } = layout;
  const passengers = { adults: query.adults, children: query.children, infants: query.infants };
  const key = JSON.stringify(['calendar', query.origin, query.destination, query.date, query.return ?? null, passengers, query.cabin, today, engine.isAgency]);
  const { waitMs, workMs } = costlyBounds(deps);
  return answerCacheOf(deps.supplier).answer(key, {
    now: () => deps.now().getTime(),
    waitMs,
    compute: async () => {
      let totals: Array<number | null>;
      try {
        const answer = await withDeadline(workMs, (signal) =>
          askCalendar(deps.supplier, { origin: query.origin, destination: query.destination, pairs, passengers, cabin: query.cabin, today, now: now.getTime(), agency: engine.isAgency }, signal),
        );
        totals = answer ?? pairs.map(() => null);
      } catch (error) {
        if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
        throw error;
      }
      return { value: calendarJson(query, layout, totals) };
    },
  }).then(({ value, cached }) => ({ json: value, cached }));
}

/** The calendar's answer, serialised once for every request the cache serves it to. */
function calendarJson(query: PriceCalendarQuery, { stayNights, weeks, pairs }: ReturnType<typeof layoutOf>, totals: Array<number | null>): string {
  const bands = bandsOf(totals);
  const priced = pairs.map((pair, index) => ({ ...pair, total: totals[index] ?? null, band: bands[index] ?? null }));
  const data: PriceCalendar =
    weeks === null || stayNights === null
      ? { type: 'OW', days: priced.map(({ departureDate, total, band }) => ({ date: departureDate, total, band })) }
      : {
          type: 'RT',
          stayNights,
          // The pairs were laid out week by week (layoutOf): each week takes its departures × returns in turn.
          weeks: weeks.map((week) => {
            const size = week.departures.length * week.returns.length;
            const inWeek = priced.splice(0, size);
            return { ...week, pairs: inWeek.map(({ departureDate, returnDate, total, band }) => ({ departureDate, returnDate: returnDate ?? departureDate, total, band })) };
          }),
        };
  const response: PriceCalendarResponse = { status: totals.some((total) => total !== null) ? 200 : 204, date: query.date, returnDate: query.return ?? null, data };
  return JSON.stringify(response);
}
