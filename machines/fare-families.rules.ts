import type { ComparedFare } from '../src/contract/fares.ts';
import type { Recommendation } from '../src/contract/search.ts';
import { comparablePrice, fareBagTotal, wantsBags, type BagChoice } from './bag-prices.ts';
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

/** The family the comparison marks for the traveller's bags, with its total once those bags are bought on it. */
export interface FareForBags {
  code: string;
  total: number;
  /** What the bags the family lacks add to its fare (0 when it includes them all). */
  extra: number;
}

/**
 * Issue 21: the cheapest family whose inclusions, plus the bags it sells at its own per-leg prices
 * (bag-prices.ts), give every traveller the chosen carry-on and checked bags on each of the offer's `legCount`
 * legs; null when no bag is chosen or no family can carry them at a known price.
 */
export function cheapestFareForBags(fares: readonly ComparedFare[], legCount: number, bags: BagChoice): FareForBags | null {
  if (!wantsBags(bags)) return null;
  let cheapest: FareForBags | null = null;
  for (const fare of fares) {
    const bagTotal = fareBagTotal(fare, legCount, bags);
    const total = comparablePrice(bagTotal);
    if (total < (cheapest?.total ?? Infinity)) cheapest = { code: fare.code, total, extra: bagTotal.kind === 'priced' ? bagTotal.extra : 0 };
  }
  return cheapest;
}
