/**
 * Duffel behind the Supplier port (issue 17; reference: payment-and-supplier-apis.md §4), on the official
 * client. A search is an offer request (one slice per leg, adults by type and the others by age, the cabin,
 * `supplier_timeout` below our deadline) whose offers are read in one page, cheapest first; an offer is
 * priced again by reading it alone before booking (a higher total: 1002; gone: 1001); an order is instant
 * (paid from the Duffel balance) or held (`payment_required_by`, `price_guarantee_expires_at`) and paid
 * later; seat maps and bag services feed the seat and baggage pickers; cancellation is quoted, then confirmed.
 * Every id handed out starts `duf.` (offers `duf.off_….<total in cents>`, orders `duf.ord_…`).
 */
import { Duffel } from '@duffel/api';
import type { CreateOfferRequestPassenger, CreateOrder, CreateOrderPassenger, Offer, Order, SeatMap } from '@duffel/api/types';
import type { BrandedFareCatalogue, Extras, FareFamilies } from '../../../contract/fares.ts';
import { MAX_RECOMMENDATIONS, type Recommendation } from '../../../contract/search.ts';
import { bagCounts } from '../../domain/fare-inclusions.ts';
import { toMajorUnits, toMinorUnits } from '../money.ts';
import {
  OfferUnavailable,
  UnknownOffer,
  type BookingOutcome,
  type BookingPassenger,
  type BookingRequest,
  type OfferSelection,
  type PricedOffer,
  type Supplier,
  type SupplierSearchQuery,
  type SupplierSeatMapSegment,
} from '../port.ts';
import { DuffelFailure, duffelCall, isOfferGone, type DuffelConfig } from './client.ts';
import { cabinClassOf, decodeOfferId, duffelOrderIdOf, orderIdOf, partyOf, recommendationOf, SALE_CURRENCY } from './map.ts';

/** Ages sent for the search's children and infants: the search form counts them, the checkout asks birth dates later. */
export const SEARCH_AGES = { child: 8, infant: 1 } as const;
/** Flights leaving sooner than this are not sold (as the sandbox). */
const SALES_CUTOFF_MS = 2 * 3_600_000;

/** An order as the app keeps it: our id, the airline's record locator, what is owed and until when. */
export interface DuffelOrderState {
  id: string;
  locator: string;
  total: number;
  currency: string;
  awaitingPayment: boolean;
  paymentRequiredBy: string | null;
  priceGuaranteeExpiresAt: string | null;
}

export interface CancellationQuote {
  /** Duffel's quote id (ore_…), to confirm within `expiresAt`. */
  id: string;
  refund: number | null;
  currency: string | null;
  refundTo: string;
  expiresAt: string;
}

/** The port with its order calls, and what the adapter's tests read of an order: its state, its cancellation quote. */
export interface DuffelSupplier extends Supplier {
  /** Pays a held order from the Duffel balance, the amount it now owes exactly; a paid one asks nothing. */
  payHeld(orderId: string): Promise<DuffelOrderState>;
  cancelOrder(orderId: string): Promise<boolean>;
  order(orderId: string): Promise<DuffelOrderState>;
  /** What cancelling would refund; null when the order cannot be cancelled (its conditions or Duffel's answer). */
  cancellationQuote(orderId: string): Promise<CancellationQuote | null>;
  confirmCancellation(quoteId: string): Promise<void>;
}

export function createDuffelSupplier(config: DuffelConfig): DuffelSupplier {
  const duffel = new Duffel({ token: config.accessToken, ...(config.basePath ? { basePath: config.basePath } : {}) });
  const read = <T>(what: string, call: () => Promise<T>) => duffelCall(config, what, call, { idempotent: true });
  const write = <T>(what: string, call: () => Promise<T>) => duffelCall(config, what, call, { idempotent: false });

  function decode(id: string) {
    const decoded = decodeOfferId(id);
    if (!decoded) throw new UnknownOffer('The offer id is not one Duffel issued.');
    return decoded;
  }

  /** The offer as Duffel sells it now (with its services); gone → OfferUnavailable. */
  async function currentOffer(selection: OfferSelection): Promise<{ offer: Offer; shownMinor: number }> {
    const { offerId, shownMinor } = decode(selection.offerId);
    try {
      const { data } = await read(`offer ${offerId}`, () => duffel.offers.get(offerId, { return_available_services: true }));
      return { offer: data, shownMinor };
    } catch (error) {
      if (error instanceof DuffelFailure && isOfferGone(error)) throw new OfferUnavailable(`Duffel no longer sells offer ${offerId}.`);
      throw error;
    }
  }

  function recommendation(offer: Offer, selection: Pick<OfferSelection, 'agency' | 'flightIds'>): Recommendation {
    const mapped = recommendationOf(offer, { agency: selection.agency });
    if (!mapped) throw new UnknownOffer(`Duffel priced offer ${offer.id} in ${offer.total_currency}, not ${SALE_CURRENCY}.`);
    const flightIds = mapped.itinerary.map((leg) => leg.flights[0]?.id);
    if (selection.flightIds && selection.flightIds.some((id, index) => id !== flightIds[index])) throw new UnknownOffer('A Duffel offer is one itinerary: its own flights only.');
    return mapped;
  }

  async function priced(selection: OfferSelection): Promise<PricedOffer & { duffel: Offer }> {
    const { offer, shownMinor } = await currentOffer(selection);
    const now = recommendation(offer, selection);
    const nowMinor = toMinorUnits(offer.total_amount, offer.total_currency);
    return { offer: now, previousTotal: nowMinor > shownMinor ? toMajorUnits(shownMinor, offer.total_currency) : null, duffel: offer };
  }

  /** Our passengers on the offer's passenger ids, type by type in order; the infants ride on the adults in turn. */
  function orderPassengers(offer: Offer, passengers: readonly BookingPassenger[]): CreateOrderPassenger[] {
    const party = partyOf(offer);
    const ofType = (type: BookingPassenger['type']) => passengers.filter((passenger) => passenger.type === type);
    const adultIds = offer.passengers.slice(0, party.adults).map((passenger) => passenger.id);
    const ids = { ADT: adultIds, CHD: offer.passengers.slice(party.adults, party.adults + party.children).map((p) => p.id), INF: offer.passengers.slice(party.adults + party.children).map((p) => p.id) };
    const contact = passengers.find((passenger) => passenger.email && passenger.phone);
    return (['ADT', 'CHD', 'INF'] as const).flatMap((type) =>
      ofType(type).map((passenger, index): CreateOrderPassenger => {
        const id = ids[type][index];
        if (!id || !passenger.birthdate || !passenger.gender) throw new UnknownOffer('Duffel books named passengers with their birth date and gender, one per searched passenger.');
        const infant = type === 'ADT' ? ids.INF[index] : undefined;
        return {
          id,
          title: passenger.gender === 'F' ? 'ms' : 'mr',
          gender: passenger.gender === 'F' ? 'f' : 'm',
          given_name: passenger.firstName,
          family_name: passenger.lastName,
          born_on: passenger.birthdate,
          email: passenger.email ?? contact?.email ?? '',
          phone_number: passenger.phone ?? contact?.phone ?? '',
          ...(infant ? { infant_passenger_id: infant } : {}),
        } as CreateOrderPassenger;
      }),
    );
  }

  const stateOf = (order: Order): DuffelOrderState => ({
    id: orderIdOf(order.id),
    locator: order.booking_reference,
    total: toMajorUnits(toMinorUnits(order.total_amount, order.total_currency), order.total_currency),
    currency: order.total_currency,
    awaitingPayment: order.payment_status.awaiting_payment,
    paymentRequiredBy: order.payment_status.payment_required_by ?? null,
    priceGuaranteeExpiresAt: order.payment_status.price_guarantee_expires_at ?? null,
  });

  /**
   * Re-prices, then orders: 1001 when the offer is gone, 1002 when it costs more and the traveller has not
   * accepted it. Held (unpaid) when the traveller pays later and the offer allows it; otherwise paid at once from
   * the balance (an offer that must be paid at once is cancelled if the traveller never pays: supplier-orders.ts).
   */
  async function placeOrder(request: BookingRequest): Promise<BookingOutcome | { kind: 'ordered'; order: Order }> {
    let current;
    try {
      current = await priced(request.selection);
    } catch (error) {
      if (error instanceof OfferUnavailable) return { kind: 'segments-unavailable', code: 1001 };
      throw error;
    }
    if (current.previousTotal !== null && !request.acceptFareChange) return { kind: 'fare-changed', code: 1002, previousTotal: current.previousTotal, offer: current.offer };
    const offer = current.duffel;
    const type = request.payLater && !offer.payment_requirements.requires_instant_payment ? 'hold' : 'instant';
    const body: CreateOrder = {
      selected_offers: [offer.id],
      passengers: orderPassengers(offer, request.passengers),
      // The API takes `hold` (verified in Duffel's test mode); the client's typing still says `pay_later`.
      type: type as CreateOrder['type'],
      ...(type === 'instant' ? { payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }] } : {}),
      metadata: { vuelos_booking: request.reference },
    };
    try {
      const { data } = await write(`order of ${offer.id}`, () => duffel.orders.create(body));
      return { kind: 'ordered', order: data };
    } catch (error) {
      if (error instanceof DuffelFailure && isOfferGone(error)) return { kind: 'segments-unavailable', code: 1001 };
      throw error;
    }
  }

  async function orderById(orderId: string): Promise<Order> {
    const id = duffelOrderIdOf(orderId);
    if (!id) throw new UnknownOffer('The order id is not one Duffel issued.');
    return (await read(`order ${id}`, () => duffel.orders.get(id))).data;
  }

  async function cancellationQuote(orderId: string): Promise<CancellationQuote | null> {
    const held = await orderById(orderId);
    if (!held.available_actions?.includes('cancel')) return null;
    try {
      const { data } = await write(`cancellation of ${held.id}`, () => duffel.orderCancellations.create({ order_id: held.id }));
      const refund = data.refund_amount !== null && data.refund_currency !== null ? toMajorUnits(toMinorUnits(data.refund_amount, data.refund_currency), data.refund_currency) : null;
      return { id: data.id, refund, currency: data.refund_currency, refundTo: data.refund_to, expiresAt: data.expires_at };
    } catch (error) {
      if (error instanceof DuffelFailure && error.status === 422) return null;
      throw error;
    }
  }

  async function confirmCancellation(quoteId: string) {
    await write(`cancellation ${quoteId}`, () => duffel.orderCancellations.confirm(quoteId));
  }

  return {
    async search(query: SupplierSearchQuery) {
      const passengers: CreateOfferRequestPassenger[] = [
        ...Array.from({ length: query.passengers.adults }, () => ({ type: 'adult' as const })),
        ...Array.from({ length: query.passengers.children }, () => ({ age: SEARCH_AGES.child })),
        ...Array.from({ length: query.passengers.infants }, () => ({ age: SEARCH_AGES.infant })),
      ] as CreateOfferRequestPassenger[];
      const request = await read('offer request', () =>
        duffel.offerRequests.create({
          slices: query.legs.map((leg) => ({ origin: leg.origin, destination: leg.destination, departure_date: leg.date, departure_time: null, arrival_time: null })),
          passengers,
          cabin_class: cabinClassOf(query.cabin),
          return_offers: false,
          supplier_timeout: config.supplierTimeoutMs,
        }),
      );
      const { data } = await read('offers', () => duffel.offers.list({ offer_request_id: request.data.id, sort: 'total_amount', limit: 200 }));
      const legDates = query.legs.map((leg) => leg.date);
      const offers = data
        .filter((offer) => !query.airline || offer.owner.iata_code === query.airline)
        .map((offer) => recommendationOf(offer, { agency: query.agency, legDates }))
        .filter((offer): offer is Recommendation => offer !== null)
        .filter((offer) => Date.parse(offer.itinerary[0]?.flights[0]?.departureDateTime ?? '') >= query.now + SALES_CUTOFF_MS)
        .slice(0, MAX_RECOMMENDATIONS);
      return { offers, flexible: null };
    },

    async price(selection) {
      const { offer, previousTotal } = await priced(selection);
      return { offer, previousTotal };
    },

    /** Duffel's offer is one fare: the comparison shows it alone. */
    async fareFamilies(selection): Promise<FareFamilies> {
      const { offer } = await priced(selection);
      const flights = offer.itinerary.map((leg) => leg.flights[0]).filter((flight) => flight !== undefined);
      const first = flights[0];
      const name = first?.brandedFare?.name ?? 'Economy';
      const inclusions = first?.inclusions;
      return {
        id: selection.offerId,
        fares: [
          {
            code: offer.brandedFares[0] ?? '',
            name,
            color: '#1b4d89',
            offerId: offer.id,
            pricing: offer.pricing,
            segments: flights.flatMap((flight) => flight.segments.map((segment) => ({ flightNumber: `${segment.marketingAirline.code}${segment.flightNumber}`, bookingClass: segment.bookingClass.code }))),
            flights: flights.map((flight) => flight.id),
            bundle: [],
            baggage: { includes: (first?.baggage.pieces ?? 0) > 0, value: flights.map((flight) => String(flight.baggage.pieces)).join('/') },
            handBaggage: first?.handBaggage ?? { pieces: 1, weight: null },
            ...(inclusions ? { inclusions } : {}),
            ...(offer.baggagePrices ? { baggagePrices: offer.baggagePrices } : {}),
          },
        ],
        matrix: [],
        fareFamiliesWithDescriptions: [{ id: offer.brandedFares[0] ?? '', familyFare: { name, baggage: first ? bagCounts(first.inclusions?.checkedBag ?? { state: 'CHA', pieces: 0, weight: null }) : { pieces: 0, weight: null } }, descriptions: [] }],
        hasMultipleFareFamilies: false,
      } as FareFamilies;
    },

    brandedFareCatalogue: (): BrandedFareCatalogue[] => [],

    /** Extra bags from the offer's available services (per unit, per passenger and leg); seats are priced by the seat map. */
    async extras(selection): Promise<Extras> {
      const { offer, duffel: raw } = await priced(selection);
      const legOfSegment = new Map(raw.slices.flatMap((slice, legIndex) => slice.segments.map((segment) => [segment.id, legIndex] as const)));
      const seen = new Set<string>();
      const baggage = (raw.available_services ?? [])
        .filter((service) => service.type === 'baggage' && service.total_currency === SALE_CURRENCY)
        .flatMap((service) => {
          const legIndex = legOfSegment.get(service.segment_ids[0] ?? '') ?? 0;
          const metadata = service.metadata as { type?: string; maximum_weight_kg?: number | null } | undefined;
          const key = `${legIndex}|${metadata?.type}|${service.total_amount}`;
          if (seen.has(key)) return [];
          seen.add(key);
          return [{ code: service.id, description: metadata?.type === 'carry_on' ? 'Carry-on bag' : 'Checked bag', legIndex, pieces: 1, weight: metadata?.maximum_weight_kg ?? 0, price: toMajorUnits(toMinorUnits(service.total_amount, service.total_currency), service.total_currency) }];
        });
      return { id: offer.id, baggage, seats: [] };
    },

    async seatMap(selection): Promise<SupplierSeatMapSegment[]> {
      const { offerId } = decode(selection.offerId);
      let maps: SeatMap[];
      try {
        maps = (await read(`seat maps of ${offerId}`, () => duffel.seatMaps.get({ offer_id: offerId }))).data;
      } catch (error) {
        if (error instanceof DuffelFailure && isOfferGone(error)) throw new OfferUnavailable(`Duffel no longer sells offer ${offerId}.`);
        throw error;
      }
      const { offer } = await priced(selection);
      const segments = offer.itinerary.flatMap((leg) => leg.flights[0]?.segments ?? []);
      return maps.map((map, index) => seatMapSegment(map, segments[index]));
    },

    async book(request) {
      const outcome = await placeOrder(request);
      if (outcome.kind !== 'ordered') return outcome;
      const order = stateOf(outcome.order);
      const deadlines = [order.paymentRequiredBy, order.priceGuaranteeExpiresAt].filter((at) => at !== null).sort((a, b) => Date.parse(a) - Date.parse(b));
      return { kind: 'confirmed', locator: order.locator, total: order.total, supplierOrder: { id: order.id, held: order.awaitingPayment, payBy: deadlines[0] ?? null } };
    },

    async payHeld(orderId) {
      const held = await orderById(orderId);
      if (held.payment_status.awaiting_payment) {
        await write(`payment of ${held.id}`, () => duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: held.total_amount, currency: held.total_currency } }));
      }
      return stateOf(await orderById(orderId));
    },

    order: async (orderId) => stateOf(await orderById(orderId)),

    cancellationQuote,

    confirmCancellation,

    async cancelOrder(orderId) {
      const quote = await cancellationQuote(orderId);
      if (!quote) return false;
      await confirmCancellation(quote.id);
      return true;
    },

    // Duffel has no calendar call, and 61 offer requests a calendar would take are not worth their cost:
    // the price calendar comes from the other suppliers (supply/multi.ts).
    priceCalendar: async () => null,

    // Routes, airports and airlines for banners and autocomplete come from the sandbox's world (supply/multi.ts).
    airlinesServing: () => [],
    nonstopDestinations: () => [],
    servesAirport: () => false,
    airlines: () => [],
  };
}

/** Rows of one segment's seat map: seats with a service for sale are free at its price (one passenger's), others taken; aisles between sections. */
function seatMapSegment(map: SeatMap, segment: Recommendation['itinerary'][number]['flights'][number]['segments'][number] | undefined): SupplierSeatMapSegment {
  const cabin = map.cabins.find((candidate) => candidate.deck === 0) ?? map.cabins[0];
  const rows: SupplierSeatMapSegment['rows'] = [];
  for (const row of cabin?.rows ?? []) {
    const seats: SupplierSeatMapSegment['rows'][number]['seats'] = [];
    let rowNumber = 0;
    row.sections.forEach((section, sectionIndex) => {
      if (sectionIndex > 0) seats.push({ letter: '', status: 'S', price: 0 });
      for (const element of section.elements) {
        if (element.type !== 'seat' && element.type !== 'restricted_seat_general') continue;
        const designator = /^(\d+)([A-Z])$/.exec(element.designator);
        if (!designator) continue;
        rowNumber = Number(designator[1]);
        const service = element.available_services?.[0];
        const price = service ? toMajorUnits(toMinorUnits(service.total_amount, service.total_currency), service.total_currency) : 0;
        seats.push({ letter: designator[2] as string, status: service && element.type === 'seat' ? 'A' : 'T', price });
      }
    });
    if (rowNumber > 0) rows.push({ rowNumber, seats });
  }
  return { origin: segment?.departureAirport.code ?? '', destination: segment?.arrivalAirport.code ?? '', aircraft: segment?.equipment[0]?.airEquipType ?? '', rows };
}

