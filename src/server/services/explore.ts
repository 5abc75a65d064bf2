import { errorCodes } from '../../contract/common.ts';
import { addMonths, EXPLORE_MONTHS_AHEAD, type ExploreDestination, type ExploreQuery, type ExploreResponse } from '../../contract/explore.ts';
import { addDaysToIsoDate } from '../../contract/iso-date.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { withDeadline } from '../supply/deadline.ts';
import { SupplierTimeout, type Supplier } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { airportDetails } from './places.ts';
import { calendarCacheOf } from './price-calendar.ts';
import { businessToday, DEFAULT_SEARCH_DEADLINE_MS } from './search.ts';

function checkQuery(query: ExploreQuery, today: string): void {
  const thisMonth = today.slice(0, 7);
  const lastMonth = addMonths(thisMonth, EXPLORE_MONTHS_AHEAD);
  const errors = [
    ...(airportCatalogue().isKnown(query.origin) ? [] : [{ path: 'query.origin', code: 'unknown_airport', value: `${query.origin} is not a known airport or city code` }]),
    ...(query.month < thisMonth ? [{ path: 'query.month', code: 'past_month', value: `${query.month} is before this month (${thisMonth}, America/Lima)` }] : []),
    ...(query.month > lastMonth ? [{ path: 'query.month', code: 'too_far_ahead', value: `${query.month} is after ${lastMonth}: flights are sold up to ${EXPLORE_MONTHS_AHEAD} months ahead` }] : []),
  ];
  if (errors.length > 0) throw new ApiFailure(400, errorCodes.badRequest, errors[0]?.value ?? 'Invalid explore request', errors);
}

/** The days of `month` still sold: from today (when it is this month) to its last day. */
function daysLeftIn(month: string, today: string): string[] {
  const last = addDaysToIsoDate(`${addMonths(month, 1)}-01`, -1);
  const days: string[] = [];
  for (let day = `${month}-01` < today ? today : `${month}-01`; day <= last; day = addDaysToIsoDate(day, 1)) days.push(day);
  return days;
}

/**
 * Airports sold from an origin as the supplier knows its routes: nonstop, and with one connection at an
 * airport flown to nonstop; never one of the origin's own city.
 */
function destinationsFrom(supplier: Supplier, origin: string): string[] {
  const catalogue = airportCatalogue();
  const originAirports = catalogue.expand(origin);
  const originCities = new Set(originAirports.map((code) => catalogue.airports.get(code)?.cityCode ?? code));
  const nonstop = new Set(originAirports.flatMap((airport) => supplier.nonstopDestinations(airport).map((destination) => destination.code)));
  const reachable = new Set([...nonstop, ...[...nonstop].flatMap((airport) => supplier.nonstopDestinations(airport).map((destination) => destination.code))]);
  return [...reachable].filter((code) => !originCities.has(catalogue.airports.get(code)?.cityCode ?? code)).sort();
}

/** Destinations asked at once. The sandbox prices on the CPU (up to ~0.3 s a destination): between batches other requests are served. */
const EXPLORE_BATCH = 8;

async function inBatches<T>(codes: readonly string[], signal: AbortSignal, ask: (code: string) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < codes.length; start += EXPLORE_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    // Past the deadline the request has its 504 already: stop asking.
    if (signal.aborted) break;
    answers.push(...(await Promise.all(codes.slice(start, start + EXPLORE_BATCH).map(ask))));
  }
  return answers;
}

/**
 * GET /api/flights/explore (issue 21, "Explora"): per destination sold from the origin, the cheapest one-way
 * total (one adult, economy) among the month's days still sold, from the supplier's price calendar (one
 * question per destination), cheapest first; cached as the price calendar is.
 */
export async function explore(deps: AppDeps, query: ExploreQuery): Promise<{ json: string; cached: boolean }> {
  const engine = await resolveTerminal(deps, query.terminalId, query.token);
  const now = deps.now();
  const today = businessToday(now);
  checkQuery(query, today);
  const key = JSON.stringify(['explore', query.origin, query.month, query.language, today, engine.isAgency]);
  const cache = calendarCacheOf(deps.supplier);
  const cached = cache.get(key, now.getTime());
  if (cached) return { json: cached, cached: true };
  const days = daysLeftIn(query.month, today);
  const pairs = days.map((departureDate) => ({ departureDate, returnDate: null }));
  const passengers = { adults: 1, children: 0, infants: 0 };
  const codes = destinationsFrom(deps.supplier, query.origin);
  let answers: Array<Array<number | null> | null>;
  try {
    answers = await withDeadline(deps.supplierSearchDeadlineMs ?? DEFAULT_SEARCH_DEADLINE_MS, (signal) =>
      inBatches(codes, signal, (destination) =>
        deps.supplier.priceCalendar({ origin: query.origin, destination, pairs, passengers, cabin: 'I', today, now: now.getTime(), agency: engine.isAgency }),
      ),
    );
  } catch (error) {
    if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
    throw error;
  }
  const destinations = codes
    .flatMap((code, index): ExploreDestination[] => {
      const totals = answers[index] ?? [];
      let cheapest: number | null = null;
      totals.forEach((total, day) => {
        if (total !== null && (cheapest === null || total < (totals[cheapest] as number))) cheapest = day;
      });
      if (cheapest === null) return [];
      const place = airportDetails(code, query.language);
      return [{ code, airportName: place.name, cityName: place.cityName, countryName: place.countryName, total: totals[cheapest] as number, date: days[cheapest] as string }];
    })
    .sort((a, b) => a.total - b.total || a.cityName.localeCompare(b.cityName, query.language));
  const response: ExploreResponse = { status: destinations.length > 0 ? 200 : 204, origin: query.origin, month: query.month, destinations };
  const json = JSON.stringify(response);
  cache.set(key, json, now.getTime());
  return { json, cached: false };
}
