import type { NearbyAlternative, NearbyAlternativesQuery } from '../../contract/nearby-alternatives.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { withDeadline } from '../supply/deadline.ts';
import { SupplierTimeout } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { airportsNear } from './places.ts';
import { answerCacheOf, askCalendar, costlyBounds } from './costly-answers.ts';
import { checkRoute } from './price-calendar.ts';
import { businessToday } from './search.ts';

/** Nearby airports tried per end of the route, nearest first: one calendar question each. */
export const NEARBY_ALTERNATIVES_PER_END = 4;

/**
 * GET /api/flights/nearby (issue 21): the searched route's cheapest total on its dates and, for up to
 * four airports within 150 km of each end, the same trip from or to that airport when it is cheaper,
 * cheapest first. One supplier calendar question per route (at most 1 + 2 × NEARBY_ALTERNATIVES_PER_END); the
 * totals are cached per trip and day, single-flight and under a deadline (issue 36, costly-answers.ts).
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
  const key = JSON.stringify(['nearby', query.origin, query.destination, query.date, query.return ?? null, passengers, query.cabin, today, engine.isAgency]);
  const { waitMs, workMs } = costlyBounds(deps);
  const { value: totals } = await answerCacheOf(deps.supplier).answer(key, {
    now: () => deps.now().getTime(),
    waitMs,
    compute: async () => {
      const cheapest = async (origin: string, destination: string, signal: AbortSignal) => {
        const answer = await askCalendar(deps.supplier, { origin, destination, pairs, passengers, cabin: query.cabin, today, now: now.getTime(), agency: engine.isAgency }, signal);
        return answer?.[0] ?? null;
      };
      try {
        const value = await withDeadline(workMs, (signal) =>
          Promise.all([cheapest(query.origin, query.destination, signal), ...candidates.map((candidate) => cheapest(candidate.origin, candidate.destination, signal))]),
        );
        return { value };
      } catch (error) {
        if (error instanceof SupplierTimeout) throw new ApiFailure(504, 504, 'Disculpe las molestias: the flight provider did not answer in time. Please try again in a few minutes.');
        throw error;
      }
    },
  });
  const [total = null, ...others] = totals;
  const alternatives = candidates
    .flatMap((candidate, index) => {
      const price = others[index] ?? null;
      return total !== null && price !== null && price < total ? [{ ...candidate, total: price, saving: Math.round((total - price) * 100) / 100 }] : [];
    })
    .sort((a, b) => a.total - b.total || a.distanceKm - b.distanceKm);
  return { total, alternatives };
}
