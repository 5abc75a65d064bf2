import type { Flight, LegBaggagePrices, Passengers, Pricing, Recommendation, Segment } from '../../../contract/search.ts';
import type { Airport } from '../airports.ts';
import { airportDescriptionIn } from '../place-names.ts';
import { bagCounts, fareInclusions } from '../../domain/fare-inclusions.ts';
import { brandsFor, type Brand } from './brands.ts';
import { legBaggagePrices } from './extras.ts';
import { providers, type CabinCode, type Carrier, type ProviderCode } from './carriers.ts';
import { formatHHMM, formatLocal } from './clock.ts';
import { adultBaseFare, baseFor, bookingClassFor, isCorporateFare, legTaxes, optionLevel, PAX_FEE, type PassengerType } from './fares.ts';
import type { DatedFlight, LegOption } from './timetable.ts';

/** Test scenarios carried inside an offer so later calls (price, book) reproduce them. */
export type OfferScenario = 'fare-change' | null;

export interface PricingContext {
  passengers: Passengers;
  cabin: CabinCode;
  today: string;
  corporateCode: string | null;
  agency: boolean;
  scenario: OfferScenario;
  /** Price multiplier a repricing applies (the fare-change scenario asks more than the search showed). */
  surcharge: number;
  /**
   * Flights already built for this search, by leg, fare level, brand and flights: the providers selling
   * one option at one fare get the same Flight, built once (and packed without a second JSON key).
   */
  builtFlights?: Map<string, Flight>;
}

type PassengerAmounts = Record<PassengerType, { base: number; taxes: number }>;

/** Options of one leg that sell at exactly the same price: same provider, carrier, path and level. */
export interface LegGroup {
  legIndex: number;
  provider: ProviderCode;
  validating: Carrier;
  brand: Brand | null;
  level: number;
  options: LegOption[];
  amounts: PassengerAmounts;
  partyAmount: number;
  earliestArrival: number;
  latestDeparture: number;
  /** The group's flights in departure order, each with its departure and arrival instants: built once per group. */
  flights?: TimedFlight[];
  /** Its bag prices, the same in every offer the group is part of. */
  baggagePrices?: LegBaggagePrices;
}

interface TimedFlight {
  flight: Flight;
  departure: number;
  arrival: number;
}

const minimumStayMs = 2 * 3_600_000;
const beamWidth = 60;

const passengerCount = (passengers: Passengers, type: PassengerType) =>
  type === 'ADT' ? passengers.adults : type === 'CHD' ? passengers.children : passengers.infants;
const passengerTypes: readonly PassengerType[] = ['ADT', 'CHD', 'INF'];
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Providers that can sell an option: NDC only single-carrier, GDS also alliance interlines. */
export function providersFor(option: LegOption): readonly ProviderCode[] {
  const first = (option.flights[0] as DatedFlight).route.marketing;
  const others = option.flights.map((flight) => flight.route.marketing).filter((carrier) => carrier !== first);
  if (others.length === 0) return first.providers;
  return first.providers.filter((code) => providers[code].group === 'GDS' && others.every((carrier) => carrier.providers.includes(code)));
}

export function priceLegGroup(option: LegOption, legIndex: number, provider: ProviderCode, brand: Brand | null, level: number, context: PricingContext): LegGroup {
  const validating = (option.flights[0] as DatedFlight).route.marketing;
  const adultBase = adultBaseFare({
    option,
    validating,
    provider,
    cabin: context.cabin,
    brandFactor: brand?.priceFactor ?? 1,
    level,
    today: context.today,
    corporateCode: context.corporateCode,
  });
  const adultFare = Math.round(adultBase * context.surcharge);
  const amounts = {} as PassengerAmounts;
  let partyAmount = 0;
  for (const type of passengerTypes) {
    const base = baseFor(type, adultFare);
    const taxes = legTaxes(option, type, base);
    amounts[type] = { base, taxes };
    partyAmount += passengerCount(context.passengers, type) * (base + taxes);
  }
  const last = option.flights[option.flights.length - 1] as DatedFlight;
  return {
    legIndex,
    provider,
    validating,
    brand,
    level,
    options: [option],
    amounts,
    partyAmount,
    earliestArrival: last.arrival,
    latestDeparture: (option.flights[0] as DatedFlight).departure,
  };
}

/** Groups a leg's options by price; every option lands in one group per provider selling it. */
export function groupLegOptions(options: readonly LegOption[], legIndex: number, context: PricingContext): LegGroup[] {
  const groups = new Map<string, LegGroup>();
  for (const option of options) {
    const validating = (option.flights[0] as DatedFlight).route.marketing;
    const level = optionLevel(option, context.today);
    const brand = brandsFor(validating.code, context.cabin)[0] ?? null;
    for (const provider of providersFor(option)) {
      const key = `${provider}|${validating.code}|${option.path}|${level}`;
      const group = groups.get(key);
      if (!group) {
        groups.set(key, priceLegGroup(option, legIndex, provider, brand, level, context));
        continue;
      }
      const last = option.flights[option.flights.length - 1] as DatedFlight;
      group.options.push(option);
      group.earliestArrival = Math.min(group.earliestArrival, last.arrival);
      group.latestDeparture = Math.max(group.latestDeparture, (option.flights[0] as DatedFlight).departure);
    }
  }
  return [...groups.values()].sort((a, b) => a.partyAmount - b.partyAmount);
}

/**
 * Offers combine legs sold by one provider: an NDC offer is one airline's own, a GDS ticket may
 * combine airlines (validated by the first leg's carrier, shown as mixed airlines '00').
 */
export function combinationKey(group: LegGroup): string {
  return providers[group.provider].group === 'GDS' ? String(group.provider) : `${group.provider}|${group.validating.code}`;
}

interface Combination {
  legs: LegGroup[];
  amount: number;
}

/** The cheapest combinations of one group per leg, at most `limit`, legs in time order. */
export function combineLegs(groupsByLeg: readonly LegGroup[][], limit: number): Combination[] {
  let partials = new Map<string, Combination[]>();
  for (const group of groupsByLeg[0] ?? []) {
    const key = combinationKey(group);
    const list = partials.get(key) ?? [];
    if (list.length < limit) list.push({ legs: [group], amount: group.partyAmount });
    partials.set(key, list);
  }
  for (const groups of groupsByLeg.slice(1)) {
    const byKey = new Map<string, LegGroup[]>();
    for (const group of groups) {
      const key = combinationKey(group);
      const list = byKey.get(key) ?? [];
      if (list.length < beamWidth) list.push(group);
      byKey.set(key, list);
    }
    const next = new Map<string, Combination[]>();
    for (const [key, combinations] of partials) {
      const candidates = byKey.get(key);
      if (!candidates) continue;
      const extended: Combination[] = [];
      for (const combination of combinations.slice(0, beamWidth)) {
        const previous = combination.legs[combination.legs.length - 1] as LegGroup;
        for (const group of candidates) {
          if (group.latestDeparture < previous.earliestArrival + minimumStayMs) continue;
          extended.push({ legs: [...combination.legs, group], amount: combination.amount + group.partyAmount });
        }
      }
      if (extended.length > 0) next.set(key, extended.sort((a, b) => a.amount - b.amount).slice(0, limit));
    }
    partials = next;
  }
  return [...partials.values()].flat().sort((a, b) => a.amount - b.amount).slice(0, limit);
}

const descriptions = new Map<string, string>();
/** "City, Airport name, Country": readers take the city from the first part (spec 2 §3). */
function describe(airport: Airport): string {
  let text = descriptions.get(airport.code);
  if (!text) {
    text = airportDescriptionIn(airport, 'en');
    descriptions.set(airport.code, text);
  }
  return text;
}
const airportRef = (airport: Airport) => ({ code: airport.code, description: describe(airport) });

export function flightIdOf(option: LegOption): string {
  return option.flights.map((flight) => flight.key).join('~');
}

function toSegment(flight: DatedFlight, cabin: CabinCode, bookingClass: string): Segment {
  const route = flight.route;
  return {
    departureAirport: airportRef(route.origin),
    arrivalAirport: airportRef(route.destination),
    departureDateTime: formatLocal(flight.departure, flight.departureOffset),
    arrivalDateTime: formatLocal(flight.arrival, flight.arrivalOffset),
    elapsedTime: formatHHMM(route.blockMinutes),
    flightNumber: flight.slot.flightNumber,
    marketingAirline: { code: route.marketing.code, name: route.marketing.name },
    operatingAirline: { code: route.operatingCarrier?.code ?? null, name: route.operatorName },
    bookingClass: { code: bookingClass },
    cabin,
    equipment: [{ airEquipType: route.aircraft.code }],
    stopLocation: route.technicalStop ? [{ locationCode: route.technicalStop.airport, codeContext: formatHHMM(route.technicalStop.groundMinutes) }] : [],
  };
}

/** A fare without a family: one 10 kg carry-on, no checked bag, the rest for a fee. */
const unbrandedInclusions = (airlineCode: string) =>
  fareInclusions({
    airlineCode,
    fareCode: '',
    handBaggage: { pieces: 1, weight: 10 },
    checkedBaggage: { pieces: 0, weight: null },
    seat: 'CHA',
    changes: 'CHA',
    refund: 'NOF',
    miles: 'INC',
  });

export function toFlight(option: LegOption, legIndex: number, cabin: CabinCode, level: number, brand: Brand | null): Flight {
  const first = option.flights[0] as DatedFlight;
  const last = option.flights[option.flights.length - 1] as DatedFlight;
  const bookingClass = bookingClassFor(cabin, level);
  const inclusions = brand?.inclusions ?? unbrandedInclusions(first.route.marketing.code);
  return {
    id: flightIdOf(option),
    itineraryReference: legIndex,
    departureDateTime: formatLocal(first.departure, first.departureOffset),
    arrivalDateTime: formatLocal(last.arrival, last.arrivalOffset),
    elapsedTime: formatHHMM(Math.round((last.arrival - first.departure) / 60_000)),
    stops: option.flights.length - 1,
    marketingAirline: { code: first.route.marketing.code, name: first.route.marketing.name },
    operatingAirline: { name: first.route.operatorName },
    segments: option.flights.map((flight) => toSegment(flight, cabin, bookingClass)),
    handBaggage: bagCounts(inclusions.carryOn),
    baggage: bagCounts(inclusions.checkedBag),
    inclusions,
    brandedFare: brand ? { brandID: brand.code, name: brand.name, ...(brand.nameTranslations && { nameTranslations: brand.nameTranslations }) } : null,
  };
}

function groupFlights(group: LegGroup, context: PricingContext): TimedFlight[] {
  group.flights ??= group.options
    .slice()
    .sort((a, b) => (a.flights[0] as DatedFlight).departure - (b.flights[0] as DatedFlight).departure)
    .map((option) => {
      const id = flightIdOf(option);
      const key = `${group.legIndex}|${group.level}|${group.brand?.code ?? ''}|${id}`;
      let flight = context.builtFlights?.get(key);
      if (!flight) {
        flight = toFlight(option, group.legIndex, context.cabin, group.level, group.brand);
        context.builtFlights?.set(key, flight);
      }
      return { flight, departure: (option.flights[0] as DatedFlight).departure, arrival: (option.flights[option.flights.length - 1] as DatedFlight).arrival };
    });
  return group.flights;
}

export interface OfferIdPayload {
  /** Provider code. */
  p: ProviderCode;
  /** Adults, children, infants. */
  x: [number, number, number];
  k: CabinCode;
  o: string | null;
  s: OfferScenario;
  /** Flight id per leg. */
  f: string[];
  /** Brand per leg when a family other than the entry brand was chosen. */
  b?: (string | null)[];
}

export function encodeOfferId(payload: OfferIdPayload): string {
  return `sbx.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
}

function partyPricing(groups: readonly LegGroup[], context: PricingContext): Pricing {
  const { passengers } = context;
  const typeTotal = (type: PassengerType) => {
    const quantity = passengerCount(passengers, type);
    if (quantity === 0) return null;
    const base = groups.reduce((sum, group) => sum + group.amounts[type].base, 0);
    const taxes = cents(groups.reduce((sum, group) => sum + group.amounts[type].taxes, 0));
    return { quantity, base, taxes, total: cents(base + taxes) };
  };
  const adults = typeTotal('ADT') as NonNullable<ReturnType<typeof typeTotal>>;
  const children = typeTotal('CHD');
  const infants = typeTotal('INF');
  const priced = [adults, children, infants].filter((entry) => entry !== null);
  const base = cents(priced.reduce((sum, entry) => sum + entry.base * entry.quantity, 0));
  const taxes = cents(priced.reduce((sum, entry) => sum + entry.taxes * entry.quantity, 0));
  const paxFee = cents(PAX_FEE * (passengers.adults + passengers.children));
  const first = groups[0] as LegGroup;
  const validating = first.validating;
  const brands = brandsFor(validating.code, context.cabin);
  const domestic = groups.every((group) => group.options.every((option) => option.flights.every((flight) => !flight.route.international)));
  // Kiu returns no upsell; Jetsmart's NDC returns bundles on domestic trips only.
  const upsell = brands.length > 1 && first.provider !== 101 && (first.provider !== 112 || domestic);
  return {
    total: cents(base + taxes + paxFee),
    totalAmount: cents(base + taxes),
    base,
    taxes,
    fareQualifier: isCorporateFare(context.corporateCode, validating.code) ? 'CORPORATE' : 'PUBLISHED',
    source: providers[first.provider].group,
    validatingAirline: validating.code,
    recommendedByAirline: false,
    repriceRequired: first.provider === 101,
    upsellData: upsell ? { brands: brands.slice(1).map((brand) => brand.code) } : null,
    commission: context.agency ? cents(base * validating.agencyCommission) : null,
    fees: [{ amount: paxFee, description: 'PAX' }],
    passengers: { adults, children, infants },
    discounts: [],
  };
}

const flightsPerLeg = 4;

/**
 * A recommendation in the wire format, or null when a later leg has no flight leaving at least
 * two hours after the earlier leg lands.
 */
export function toRecommendation(groups: readonly LegGroup[], context: PricingContext, brandOverrides?: (string | null)[]): Recommendation | null {
  let earliestNext = 0;
  const itinerary = [];
  for (const group of groups) {
    // The instants the flights' local times write: no date parsing per offer.
    const flights: Flight[] = [];
    let earliestArrival = Number.POSITIVE_INFINITY;
    for (const timed of groupFlights(group, context)) {
      if (timed.departure < earliestNext) continue;
      flights.push(timed.flight);
      earliestArrival = Math.min(earliestArrival, timed.arrival);
      if (flights.length === flightsPerLeg) break;
    }
    if (flights.length === 0) return null;
    earliestNext = earliestArrival + minimumStayMs;
    const first = flights[0] as Flight;
    const firstSegment = first.segments[0] as Segment;
    const lastSegment = first.segments[first.segments.length - 1] as Segment;
    itinerary.push({ origin: firstSegment.departureAirport, destination: lastSegment.arrivalAirport, date: first.departureDateTime.slice(0, 10), flights });
  }
  const first = groups[0] as LegGroup;
  const payload: OfferIdPayload = {
    p: first.provider,
    x: [context.passengers.adults, context.passengers.children, context.passengers.infants],
    k: context.cabin,
    o: context.corporateCode,
    s: context.scenario,
    f: itinerary.map((leg) => (leg.flights[0] as Flight).id),
  };
  if (brandOverrides) payload.b = brandOverrides;
  const provider = providers[first.provider];
  const id = encodeOfferId(payload);
  return {
    id,
    pos: { systemProviderCode: first.provider, providerName: provider.name, group: provider.group },
    itinerary,
    pricing: partyPricing(groups, context),
    brandedFares: groups.map((group) => group.brand?.code ?? ''),
    hasMultipleFareFamilies: brandsFor(first.validating.code, context.cabin).length > 1,
    baggagePrices: groups.map((group) => (group.baggagePrices ??= legBaggagePrices(group))),
  };
}
