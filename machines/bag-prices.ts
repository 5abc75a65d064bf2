import { inclusionsOfFlight, type BagInclusion } from '../src/contract/fare-inclusions.ts';
import type { Flight, LegBaggagePrices, Recommendation } from '../src/contract/search.ts';

/** The bags each traveller takes (issue 21's bags selector): a carry-on or not, none to two checked bags. */
export interface BagChoice {
  carryOn: 0 | 1;
  checked: 0 | 1 | 2;
}
export const NO_BAGS: BagChoice = { carryOn: 0, checked: 0 };
export const wantsBags = (bags: BagChoice) => bags.carryOn > 0 || bags.checked > 0;

/**
 * An offer's total with the chosen bags: `fare` when no bag is chosen or the fare includes them all; `priced` with
 * what the bags not included add; `unknown` when the supplier did not say what a needed bag costs (never guessed);
 * `unavailable` when the fare does not sell a needed bag.
 */
export type BagTotal =
  | { kind: 'fare'; total: number }
  | { kind: 'priced'; total: number; extra: number }
  | { kind: 'unknown'; total: number }
  | { kind: 'unavailable'; total: number };

/** Bags the traveller buys: adults and children (an infant on a lap has no bag allowance to extend). */
export function travellersWithBags(recommendation: Recommendation): number {
  const { adults, children } = recommendation.pricing.passengers;
  return adults.quantity + (children?.quantity ?? 0);
}

/** Pieces a leg's fare includes: the fewest among the leg's flight choices, so every choice keeps them. */
function includedPieces(flights: readonly Flight[], kind: 'carryOn' | 'checkedBag'): { pieces: number; sold: boolean } {
  let pieces = Infinity;
  let sold = true;
  for (const flight of flights) {
    const inclusion: BagInclusion = inclusionsOfFlight(flight)[kind];
    pieces = Math.min(pieces, inclusion.state === 'INC' ? inclusion.pieces : 0);
    if (inclusion.state === 'NOF') sold = false;
  }
  return { pieces: Number.isFinite(pieces) ? pieces : 0, sold };
}

/** What one traveller pays for `count` more checked bags on a leg, or undefined when not told. */
function checkedPrice(prices: LegBaggagePrices | undefined, count: number): number | undefined {
  if (count === 1) return prices?.checked;
  return prices?.twoChecked;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Issue 21: fare total + the bags the fare does not include × that fare's bag price × travellers, leg by leg. */
export function bagInclusiveTotal(recommendation: Recommendation, bags: BagChoice): BagTotal {
  const fare = recommendation.pricing.total;
  if (!wantsBags(bags)) return { kind: 'fare', total: fare };
  let perTraveller = 0;
  let unknown = false;
  for (const [legIndex, leg] of recommendation.itinerary.entries()) {
    const prices = recommendation.baggagePrices?.[legIndex];
    const carryOn = includedPieces(leg.flights, 'carryOn');
    const checked = includedPieces(leg.flights, 'checkedBag');
    const carryOnMissing = Math.max(0, bags.carryOn - carryOn.pieces);
    const checkedMissing = Math.max(0, bags.checked - checked.pieces);
    if ((carryOnMissing > 0 && !carryOn.sold) || (checkedMissing > 0 && !checked.sold)) return { kind: 'unavailable', total: fare };
    const carryOnPrice = carryOnMissing > 0 ? prices?.carryOn : 0;
    const checkedBagsPrice = checkedMissing > 0 ? checkedPrice(prices, checkedMissing) : 0;
    if (carryOnPrice === undefined || checkedBagsPrice === undefined) unknown = true;
    else perTraveller += carryOnPrice + checkedBagsPrice;
  }
  if (unknown) return { kind: 'unknown', total: fare };
  if (perTraveller === 0) return { kind: 'fare', total: fare };
  const extra = cents(perTraveller * travellersWithBags(recommendation));
  return { kind: 'priced', total: cents(fare + extra), extra };
}

/** The price an offer sorts by with the chosen bags; offers whose bags cannot be priced sort after every priced one. */
export function sortingPrice(recommendation: Recommendation, bags: BagChoice): number {
  const total = bagInclusiveTotal(recommendation, bags);
  return total.kind === 'fare' || total.kind === 'priced' ? total.total : Infinity;
}

/** The "carry-on included" filter: every flight choice of every leg includes a carry-on. */
export function includesCarryOn(recommendation: Recommendation): boolean {
  return recommendation.itinerary.every((leg) => includedPieces(leg.flights, 'carryOn').pieces > 0);
}
