import type { BrandedFareCatalogue, ComparedFare, Extras, FareFamilies } from '../../../contract/fares.ts';
import type { FlexibleDates, Recommendation, SearchLeg } from '../../../contract/search.ts';
import { FLEXIBLE_WINDOW_DAYS, MAX_RECOMMENDATIONS } from '../../../contract/search.ts';
import { airportCatalogue, type AirportCatalogue } from '../airports.ts';
import {
  SupplierTimeout,
  UnknownOffer,
  type BookingOutcome,
  type BookingRequest,
  type OfferSelection,
  type PricedOffer,
  type Supplier,
  type SupplierSearchQuery,
  type SupplierSearchResult,
} from '../port.ts';
import { brandsByAirline, brandsFor, type Brand } from './brands.ts';
import { carriers, type CabinCode } from './carriers.ts';
import { addDays } from './clock.ts';
import { describeMatrix } from './matrix.ts';
import { bagCounts } from '../../domain/fare-inclusions.ts';
import { extrasFor } from './extras.ts';
import { seatMapFor } from './seats.ts';
import { optionLevel, PAX_FEE } from './fares.ts';
import { buildNetwork } from './network.ts';
import {
  combineLegs,
  combinationKey,
  groupLegOptions,
  priceLegGroup,
  providersFor,
  toRecommendation,
  type LegGroup,
  type OfferIdPayload,
  type OfferScenario,
  type PricingContext,
} from './offers.ts';
import { hashKey } from './random.ts';
import { createTimetable, type DatedFlight, type LegOption } from './timetable.ts';
import { searchScenarios, bookingScenarioFor, FARE_CHANGE_SURCHARGE, SLOW_BOOKING_MS, SOLD_OUT_SEAT } from './scenarios.ts';

/** A supplier taking its time: `ms` (null: for ever), cut short when the caller stops waiting. */
function supplierWait(ms: number | null, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = ms === null ? undefined : setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/** Flights leaving sooner than this are no longer sold. */
const salesCutoffMs = 2 * 3_600_000;

/**
 * The built-in supplier: a deterministic airline world. The network and timetables are built once
 * per process; a search only assembles and prices offers from cached dated flights.
 */
export function createSandboxSupplier(catalogue: AirportCatalogue = airportCatalogue()): Supplier {
  const network = buildNetwork(catalogue);
  const timetable = createTimetable(catalogue, network);
  const servedAirports = new Set(network.routes.flatMap((route) => [route.origin.code, route.destination.code]));

  function optionsForLeg(leg: SearchLeg, cabin: CabinCode, airline: string | null, now: number): LegOption[] {
    const options: LegOption[] = [];
    for (const origin of catalogue.expand(leg.origin)) {
      for (const destination of catalogue.expand(leg.destination)) {
        for (const option of timetable.legOptions(origin, destination, leg.date)) {
          if ((option.flights[0] as DatedFlight).departure < now + salesCutoffMs) continue;
          if (!option.flights.every((flight) => flight.route.aircraft.cabins.includes(cabin))) continue;
          if (airline && !option.flights.every((flight) => flight.route.marketing.code === airline)) continue;
          options.push(option);
        }
      }
    }
    return options;
  }

  function contextFor(query: Pick<SupplierSearchQuery, 'passengers' | 'cabin' | 'today' | 'agency'>, scenario: OfferScenario, corporateCode: string | null): PricingContext {
    return {
      passengers: query.passengers,
      cabin: query.cabin === 'I' ? 'Y' : query.cabin,
      today: query.today,
      corporateCode,
      agency: query.agency,
      scenario,
      surcharge: 1,
    };
  }

  function cheapestByKey(leg: SearchLeg, legIndex: number, query: Pick<SupplierSearchQuery, 'today' | 'now' | 'airline'>, context: PricingContext): Map<string, number> {
    const cheapest = new Map<string, number>();
    if (leg.date < query.today) return cheapest;
    for (const group of groupLegOptions(optionsForLeg(leg, context.cabin, query.airline, query.now), legIndex, context)) {
      const key = combinationKey(group);
      if (!cheapest.has(key)) cheapest.set(key, group.partyAmount);
    }
    return cheapest;
  }

  /**
   * The cheapest party total of each departure day (one way) or departure/return pair, from the cheapest
   * fare of each leg day: the same prices a search of those dates lists first, without building offers.
   */
  function cheapestTotals(
    query: Pick<SupplierSearchQuery, 'passengers' | 'today' | 'now' | 'airline'>,
    context: PricingContext,
    outbound: SearchLeg,
    inbound: SearchLeg | undefined,
    pairs: ReadonlyArray<{ departureDate: string; returnDate: string | null }>,
  ): Array<number | null> {
    const paxFee = PAX_FEE * (query.passengers.adults + query.passengers.children);
    const round = (amount: number) => Math.round((amount + paxFee) * 100) / 100;
    const days = new Map<string, Map<string, number>>();
    const cheapestOn = (leg: SearchLeg, legIndex: number, date: string) => {
      const key = `${legIndex}|${date}`;
      let cheapest = days.get(key);
      if (!cheapest) {
        cheapest = cheapestByKey({ ...leg, date }, legIndex, query, context);
        days.set(key, cheapest);
      }
      return cheapest;
    };
    return pairs.map(({ departureDate, returnDate }) => {
      const out = cheapestOn(outbound, 0, departureDate);
      if (returnDate === null || !inbound) return out.size ? round(Math.min(...out.values())) : null;
      if (returnDate <= departureDate) return null;
      const back = cheapestOn(inbound, 1, returnDate);
      let best: number | null = null;
      for (const [key, amount] of out) {
        const returnAmount = back.get(key);
        if (returnAmount !== undefined && (best === null || amount + returnAmount < best)) best = amount + returnAmount;
      }
      return best === null ? null : round(best);
    });
  }

  function flexibleDates(query: SupplierSearchQuery, context: PricingContext): FlexibleDates {
    const shifts = Array.from({ length: FLEXIBLE_WINDOW_DAYS * 2 + 1 }, (_, index) => index - FLEXIBLE_WINDOW_DAYS);
    const [outbound, inbound] = query.legs as [SearchLeg, SearchLeg | undefined];
    const departures = shifts.map((shift) => addDays(outbound.date, shift));
    if (!inbound) {
      const totals = cheapestTotals(query, context, outbound, undefined, departures.map((departureDate) => ({ departureDate, returnDate: null })));
      return { type: 'OW', days: departures.map((date, index) => ({ date, total: totals[index] ?? null })) };
    }
    const pairs = departures.flatMap((departureDate) => shifts.map((shift) => ({ departureDate, returnDate: addDays(inbound.date, shift) })));
    const totals = cheapestTotals(query, context, outbound, inbound, pairs);
    return { type: 'RT', cells: pairs.map((pair, index) => ({ departureDate: pair.departureDate, returnDate: pair.returnDate as string, total: totals[index] ?? null })) };
  }

  function decode(offerId: string): OfferIdPayload {
    try {
      if (!offerId.startsWith('sbx.')) throw new Error('not a sandbox offer');
      const payload = JSON.parse(Buffer.from(offerId.slice(4), 'base64url').toString('utf8')) as OfferIdPayload;
      if (!Array.isArray(payload.f) || !Array.isArray(payload.x)) throw new Error('malformed');
      return payload;
    } catch {
      throw new UnknownOffer('The offer id is not one this supplier issued.');
    }
  }

  /** Rebuilds the priced legs of an offer from its id and the chosen flights. */
  function legsOf(selection: OfferSelection, surcharge: number, brandOverride?: string) {
    const payload = decode(selection.offerId);
    const flightIds = selection.flightIds ?? payload.f;
    if (flightIds.length !== payload.f.length) throw new UnknownOffer('Choose exactly one flight per leg of the offer.');
    const [adults, children, infants] = payload.x;
    const context: PricingContext = {
      passengers: { adults, children, infants },
      cabin: payload.k,
      today: selection.today,
      corporateCode: payload.o,
      agency: selection.agency,
      scenario: payload.s,
      surcharge,
    };
    const brandCodes: (string | null)[] = [];
    const groups: LegGroup[] = flightIds.map((flightId, legIndex) => {
      const original = payload.f[legIndex] as string;
      const flights = flightId.split('~').map((key) => timetable.flightByKey(key));
      if (flights.some((flight) => flight === null)) throw new UnknownOffer(`Flight ${flightId} is not scheduled.`);
      const option: LegOption = {
        flights: flights as DatedFlight[],
        path: [(flights[0] as DatedFlight).route.origin.code, ...flights.map((flight) => (flight as DatedFlight).route.destination.code)].join('-'),
      };
      if (!sameEnds(original, option) || !providersFor(option).includes(payload.p)) {
        throw new UnknownOffer(`Flight ${flightId} is not part of this offer.`);
      }
      const validating = (option.flights[0] as DatedFlight).route.marketing.code;
      const brands = brandsFor(validating, payload.k);
      const wanted = brandOverride ?? selection.brandCode ?? payload.b?.[legIndex] ?? null;
      const brand: Brand | null = brands.find((candidate) => candidate.code === wanted) ?? brands[0] ?? null;
      brandCodes.push(brand && brand !== brands[0] ? brand.code : null);
      return priceLegGroup(option, legIndex, payload.p, brand, optionLevel(option, selection.today), context);
    });
    const chosenBrands = brandCodes.some((code) => code !== null) ? brandCodes : undefined;
    return { payload, context, groups, chosenBrands };
  }

  /** A chosen flight must fly the same leg (city to city, same day) as the one the offer was issued for. */
  function sameEnds(originalFlightId: string, option: LegOption): boolean {
    const keys = originalFlightId.split('~');
    const issuedFirst = timetable.flightByKey(keys[0] ?? '');
    const issuedLast = timetable.flightByKey(keys[keys.length - 1] ?? '');
    const first = option.flights[0] as DatedFlight;
    const last = option.flights[option.flights.length - 1] as DatedFlight;
    return (
      issuedFirst !== null &&
      issuedLast !== null &&
      issuedFirst.route.origin.cityCode === first.route.origin.cityCode &&
      issuedLast.route.destination.cityCode === last.route.destination.cityCode &&
      issuedFirst.date === first.date
    );
  }

  function priced(selection: OfferSelection, surcharge: number, brandOverride?: string): Recommendation {
    const { context, groups, chosenBrands } = legsOf(selection, surcharge, brandOverride);
    const offer = toRecommendation(groups, context, chosenBrands);
    if (!offer) throw new UnknownOffer('The chosen flights do not connect: a later leg leaves before the earlier one lands.');
    return offer;
  }

  const supplier: Supplier = {
    async search(query: SupplierSearchQuery): Promise<SupplierSearchResult> {
      const scenario = searchScenarios.find((candidate) => candidate.corporateCode === query.corporateCode);
      if (scenario?.outcome === 'timeout') throw new SupplierTimeout('The sandbox provider did not answer in time (scenario SBXTIMEOUT).');
      if (scenario?.outcome === 'empty') return { offers: [], flexible: null };
      const context: PricingContext = { ...contextFor(query, scenario?.outcome === 'fare-change' ? 'fare-change' : null, scenario ? null : query.corporateCode), builtFlights: new Map() };
      const groupsByLeg = query.legs.map((leg, legIndex) => groupLegOptions(optionsForLeg(leg, context.cabin, query.airline, query.now), legIndex, context));
      const offers = combineLegs(groupsByLeg, MAX_RECOMMENDATIONS)
        .map((combination) => toRecommendation(combination.legs, context))
        .filter((offer) => offer !== null);
      // The airline's own channel (NDC) flags its best offer, shown with the best-recommendation header.
      const recommended = offers.find((offer) => offer.pos.group === 'NDC');
      if (recommended) recommended.pricing.recommendedByAirline = true;
      return { offers, flexible: query.flexible ? flexibleDates(query, context) : null };
    },

    async priceCalendar(query) {
      const context = contextFor(query, null, null);
      const outbound: SearchLeg = { origin: query.origin, destination: query.destination, date: query.today };
      const inbound: SearchLeg = { origin: query.destination, destination: query.origin, date: query.today };
      return cheapestTotals({ ...query, airline: null }, context, outbound, inbound, query.pairs);
    },

    async price(selection) {
      const payload = decode(selection.offerId);
      const offer = priced(selection, payload.s === 'fare-change' ? FARE_CHANGE_SURCHARGE : 1);
      const previousTotal = payload.s === 'fare-change' ? priced(selection, 1).pricing.total : null;
      return { offer, previousTotal } satisfies PricedOffer;
    },

    async fareFamilies(selection): Promise<FareFamilies> {
      const { payload, groups } = legsOf(selection, 1);
      const validating = (groups[0] as LegGroup).validating.code;
      const brands = brandsFor(validating, payload.k);
      const fares: ComparedFare[] = brands.map((brand) => {
        const offer = priced(selection, 1, brand.code);
        const flights = offer.itinerary.map((leg) => leg.flights[0]).filter((flight) => flight !== undefined);
        return {
          code: brand.code,
          name: brand.name,
          ...(brand.nameTranslations && { nameTranslations: brand.nameTranslations }),
          color: brand.color,
          offerId: offer.id,
          pricing: offer.pricing,
          segments: flights.flatMap((flight) => flight.segments.map((segment) => ({ flightNumber: `${segment.marketingAirline.code}${segment.flightNumber}`, bookingClass: segment.bookingClass.code }))),
          flights: flights.map((flight) => flight.id),
          bundle: describeMatrix([brand])
            .filter((row) => row.elements[0]?.indicator === 'INC')
            .map((row) => row.title),
          baggage: { includes: brand.checkedBaggage.pieces > 0, value: flights.map((flight) => String(flight.baggage.pieces)).join('/') },
          handBaggage: bagCounts(brand.inclusions.carryOn),
          inclusions: brand.inclusions,
          ...(offer.baggagePrices && { baggagePrices: offer.baggagePrices }),
        };
      });
      return {
        id: selection.offerId,
        fares,
        matrix: describeMatrix(brands),
        fareFamiliesWithDescriptions: brands.map((brand) => ({
          id: brand.code,
          familyFare: { name: brand.name, baggage: bagCounts(brand.inclusions.checkedBag) },
          descriptions: describeMatrix([brand])
            .filter((row) => row.elements[0]?.includes)
            .map((row) => ({ id: row.code, name: row.elements[0]?.value ?? row.title })),
        })),
        hasMultipleFareFamilies: brands.length > 1,
      };
    },

    brandedFareCatalogue(): BrandedFareCatalogue[] {
      return Object.entries(brandsByAirline).map(([airlineCode, brands]) => ({
        airlineCode,
        brandedFares: brands.map((brand) => ({ code: brand.code, name: brand.name, ...(brand.nameTranslations && { nameTranslations: brand.nameTranslations }), color: brand.color, copaCode: brand.copaCode })),
      }));
    },

    async extras(selection): Promise<Extras> {
      const { groups } = legsOf(selection, 1);
      return extrasFor(selection.offerId, groups);
    },

    async seatMap(selection) {
      const { groups, context } = legsOf(selection, 1);
      const { seats } = extrasFor(selection.offerId, groups);
      return groups.flatMap((group) => {
        const priceOf = (kind: 'standard' | 'extra-legroom') => seats.find((seat) => seat.legIndex === group.legIndex && seat.kind === kind)?.priceFrom ?? 0;
        const prices = { standard: priceOf('standard'), extraLegroom: priceOf('extra-legroom') };
        return (group.options[0]?.flights ?? []).map((flight) => seatMapFor(flight as DatedFlight, context.cabin, prices));
      });
    },

    async book(request: BookingRequest, signal?: AbortSignal): Promise<BookingOutcome> {
      const payload = decode(request.selection.offerId);
      const lead = request.passengers.find((passenger) => passenger.type === 'ADT');
      const scenario = bookingScenarioFor(lead?.lastName ?? '');
      if (scenario === 'slow' || scenario === 'hung') await supplierWait(scenario === 'slow' ? SLOW_BOOKING_MS : null, signal);
      if (scenario === 'duplicate') return { kind: 'duplicate', code: 1000 };
      if (scenario === 'segments-unavailable') return { kind: 'segments-unavailable', code: 1001 };
      if (scenario === 'attempt-limit') return { kind: 'attempt-limit', code: 1007 };
      if (scenario === 'provider-intermittence' && request.attempt <= 1) return { kind: 'provider-intermittence', code: 1303 };
      const taken = request.seats.find((choice) => choice.seat.toUpperCase() === SOLD_OUT_SEAT);
      if (taken) return { kind: 'seat-taken', seat: taken.seat };
      const fareChanges = payload.s === 'fare-change' || scenario === 'fare-change';
      const offer = priced(request.selection, 1);
      if (fareChanges && !request.acceptFareChange) {
        return { kind: 'fare-changed', code: 1002, previousTotal: offer.pricing.total, offer: priced(request.selection, FARE_CHANGE_SURCHARGE) };
      }
      const total = fareChanges ? priced(request.selection, FARE_CHANGE_SURCHARGE).pricing.total : offer.pricing.total;
      const names = request.passengers.map((passenger) => `${passenger.firstName}/${passenger.lastName}`).join(',');
      const locator = hashKey(`${request.selection.offerId}|${names}`).toString(36).toUpperCase().padStart(6, 'X').slice(-6);
      return { kind: 'confirmed', locator, total };
    },

    airlinesServing(origin: string, destination: string): string[] {
      const airlines = new Set<string>();
      for (const from of catalogue.expand(origin)) {
        for (const to of catalogue.expand(destination)) {
          for (const path of timetable.pathsBetween(from, to)) airlines.add((path[0] as (typeof path)[number]).marketing.code);
        }
      }
      return [...airlines].sort();
    },

    nonstopDestinations(airport: string) {
      const byDestination = new Map<string, Set<string>>();
      for (const route of network.routesFrom.get(airport) ?? []) {
        const airlines = byDestination.get(route.destination.code) ?? new Set<string>();
        airlines.add(route.marketing.code);
        byDestination.set(route.destination.code, airlines);
      }
      return [...byDestination].map(([code, airlines]) => ({ code, airlines: [...airlines].sort() })).sort((a, b) => a.code.localeCompare(b.code));
    },

    servesAirport: (airport: string) => servedAirports.has(airport),

    airlines: () => carriers.map((carrier) => ({ code: carrier.code, name: carrier.name })),
  };
  return supplier;
}
