import { fromPromise } from 'xstate';
import type { ExploreRequest } from '../../../../machines/explore.machine.ts';
import { exploreResponseSchema, type ExploreDestination } from '../../../contract/explore.ts';
import { apiGet } from '../../lib/api.ts';
import { withQueryValue } from '../../lib/url.ts';
import { buildResultsUrl } from '../results/results-url.ts';
import type { SearchOrigin } from '../search/search-form-values.ts';

/** GET /api/flights/explore's address for a request. */
export function explorePath(request: ExploreRequest): string {
  const query = new URLSearchParams({ terminalId: request.terminalId, origin: request.origin, month: request.month, language: request.language });
  if (request.token) query.set('token', request.token);
  return `/flights/explore?${query.toString()}`;
}

/** The Explora machine's call. */
export const exploreActors = {
  loadDestinations: fromPromise(({ input, signal }: { input: ExploreRequest; signal: AbortSignal }) => apiGet(explorePath(input), exploreResponseSchema, signal)),
};

/** Where a destination leads: the one-way results from the explored origin on its cheapest date, for the price's one adult. */
export function destinationResultsUrl(origin: string, destination: ExploreDestination, from: SearchOrigin & { lang: string | undefined }): string {
  const { lang, ...searchOrigin } = from;
  const url = buildResultsUrl({
    flightType: 'OW',
    itinerary: [{ origin, destination: destination.code, date: destination.date }],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabinType: null,
    airline: null,
    corporateCode: null,
    ...searchOrigin,
  });
  return withQueryValue(url, 'lang', lang);
}
