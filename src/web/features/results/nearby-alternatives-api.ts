import { queryOptions } from '@tanstack/react-query';
import type { PriceCalendarRequest } from '../../../../machines/price-calendar.machine.ts';
import type { Language } from '../../../contract/common.ts';
import { nearbyAlternativesResponseSchema, type NearbyAlternative } from '../../../contract/nearby-alternatives.ts';
import { apiGet } from '../../lib/api.ts';
import { priceCalendarPath } from './price-calendar-api.ts';
import type { ResultsSearchState } from './results-url.ts';

/** GET /api/flights/nearby (issue 21): cheaper trips from or to an airport near the searched route, read only. */
export const nearbyAlternativesQueryOptions = (request: PriceCalendarRequest, language: Language) =>
  queryOptions({
    queryKey: ['nearby-alternatives', request, language],
    queryFn: ({ signal }) => apiGet(`${priceCalendarPath(request, '/flights/nearby')}&language=${language}`, nearbyAlternativesResponseSchema, signal),
    staleTime: 10 * 60_000,
  });

/** The searched trip with one end moved to the alternative's airport (the return leg follows). */
export function searchWithAlternative(search: ResultsSearchState, alternative: NearbyAlternative): ResultsSearchState {
  const [outbound, back] = search.itinerary;
  if (!outbound) return search;
  const moved = { ...outbound, origin: alternative.origin, destination: alternative.destination };
  return { ...search, itinerary: back ? [moved, { ...back, origin: alternative.destination, destination: alternative.origin }] : [moved] };
}
