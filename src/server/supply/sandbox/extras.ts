import type { Extras } from '../../../contract/fares.ts';
import type { LegBaggagePrices } from '../../../contract/search.ts';
import type { LegGroup } from './offers.ts';
import type { DatedFlight } from './timetable.ts';

/**
 * Ancillary prices per leg (airline-facts.md §4): a LATAM bag on Lima–Buenos Aires is 67.26, its
 * carry-on 42.48; seats 6–8 in South America and 15–20 to the US and Europe.
 */
function legBand(group: LegGroup): 'domestic' | 'regional' | 'long-haul' {
  const flights = (group.options[0]?.flights ?? []) as DatedFlight[];
  if (flights.every((flight) => !flight.route.international)) return 'domestic';
  return flights.some((flight) => flight.route.distanceKm > 5_000) ? 'long-haul' : 'regional';
}

const prices = {
  domestic: { bag: 25, carryOn: 18, seat: 6 },
  regional: { bag: 40, carryOn: 30, seat: 8 },
  'long-haul': { bag: 67.26, carryOn: 42.48, seat: 18 },
} as const;

/** The bags one leg sells: a carry-on only where the fare has none (after spec 1 §5's rule, as the card and comparison show). */
function legBaggage(group: LegGroup): Extras['baggage'] {
  const band = prices[legBand(group)];
  const options = [
    { code: 'BAG23', description: 'Checked bag 23 kg', legIndex: group.legIndex, pieces: 1, weight: 23, price: band.bag },
    { code: 'BAG23X2', description: 'Two checked bags 23 kg', legIndex: group.legIndex, pieces: 2, weight: 23, price: Math.round(band.bag * 2.3 * 100) / 100 },
  ];
  if (group.brand?.inclusions.carryOn.state === 'CHA') {
    options.unshift({ code: 'CARRYON10', description: 'Carry-on bag 10 kg', legIndex: group.legIndex, pieces: 1, weight: 10, price: band.carryOn });
  }
  return options;
}

export function extrasFor(offerId: string, groups: readonly LegGroup[]): Extras {
  return {
    id: offerId,
    baggage: groups.flatMap(legBaggage),
    seats: groups.flatMap((group) => {
      const band = prices[legBand(group)];
      return [
        { legIndex: group.legIndex, kind: 'standard' as const, priceFrom: band.seat },
        { legIndex: group.legIndex, kind: 'extra-legroom' as const, priceFrom: Math.round(band.seat * 2.5 * 100) / 100 },
      ];
    }),
  };
}

const BAG_PRICE_FIELDS: Record<string, keyof LegBaggagePrices> = { CARRYON10: 'carryOn', BAG23: 'checked', BAG23X2: 'twoChecked' };

/**
 * The search answer's bag prices of one leg (issue 21), read from the same options the checkout sells. They
 * depend on the leg's group alone, so a search works them out once per group, not once per offer.
 */
export function legBaggagePrices(group: LegGroup): LegBaggagePrices {
  const leg: LegBaggagePrices = {};
  for (const option of legBaggage(group)) {
    const field = BAG_PRICE_FIELDS[option.code];
    if (field) leg[field] = option.price;
  }
  return leg;
}
