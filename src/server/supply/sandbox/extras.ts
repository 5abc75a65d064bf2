import type { Extras } from '../../../contract/fares.ts';
import type { LegBaggagePrices } from '../../../contract/search.ts';
import type { LegGroup } from './offers.ts';
import type { DatedFlight } from './timetable.ts';

type Band = 'domestic' | 'regional' | 'long-haul';

/** Domestic, within the Americas, or beyond 5,000 km (to the US and Europe from South America). */
function legBand(group: LegGroup): Band {
  const flights = (group.options[0]?.flights ?? []) as DatedFlight[];
  if (flights.every((flight) => !flight.route.international)) return 'domestic';
  return flights.some((flight) => flight.route.distanceKm > 5_000) ? 'long-haul' : 'regional';
}

/** What one traveller pays on one leg for a checked bag (23 kg), a carry-on (10–12 kg) and a standard seat, in US$. */
interface AncillaryPrices {
  bag: number;
  carryOn: number;
  seat: number;
}

/**
 * The sandbox's band prices where airline-facts.md §4 has no figure for a carrier: LATAM's Lima–Buenos Aires
 * bag 67.26 and carry-on 42.48 at long haul, seats 6–8 in South America and 15–20 to the US and Europe.
 */
const bandPrices: Record<Band, AncillaryPrices> = {
  domestic: { bag: 25, carryOn: 18, seat: 6 },
  regional: { bag: 40, carryOn: 30, seat: 8 },
  'long-haul': { bag: 67.26, carryOn: 42.48, seat: 18 },
};

/**
 * Each carrier's own figures where airline-facts.md §4 gives them (every carrier here sells bags and seats):
 * JetSMART seats from 12; Avianca bags from €14 / €38 / €70 (≈ US$ 15 / 41 / 76); Aerolíneas Argentinas' bag
 * add-on ~10 at home; Aeroméxico Basic 23–32 at home, 40+ in South America; JetBlue 35; American 30; LATAM seats
 * 6 (Light, South America) and 15 (US/Europe). Peru's domestic LATAM/Sky/JetSMART bag prices are a documented gap:
 * the low-cost carriers sell them a little cheaper than LATAM, as their fares are.
 */
const carrierPrices: Record<string, Partial<Record<Band, Partial<AncillaryPrices>>>> = {
  LA: { domestic: { seat: 6 }, regional: { seat: 8 }, 'long-haul': { seat: 15 } },
  H2: { domestic: { bag: 22, carryOn: 16, seat: 7 }, regional: { bag: 35, carryOn: 28, seat: 9 } },
  JA: { domestic: { bag: 21, carryOn: 17, seat: 12 }, regional: { bag: 34, carryOn: 27, seat: 12 } },
  JZ: { domestic: { bag: 21, carryOn: 17, seat: 12 }, regional: { bag: 34, carryOn: 27, seat: 12 } },
  AV: { domestic: { bag: 15 }, regional: { bag: 41 }, 'long-haul': { bag: 76 } },
  AR: { domestic: { bag: 10, carryOn: 10 } },
  AM: { domestic: { bag: 28 }, regional: { bag: 40 }, 'long-haul': { bag: 30 } },
  B6: { domestic: { bag: 35 }, regional: { bag: 35 }, 'long-haul': { bag: 35 } },
  AA: { domestic: { bag: 30 }, regional: { bag: 30 }, 'long-haul': { bag: 30 } },
};

function pricesOf(group: LegGroup): AncillaryPrices {
  const band = legBand(group);
  return { ...bandPrices[band], ...carrierPrices[group.validating.code]?.[band] };
}

/** The bags one leg sells: a carry-on only where the fare has none (after spec 1 §5's rule, as the card and comparison show). */
function legBaggage(group: LegGroup): Extras['baggage'] {
  const band = pricesOf(group);
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
      const band = pricesOf(group);
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
