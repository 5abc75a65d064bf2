import { inclusionsOfFlight, type BagInclusion } from '../src/contract/fare-inclusions.ts';
import type { ComparedFare } from '../src/contract/fares.ts';
import type { BagChoice, Flight, LegBaggagePrices, Recommendation } from '../src/contract/search.ts';

export type { BagChoice };
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
export function travellersWithBags({ pricing }: Pick<Recommendation, 'pricing'>): number {
  const { adults, children } = pricing.passengers;
  return adults.quantity + (children?.quantity ?? 0);
}

/** Pieces of a bag a leg's fare includes, and whether the fare sells more of it. */
interface IncludedBag {
  pieces: number;
  sold: boolean;
}

/** A leg as the bag rules read it: the bags its fare includes and what one more costs there. */
interface BagLeg {
  carryOn: IncludedBag;
  checked: IncludedBag;
  prices: LegBaggagePrices | undefined;
}

const includedBag = (inclusion: BagInclusion): IncludedBag => ({ pieces: inclusion.state === 'INC' ? inclusion.pieces : 0, sold: inclusion.state !== 'NOF' });

/** Pieces a leg's fare includes: the fewest among the leg's flight choices, so every choice keeps them. */
function includedPieces(flights: readonly Flight[], kind: 'carryOn' | 'checkedBag'): IncludedBag {
  let pieces = Infinity;
  let sold = true;
  for (const flight of flights) {
    const inclusion = includedBag(inclusionsOfFlight(flight)[kind]);
    pieces = Math.min(pieces, inclusion.pieces);
    if (!inclusion.sold) sold = false;
  }
  return { pieces: Number.isFinite(pieces) ? pieces : 0, sold };
}

/**
 * Per chosen flight (one per leg, as the session keeps them), the pieces each traveller adds for the chosen bags: what the fare
 * lacks, by the same rule the card priced them with; none where the fare does not sell the bag (the card said so).
 */
export function missingBagsPerLeg(flights: readonly Flight[], bags: BagChoice): Array<{ carryOn: number; checked: number }> {
  return flights.map((flight) => {
    const carryOn = includedPieces([flight], 'carryOn');
    const checked = includedPieces([flight], 'checkedBag');
    return {
      carryOn: carryOn.sold ? Math.max(0, bags.carryOn - carryOn.pieces) : 0,
      checked: checked.sold ? Math.max(0, bags.checked - checked.pieces) : 0,
    };
  });
}

/** What one traveller pays for `count` more checked bags on a leg, or undefined when not told. */
function checkedPrice(prices: LegBaggagePrices | undefined, count: number): number | undefined {
  if (count === 1) return prices?.checked;
  return prices?.twoChecked;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Issue 21: fare total + the bags the fare does not include × that fare's bag price × travellers, leg by leg. */
function totalWithBags(fare: number, travellers: number, legs: readonly BagLeg[], bags: BagChoice): BagTotal {
  if (!wantsBags(bags)) return { kind: 'fare', total: fare };
  let perTraveller = 0;
  let unknown = false;
  for (const { carryOn, checked, prices } of legs) {
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
  const extra = cents(perTraveller * travellers);
  return { kind: 'priced', total: cents(fare + extra), extra };
}

/** An offer's total with the chosen bags, from what its flights include and its per-leg bag prices. */
export function bagInclusiveTotal(recommendation: Recommendation, bags: BagChoice): BagTotal {
  const legs = recommendation.itinerary.map((leg, legIndex) => ({
    carryOn: includedPieces(leg.flights, 'carryOn'),
    checked: includedPieces(leg.flights, 'checkedBag'),
    prices: recommendation.baggagePrices?.[legIndex],
  }));
  return totalWithBags(recommendation.pricing.total, travellersWithBags(recommendation), legs, bags);
}

/**
 * A fare family's total with the chosen bags (the fare comparison, issue 21): what the family includes on each of
 * the offer's `legCount` legs, and the bags it sells at the family's own per-leg prices.
 */
export function fareBagTotal(fare: ComparedFare, legCount: number, bags: BagChoice): BagTotal {
  const legs = Array.from({ length: legCount }, (_, legIndex) => ({
    carryOn: includedBag(fare.inclusions.carryOn),
    checked: includedBag(fare.inclusions.checkedBag),
    prices: fare.baggagePrices?.[legIndex],
  }));
  return totalWithBags(fare.pricing.total, travellersWithBags(fare), legs, bags);
}

/**
 * The total an offer's card shows with the chosen bags (the fare's when they cannot be priced): what the price
 * filter, its slider and the prices-by-airline matrix compare.
 */
export const shownTotal = (recommendation: Recommendation, bags: BagChoice): number => bagInclusiveTotal(recommendation, bags).total;

/** The price an offer sorts by with the chosen bags; offers whose bags cannot be priced sort after every priced one. */
export function sortingPrice(recommendation: Recommendation, bags: BagChoice): number {
  return comparablePrice(bagInclusiveTotal(recommendation, bags));
}

/** A bag-inclusive total to compare: its total when the bags are priced or included, Infinity when they cannot be. */
export const comparablePrice = (total: BagTotal): number => (total.kind === 'fare' || total.kind === 'priced' ? total.total : Infinity);

/** The "carry-on included" filter: every flight choice of every leg includes a carry-on. */
export function includesCarryOn(recommendation: Recommendation): boolean {
  return recommendation.itinerary.every((leg) => includedPieces(leg.flights, 'carryOn').pieces > 0);
}
