import type { Recommendation } from '../src/contract/search.ts';
import { chosenFlights } from './selection.ts';

const PROVIDERS_WITH_UPSELL = new Set([100, 102, 106, 107, 108, 110, 111, 112]);

/**
 * Spec 1 §5: upsell is offered when the first leg's flight carries a branded fare and the provider
 * allows it (100 except H2, 102, 106, 107, 108, 110, 111, and 112 only with upsell data), for at
 * most 2 legs on a single airline — provider 102 allows more legs.
 */
export function isUpsellOffered(recommendation: Recommendation, choice: number[]): boolean {
  const [first] = chosenFlights(recommendation, choice);
  if (!first?.brandedFare?.brandID) return false;
  const provider = recommendation.pos.systemProviderCode;
  if (!PROVIDERS_WITH_UPSELL.has(provider)) return false;
  if (provider === 100 && recommendation.pricing.validatingAirline === 'H2') return false;
  if (provider === 112 && !recommendation.pricing.upsellData) return false;
  const airlines = new Set(recommendation.itinerary.flatMap((leg) => leg.flights.map((flight) => flight.marketingAirline.code)));
  if (airlines.size !== 1) return false;
  return provider === 102 || recommendation.itinerary.length <= 2;
}
