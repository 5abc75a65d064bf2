/**
 * Lima → Cusco and back for 2 adults, a child and an infant, three fares (issue 21, bag-inclusive prices): for
 * stories, UI tests and the bag rules. A basic fare that sells its bags (carry-on 18, checked bag 25, two 57.50 per
 * traveller and leg), a classic fare that includes a carry-on and a checked bag, and a fare whose supplier does not
 * say what a bag costs.
 */
import { limCuzRecommendation } from '../../../../contract/fixtures/checkout.ts';
import type { BagInclusion, FareInclusions } from '../../../../contract/fare-inclusions.ts';
import type { LegBaggagePrices, Recommendation } from '../../../../contract/search.ts';

const bag = (state: BagInclusion['state'], pieces = 0): BagInclusion => ({ state, pieces, weight: state === 'INC' ? 23 : null });

export function bagInclusions(carryOn: BagInclusion, checkedBag: BagInclusion): FareInclusions {
  return { personalItem: bag('INC', 1), carryOn, checkedBag, seat: { state: 'CHA' }, changes: { state: 'CHA' }, refund: { state: 'NOF' }, miles: { state: 'INC' } };
}

/** The fixture round trip with these inclusions on every flight and, when given, these bag prices on both legs. */
export function bagOffer(id: string, total: number, inclusions: FareInclusions, prices?: LegBaggagePrices): Recommendation {
  const base = limCuzRecommendation;
  return {
    ...base,
    id,
    pricing: { ...base.pricing, total },
    itinerary: base.itinerary.map((leg) => ({ ...leg, flights: leg.flights.map((flight) => ({ ...flight, id: `${flight.id}-${id}`, inclusions })) })),
    ...(prices ? { baggagePrices: base.itinerary.map(() => prices) } : {}),
  };
}

export const sandboxBagPrices: LegBaggagePrices = { carryOn: 18, checked: 25, twoChecked: 57.5 };
export const basicBagOffer = bagOffer('basic', 300, bagInclusions(bag('CHA'), bag('CHA')), sandboxBagPrices);
export const classicBagOffer = bagOffer('classic', 380, bagInclusions(bag('INC', 1), bag('INC', 1)), { checked: 25, twoChecked: 57.5 });
export const unpricedBagOffer = bagOffer('unpriced', 250, bagInclusions(bag('CHA'), bag('CHA')));
export const noCarryOnBagOffer = bagOffer('no-carry-on', 260, bagInclusions(bag('NOF'), bag('CHA')), { checked: 25, twoChecked: 57.5 });
export const bagOffers = [basicBagOffer, classicBagOffer, unpricedBagOffer];
