import { useLingui } from '@lingui/react/macro';
import { MIXED_AIRLINES } from '../../../../machines/filters.rules.ts';
import type { Recommendation } from '../../../contract/search.ts';

// Its own module: the price matrix and the filter bar (a chunk of its own) both name airlines, and the
// filter bar importing the matrix's module split the tracker out of the results chunk.
/** A code's airline name as the offers spell it; `00` is "mixed airlines". */
export function useAirlineName(data: Recommendation[]) {
  const { t } = useLingui();
  const names = new Map<string, string>();
  for (const recommendation of data) for (const leg of recommendation.itinerary) for (const flight of leg.flights) names.set(flight.marketingAirline.code, flight.marketingAirline.name);
  return (code: string) => (code === MIXED_AIRLINES ? t`Mixed airlines` : (names.get(code) ?? code));
}
