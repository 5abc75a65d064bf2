/**
 * Duffel's offers in the contract's words (reference: payment-and-supplier-apis.md §4.4): one slice per
 * itinerary leg, one flight per slice (a Duffel offer is one fixed itinerary), segments with the airports'
 * offsets on the day (Duffel's times are local without one), the fare brand, conditions and included bags
 * as the fare's inclusions, and money read as integer minor units.
 */
import type { Offer, OfferSlice, OfferSliceSegment, CabinClass } from '@duffel/api/types';
import type { FlightsConditions } from '@duffel/api/types';
import type { InclusionState } from '../../../contract/fare-inclusions.ts';
import type { CabinCode, Flight, Passengers, Recommendation, Segment } from '../../../contract/search.ts';
import { bagCounts, fareInclusions } from '../../domain/fare-inclusions.ts';
import { durationMinutes, hhmm, minutesBetween, withAirportOffset } from '../local-time.ts';
import { toMajorUnits, toMinorUnits } from '../money.ts';

/** Every Duffel offer and order id the app hands out starts so: the sandbox's start `sbx.`, so they never collide. */
export const DUFFEL_ID_PREFIX = 'duf.';
/** The provider badge of Duffel's offers: an NDC aggregator (pos.providerName / group). */
export const DUFFEL_POS = { systemProviderCode: 120, providerName: 'Duffel', group: 'NDC' } as const;
/** The currency the app sells in: offers priced in another are left out (no conversion here). */
export const SALE_CURRENCY = 'USD';

/** Our offer id: Duffel's off_ id and the total shown for it (minor units), so a later price can tell a fare change (1002). */
export function offerIdOf(offerId: string, totalMinor: number): string {
  return `${DUFFEL_ID_PREFIX}${offerId}.${totalMinor}`;
}

export function decodeOfferId(id: string): { offerId: string; shownMinor: number } | null {
  const match = /^duf\.(off_[A-Za-z0-9]+)\.(\d+)$/.exec(id);
  return match ? { offerId: match[1] as string, shownMinor: Number(match[2]) } : null;
}

export const orderIdOf = (duffelOrderId: string) => `${DUFFEL_ID_PREFIX}${duffelOrderId}`;
export const duffelOrderIdOf = (id: string) => (/^duf\.(ord_[A-Za-z0-9]+)$/.exec(id)?.[1] ?? null);

const CABIN_CLASSES: Record<CabinCode, CabinClass> = { I: 'economy', Y: 'economy', W: 'premium_economy', C: 'business', F: 'first' };
export const cabinClassOf = (cabin: CabinCode): CabinClass => CABIN_CLASSES[cabin];
const cabinCodeOf = (cabin: CabinClass | undefined): CabinCode => (cabin === 'premium_economy' ? 'W' : cabin === 'business' ? 'C' : cabin === 'first' ? 'F' : 'Y');

/** Allowed without a fee → INC, allowed with a penalty → CHA, not allowed → NOF; unknown (null) counts as not offered. */
function conditionState(condition: FlightsConditions['change_before_departure']): InclusionState {
  if (!condition?.allowed) return 'NOF';
  return condition.penalty_amount && Number(condition.penalty_amount) > 0 ? 'CHA' : 'INC';
}

const flightNumberOf = (text: string) => (text.replace(/\D/g, '') || '0').slice(-4);

function segmentOf(segment: OfferSliceSegment): Segment {
  const origin = segment.origin.iata_code ?? '';
  const destination = segment.destination.iata_code ?? '';
  const departure = withAirportOffset(segment.departing_at, origin, segment.origin.time_zone);
  const arrival = withAirportOffset(segment.arriving_at, destination, segment.destination.time_zone);
  const fare = segment.passengers[0];
  return {
    departureAirport: { code: origin, description: segment.origin.name },
    arrivalAirport: { code: destination, description: segment.destination.name },
    departureDateTime: departure,
    arrivalDateTime: arrival,
    elapsedTime: hhmm(durationMinutes(segment.duration) ?? minutesBetween(departure, arrival)),
    flightNumber: flightNumberOf(segment.marketing_carrier_flight_number),
    marketingAirline: { code: segment.marketing_carrier.iata_code ?? '', name: segment.marketing_carrier.name },
    operatingAirline: { code: segment.operating_carrier.iata_code ?? null, name: segment.operating_carrier.name },
    // Duffel gives no booking class of its own: the fare basis starts with it.
    bookingClass: { code: (fare?.fare_basis_code?.[0] ?? 'Y').toUpperCase() },
    cabin: cabinCodeOf(fare?.cabin_class),
    equipment: [{ airEquipType: segment.aircraft?.iata_code ?? '' }],
    stopLocation: (segment.stops ?? []).map((stop) => ({
      locationCode: stop.airport.iata_code ?? '',
      codeContext: hhmm(durationMinutes(stop.duration) ?? 0),
    })),
  };
}

/** The bags the fare includes on a slice, for its first passenger (the allowance is per passenger). */
function includedBags(slice: OfferSlice, type: 'carry_on' | 'checked') {
  const bags = slice.segments[0]?.passengers[0]?.baggages ?? [];
  return { pieces: bags.filter((bag) => bag.type === type).reduce((sum, bag) => sum + bag.quantity, 0), weight: null };
}

/** A fare brand's code from its name ("Economy Light" → ECONOMY_LIGHT); '' without a brand. */
export const brandCodeOf = (name: string | null | undefined) => (name ? name.trim().toUpperCase().replace(/[^A-Z0-9]+/g, '_') : '');

function flightOf(slice: OfferSlice, legIndex: number, owner: string, conditions: Offer['conditions']): Flight {
  const segments = slice.segments.map(segmentOf);
  const first = segments[0] as Segment;
  const last = segments[segments.length - 1] as Segment;
  const marketing = slice.segments[0]?.marketing_carrier;
  const operating = slice.segments[0]?.operating_carrier;
  const brandCode = brandCodeOf(slice.fare_brand_name);
  const inclusions = fareInclusions({
    airlineCode: owner,
    fareCode: brandCode,
    handBaggage: includedBags(slice, 'carry_on'),
    checkedBaggage: includedBags(slice, 'checked'),
    seat: slice.conditions?.advance_seat_selection ? 'INC' : 'CHA',
    changes: conditionState(slice.conditions?.change_before_departure ?? conditions.change_before_departure),
    refund: conditionState(slice.conditions?.refund_before_departure ?? conditions.refund_before_departure),
    miles: 'NOF',
  });
  return {
    id: `${DUFFEL_ID_PREFIX}${slice.id}`,
    itineraryReference: legIndex,
    departureDateTime: first.departureDateTime,
    arrivalDateTime: last.arrivalDateTime,
    elapsedTime: hhmm(durationMinutes(slice.duration) ?? minutesBetween(first.departureDateTime, last.arrivalDateTime)),
    stops: segments.length - 1 + segments.reduce((sum, segment) => sum + segment.stopLocation.length, 0),
    marketingAirline: { code: marketing?.iata_code ?? owner, name: marketing?.name ?? owner },
    operatingAirline: { name: operating?.name ?? marketing?.name ?? owner },
    segments,
    handBaggage: bagCounts(inclusions.carryOn),
    baggage: bagCounts(inclusions.checkedBag),
    inclusions,
    brandedFare: slice.fare_brand_name ? { brandID: brandCode, name: slice.fare_brand_name } : null,
  };
}

/**
 * Per passenger type: Duffel prices the party, so each passenger gets an equal share in whole cents, the
 * children's and infants' rounded down and the rest on the adults (rounded to the cent when it does not
 * split evenly among them: the party's total stays the offer's own).
 */
function passengerShares(offer: Offer, passengers: Passengers) {
  const currency = offer.total_currency;
  const count = passengers.adults + passengers.children + passengers.infants;
  const totalMinor = toMinorUnits(offer.total_amount, currency);
  const baseMinor = toMinorUnits(offer.base_amount, currency);
  const share = (minor: number) => Math.floor(minor / count);
  const entry = (quantity: number, base: number, total: number) => ({ quantity, base: toMajorUnits(base, currency), taxes: toMajorUnits(total - base, currency), total: toMajorUnits(total, currency) });
  const others = passengers.children + passengers.infants;
  const adultBase = Math.round((baseMinor - share(baseMinor) * others) / passengers.adults);
  const adultTotal = Math.round((totalMinor - share(totalMinor) * others) / passengers.adults);
  return {
    adults: entry(passengers.adults, adultBase, adultTotal),
    children: passengers.children > 0 ? entry(passengers.children, share(baseMinor), share(totalMinor)) : null,
    infants: passengers.infants > 0 ? entry(passengers.infants, share(baseMinor), share(totalMinor)) : null,
  };
}

/** The party as the offer lists it (adults by type, the others by age: under 2 an infant). */
export function partyOf(offer: Pick<Offer, 'passengers'>): Passengers {
  const adults = offer.passengers.filter((passenger) => passenger.type === 'adult' || (passenger.age ?? 18) >= 18).length;
  const infants = offer.passengers.filter((passenger) => passenger.type === 'infant_without_seat' || (passenger.age !== null && passenger.age < 2)).length;
  return { adults: Math.max(1, adults), children: offer.passengers.length - adults - infants, infants };
}

/**
 * A Duffel offer as a recommendation; null when it is priced in another currency than the app sells in.
 * `legDates` are the searched dates (the leg headings' dates), `agency` shows commission (0: Duffel pays none).
 */
export function recommendationOf(offer: Offer, options: { agency: boolean; legDates?: readonly string[] }): Recommendation | null {
  if (offer.total_currency !== SALE_CURRENCY) return null;
  const currency = offer.total_currency;
  const owner = offer.owner.iata_code ?? offer.slices[0]?.segments[0]?.marketing_carrier.iata_code ?? '';
  const totalMinor = toMinorUnits(offer.total_amount, currency);
  const baseMinor = toMinorUnits(offer.base_amount, currency);
  const itinerary = offer.slices.map((slice, index) => {
    const flight = flightOf(slice, index, owner, offer.conditions);
    const first = flight.segments[0] as Segment;
    const last = flight.segments[flight.segments.length - 1] as Segment;
    return { origin: first.departureAirport, destination: last.arrivalAirport, date: options.legDates?.[index] ?? flight.departureDateTime.slice(0, 10), flights: [flight] };
  });
  const total = toMajorUnits(totalMinor, currency);
  return {
    id: offerIdOf(offer.id, totalMinor),
    pos: { ...DUFFEL_POS },
    itinerary,
    pricing: {
      total,
      totalAmount: total,
      base: toMajorUnits(baseMinor, currency),
      taxes: toMajorUnits(totalMinor - baseMinor, currency),
      fareQualifier: 'PUBLISHED',
      source: DUFFEL_POS.group,
      validatingAirline: owner,
      recommendedByAirline: false,
      repriceRequired: false,
      upsellData: null,
      commission: options.agency ? 0 : null,
      fees: [],
      passengers: passengerShares(offer, partyOf(offer)),
      discounts: [],
    },
    brandedFares: offer.slices.map((slice) => brandCodeOf(slice.fare_brand_name)),
    hasMultipleFareFamilies: false,
  };
}
