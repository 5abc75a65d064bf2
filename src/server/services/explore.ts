import { errorCodes } from '../../contract/common.ts';
import { addMonths, EXPLORE_MONTHS_AHEAD, type ExploreDestination, type ExploreQuery, type ExploreResponse } from '../../contract/explore.ts';
import { addDaysToIsoDate } from '../../contract/iso-date.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure, RetryLater } from '../errors.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { SupplierTimeout, type Supplier } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { airportDetails } from './places.ts';
import { answerCacheOf, askCalendar, costlyBounds, PARTIAL_ANSWER_TTL_MS, Slots, type Computed } from './costly-answers.ts';
import { businessToday } from './search.ts';

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

/** Destinations priced per answer at most: nonstop ones first, then those one connection away. */
export const MAX_EXPLORE_DESTINATIONS = 150;
/** Questions one Explora computation has in flight at once (the process's slots are shared: costly-answers.ts). */
const EXPLORE_CONCURRENCY = 4;
/** Explora answers computed at once in the process; more wait, up to EXPLORE_COMPUTATIONS_QUEUED, then 503 at once. */
export const EXPLORE_COMPUTATIONS_AT_ONCE = 2;
export const EXPLORE_COMPUTATIONS_QUEUED = 8;
const computations = new Slots(EXPLORE_COMPUTATIONS_AT_ONCE);

/**
 * Airports sold from an origin as the supplier knows its routes: nonstop, and with one connection at an
 * airport flown to nonstop; never one of the origin's own city. At most MAX_EXPLORE_DESTINATIONS, nonstop first.
 */
function destinationsFrom(supplier: Supplier, origin: string): string[] {
  const catalogue = airportCatalogue();
  const originAirports = catalogue.expand(origin);
  const originCities = new Set(originAirports.map((code) => catalogue.airports.get(code)?.cityCode ?? code));
  const elsewhere = (code: string) => !originCities.has(catalogue.airports.get(code)?.cityCode ?? code);
  const nonstop = new Set(originAirports.flatMap((airport) => supplier.nonstopDestinations(airport).map((destination) => destination.code)));
  const oneStop = new Set([...nonstop].flatMap((airport) => supplier.nonstopDestinations(airport).map((destination) => destination.code)).filter((code) => !nonstop.has(code)));
  return [...[...nonstop].filter(elsewhere).sort(), ...[...oneStop].filter(elsewhere).sort()].slice(0, MAX_EXPLORE_DESTINATIONS).sort();
}

/** Each code's answer, EXPLORE_CONCURRENCY at a time, until `signal` aborts; `undefined` where none came in time. */
async function askEach<T>(codes: readonly string[], signal: AbortSignal, ask: (code: string) => Promise<T>): Promise<Array<T | undefined>> {
  const answers: Array<T | undefined> = codes.map(() => undefined);
  let next = 0;
  const worker = async () => {
    while (next < codes.length && !signal.aborted) {
      const index = next++;
      try {
        answers[index] = await ask(codes[index] as string);
      } catch (error) {
        // A question not answered in time is left out (the answer is partial); any other failure fails the answer.
        if (!signal.aborted && !(error instanceof SupplierTimeout)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXPLORE_CONCURRENCY, codes.length) }, worker));
  return answers;
}

/** The cheapest day of each destination sold (language-free: the names are added per answer). */
interface PricedDestination {
  code: string;
  total: number;
  date: string;
}

/** A month's prices from an origin; not complete when the deadline left some destinations unasked. */
interface PricedMonth {
  priced: PricedDestination[];
  complete: boolean;
}

/** Prices the month from the origin: every destination asked, for at most the work deadline. */
async function priceMonth(deps: AppDeps, query: ExploreQuery, today: string, now: number, agency: boolean): Promise<Computed<PricedMonth>> {
  const days = daysLeftIn(query.month, today);
  const pairs = days.map((departureDate) => ({ departureDate, returnDate: null }));
  const passengers = { adults: 1, children: 0, infants: 0 };
  const codes = destinationsFrom(deps.supplier, query.origin);
  const { workMs } = costlyBounds(deps);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new SupplierTimeout(`Explora's questions were not all answered within ${workMs} ms.`)), workMs);
  let answers: Array<Array<number | null> | null | undefined>;
  try {
    answers = await askEach(codes, controller.signal, async (destination) =>
      (await askCalendar(deps.supplier, { origin: query.origin, destination, pairs, passengers, cabin: 'I', today, now, agency }, controller.signal)) ?? null,
    );
  } finally {
    clearTimeout(timer);
  }
  const complete = answers.every((answer) => answer !== undefined);
  if (answers.length > 0 && answers.every((answer) => answer === undefined)) {
    throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
  }
  const priced = codes.flatMap((code, index): PricedDestination[] => {
    const totals = answers[index] ?? [];
    let cheapest: number | null = null;
    totals.forEach((total, day) => {
      if (total !== null && (cheapest === null || total < (totals[cheapest] as number))) cheapest = day;
    });
    return cheapest === null ? [] : [{ code, total: totals[cheapest] as number, date: days[cheapest] as string }];
  });
  // Past the deadline, what is ready is the answer, reused briefly: the next request asks again.
  return complete ? { value: { priced, complete } } : { value: { priced, complete }, ttlMs: PARTIAL_ANSWER_TTL_MS };
}

/**
 * GET /api/flights/explore (issue 21, "Explora"): per destination sold from the origin, the cheapest one-way
 * total (one adult, economy) among the month's days still sold, from the supplier's price calendar (one
 * question per destination), cheapest first. Bounded (issue 36, costly-answers.ts): priced once per origin,
 * month, day and channel (both languages share it), single-flight, under a deadline, at most
 * MAX_EXPLORE_DESTINATIONS destinations, EXPLORE_CONCURRENCY questions at once.
 */
export async function explore(deps: AppDeps, query: ExploreQuery): Promise<{ json: string; cached: boolean; partial: boolean }> {
  const engine = await resolveTerminal(deps, query.terminalId, query.token);
  const now = deps.now();
  const today = businessToday(now);
  checkQuery(query, today);
  const key = JSON.stringify(['explore', query.origin, query.month, today, engine.isAgency]);
  const { waitMs } = costlyBounds(deps);
  const { value: month, cached } = await answerCacheOf(deps.supplier).answer(key, {
    now: () => deps.now().getTime(),
    waitMs,
    compute: () => {
      if (computations.queued >= EXPLORE_COMPUTATIONS_QUEUED) throw new RetryLater(503, errorCodes.unavailable, 'Explora is busy: please try again in a few seconds.', 5);
      return computations.run(() => priceMonth(deps, query, today, now.getTime(), engine.isAgency));
    },
  });
  const destinations = month.priced
    .map(({ code, total, date }): ExploreDestination => {
      const place = airportDetails(code, query.language);
      return { code, airportName: place.name, cityName: place.cityName, countryName: place.countryName, total, date };
    })
    .sort((a, b) => a.total - b.total || a.cityName.localeCompare(b.cityName, query.language));
  const response: ExploreResponse = { status: destinations.length > 0 ? 200 : 204, origin: query.origin, month: query.month, destinations };
  return { json: JSON.stringify(response), cached, partial: !month.complete };
}
