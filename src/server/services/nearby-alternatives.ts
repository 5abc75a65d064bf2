import type { NearbyAlternative, NearbyAlternativesQuery } from '../../contract/nearby-alternatives.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { withDeadline } from '../supply/deadline.ts';
import { SupplierTimeout } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { airportsNear } from './places.ts';
import { checkRoute } from './price-calendar.ts';
import { businessToday, DEFAULT_SEARCH_DEADLINE_MS } from './search.ts';

/** Nearby airports tried per end of the route, nearest first: one calendar question each. */
export const NEARBY_ALTERNATIVES_PER_END = 4;

/**
 * GET /api/flights/nearby (issue 21): the searched route's cheapest total on its dates and, for up to
 * four airports within 150 km of each end, the same trip from or to that airport when it is cheaper,
 * cheapest first. One supplier calendar question answers every route at once per pair of dates.
 */
export async function nearbyAlternatives(deps: AppDeps, query: NearbyAlternativesQuery): Promise<{ total: number | null; alternatives: NearbyAlternative[] }> {
  const engine = await resolveTerminal(deps, query.terminalId, query.token);
  const now = deps.now();
  const today = businessToday(now);
  checkRoute(query, today);
  const candidates = (['origin', 'destination'] as const).flatMap((end) =>
    airportsNear(deps.supplier, query[end])
      .slice(0, NEARBY_ALTERNATIVES_PER_END)
      .map(({ airport, distanceKm }) => ({
        end,
        origin: end === 'origin' ? airport.code : query.origin,
        destination: end === 'destination' ? airport.code : query.destination,
        airportCode: airport.code,
        cityName: airport.city[query.language],
        distanceKm,
      }))
      .filter((candidate) => candidate.origin !== candidate.destination),
  );
  const passengers = { adults: query.adults, children: query.children, infants: query.infants };
  const pairs = [{ departureDate: query.date, returnDate: query.return ?? null }];
  const cheapest = async (origin: string, destination: string) => {
    const answer = await deps.supplier.priceCalendar({ origin, destination, pairs, passengers, cabin: query.cabin, today, now: now.getTime(), agency: engine.isAgency });
    return answer?.[0] ?? null;
  };
  let totals: Array<number | null>;
  try {
    totals = await withDeadline(deps.supplierSearchDeadlineMs ?? DEFAULT_SEARCH_DEADLINE_MS, () =>
      Promise.all([cheapest(query.origin, query.destination), ...candidates.map((candidate) => cheapest(candidate.origin, candidate.destination))]),
    );
  } catch (error) {
    if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
    throw error;
  }
  const [total = null, ...others] = totals;
  const alternatives = candidates
    .flatMap((candidate, index) => {
      const price = others[index] ?? null;
      return total !== null && price !== null && price < total ? [{ ...candidate, total: price, saving: Math.round((total - price) * 100) / 100 }] : [];
    })
    .sort((a, b) => a.total - b.total || a.distanceKm - b.distanceKm);
  return { total, alternatives };
}
