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
import { SupplierTimeout, type Supplier } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { businessToday, DEFAULT_SEARCH_DEADLINE_MS } from './search.ts';

/** How long a calendar answer is reused: a live supplier's prices move, the sandbox's only with the day. */
export const CALENDAR_TTL_MS = 10 * 60_000;
/** Calendars kept per supplier (each is a few tens of KB of JSON); the oldest goes first. */
const CALENDAR_CACHE_ENTRIES = 500;

/** Serialised answers by query, each for CALENDAR_TTL_MS from when it was made. */
export class CalendarCache {
  private readonly entries = new Map<string, { json: string; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, now: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.json;
  }

  set(key: string, json: string, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { json, expires: now + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}

const caches = new WeakMap<Supplier, CalendarCache>();
/** The supplier's answer cache, shared by the calendar and the answers built from it (Explora), whose keys differ. */
export function calendarCacheOf(supplier: Supplier): CalendarCache {
  let cache = caches.get(supplier);
  if (!cache) {
    cache = new CalendarCache(CALENDAR_TTL_MS, CALENDAR_CACHE_ENTRIES);
    caches.set(supplier, cache);
  }
  return cache;
}

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
 * banded cheap/typical/expensive, as serialised JSON reused for CALENDAR_TTL_MS per query and day.
 */
export async function priceCalendar(deps: AppDeps, query: PriceCalendarQuery): Promise<{ json: string; cached: boolean }> {
  const engine = await resolveTerminal(deps, query.terminalId, query.token);
  const now = deps.now();
  const today = businessToday(now);
  checkRoute(query, today);
  const { stayNights, weeks, pairs } = layoutOf(query);
  const passengers = { adults: query.adults, children: query.children, infants: query.infants };
  const key = JSON.stringify([query.origin, query.destination, query.date, query.return ?? null, passengers, query.cabin, today, engine.isAgency]);
  const cache = calendarCacheOf(deps.supplier);
  const cached = cache.get(key, now.getTime());
  if (cached) return { json: cached, cached: true };
  let totals: Array<number | null>;
  try {
    const answer = await withDeadline(deps.supplierSearchDeadlineMs ?? DEFAULT_SEARCH_DEADLINE_MS, () =>
      deps.supplier.priceCalendar({ origin: query.origin, destination: query.destination, pairs, passengers, cabin: query.cabin, today, now: now.getTime(), agency: engine.isAgency }),
    );
    totals = answer ?? pairs.map(() => null);
  } catch (error) {
    if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
    throw error;
  }
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
  const json = JSON.stringify(response);
  cache.set(key, json, now.getTime());
  return { json, cached: false };
}
