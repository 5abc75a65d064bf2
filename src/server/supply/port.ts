import type { BrandedFareCatalogue, Extras, FareFamilies } from '../../contract/fares.ts';
import type { CabinCode, FlexibleDates, Passengers, Recommendation, SearchLeg } from '../../contract/search.ts';

/** What the search service asks a supplier for, already validated and normalised. */
export interface SupplierSearchQuery {
  legs: readonly SearchLeg[];
  passengers: Passengers;
  cabin: CabinCode;
  airline: string | null;
  corporateCode: string | null;
  /** The business day (America/Lima) that advance-purchase pricing counts from. */
  today: string;
  /** Epoch ms: flights leaving within two hours of it are no longer sold. */
  now: number;
  /** Agency terminals see commission in the pricing (B2B); consumers never do. */
  agency: boolean;
  flexible: boolean;
}

export interface SupplierSearchResult {
  offers: Recommendation[];
  flexible: FlexibleDates | null;
  /** Suppliers that did not answer a search across several (supply/multi.ts): the answer is made of the others'. */
  unavailableSuppliers?: SupplierFailure[];
}

/** A supplier left out of a search, by its code (sandbox, duffel) and why, as a code the client translates. */
export interface SupplierFailure {
  supplier: string;
  reason: 'timeout' | 'error';
}

/**
 * What the price calendar asks a supplier for (issue 21): the cheapest whole-party total of each departure
 * day (one way: `returnDate` null) or departure/return pair, on one route, priced as a search would be.
 */
export interface SupplierCalendarQuery extends Omit<SupplierSearchQuery, 'legs' | 'flexible' | 'airline' | 'corporateCode'> {
  origin: string;
  destination: string;
  pairs: ReadonlyArray<{ departureDate: string; returnDate: string | null }>;
}

/** One total per asked pair, in order (null: nothing sold); or null: this supplier has no calendar. */
export type SupplierCalendar = Array<number | null> | null;

/** The traveller's choice inside an offer: one flight id per leg, optionally a brand. */
export interface OfferSelection {
  offerId: string;
  flightIds?: readonly string[] | undefined;
  brandCode?: string | undefined;
  today: string;
  now: number;
  agency: boolean;
}

export interface PricedOffer {
  offer: Recommendation;
  /** The total shown at search time when the supplier now asks more (checkout error 1002). */
  previousTotal: number | null;
}

export interface BookingPassenger {
  type: 'ADT' | 'CHD' | 'INF';
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, M/F, e-mail and E.164 phone: a real supplier (Duffel) books with them; the sandbox does without. */
  birthdate?: string | undefined;
  gender?: 'M' | 'F' | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

export interface BookingRequest {
  /** Our booking's id: the same reference asked twice (a retry after a crash) books once. */
  reference: string;
  selection: OfferSelection;
  passengers: readonly BookingPassenger[];
  /** Seats asked for at booking, per segment: "12C". */
  seats: ReadonlyArray<{ segmentIndex: number; seat: string }>;
  /** 1 for the first try; the intermittence scenario fails the first attempt only. */
  attempt: number;
  /** The traveller accepted the new fare of a 1002 answer and books at it. */
  acceptFareChange: boolean;
  /** On a repricing (acceptFareChange), per leg: whether its baggage is applied (spec 3 §5: not for VV, not for '0' pieces). */
  applyBaggage?: readonly boolean[] | undefined;
  /**
   * The traveller pays after booking (cash, transfer, a provider's page): a supplier that can hold an order unpaid
   * does, so the agency pays it only once the traveller has (services/supplier-orders.ts).
   */
  payLater?: boolean | undefined;
}

/** An order the supplier keeps on its side (Duffel's), which our booking follows after booking. */
export interface SupplierOrder {
  /** The supplier's order id, prefixed like its offers (duf.ord_…). */
  id: string;
  /** Booked unpaid: the supplier is paid once the traveller pays. False: paid at booking. */
  held: boolean;
  /** ISO instant after which a held order can no longer be paid at its price (the earlier of the supplier's two deadlines). */
  payBy: string | null;
}

/** Booking outcomes; the codes are the checkout error catalogue of spec 2 §8. */
export type BookingOutcome =
  | { kind: 'confirmed'; locator: string; total: number; supplierOrder?: SupplierOrder }
  | { kind: 'duplicate'; code: 1000 }
  | { kind: 'segments-unavailable'; code: 1001 }
  | { kind: 'fare-changed'; code: 1002; previousTotal: number; offer: Recommendation }
  | { kind: 'attempt-limit'; code: 1007 }
  | { kind: 'provider-intermittence'; code: 1303 }
  | { kind: 'seat-taken'; seat: string };

/** One place in a seat map row: a seat letter, or an aisle (`letter` empty, status S). */
export interface SupplierSeat {
  letter: string;
  /** A free, T taken, S aisle spacer. */
  status: 'A' | 'T' | 'S';
  /** What choosing it costs one passenger (US$); 0 where the fare includes it. */
  price: number;
}

/** The cabin the offer is sold in, for one flight segment. Ground transport has no rows. */
export interface SupplierSeatMapSegment {
  origin: string;
  destination: string;
  /** Equipment code, e.g. 320. */
  aircraft: string;
  rows: Array<{ rowNumber: number; seats: SupplierSeat[] }>;
}

/** The supplier could not answer in time (search error 504). */
export class SupplierTimeout extends Error {}

/** An offer id the supplier does not recognise, or flights that are no longer in it. */
export class UnknownOffer extends Error {}

/** An offer the supplier issued but sells no more (expired, sold out): the checkout's 1001 where a booking meets it. */
export class OfferUnavailable extends UnknownOffer {
  readonly code = 1001;
}

/**
 * The supply port (ARCHITECTURE.md): everything the API needs from whoever sells the flights.
 * The built-in sandbox implements it; real suppliers (Duffel first) are adapters of the same port.
 */
export interface Supplier {
  search(query: SupplierSearchQuery): Promise<SupplierSearchResult>;
  /** The cheapest totals of many days at once, without a search per day; null when the supplier cannot say. */
  priceCalendar(query: SupplierCalendarQuery): Promise<SupplierCalendar>;
  price(selection: OfferSelection): Promise<PricedOffer>;
  fareFamilies(selection: OfferSelection): Promise<FareFamilies>;
  brandedFareCatalogue(): BrandedFareCatalogue[];
  extras(selection: OfferSelection): Promise<Extras>;
  /** The seat map of the chosen flights, one entry per flight segment in trip order, priced like `extras().seats`. */
  seatMap(selection: OfferSelection): Promise<SupplierSeatMapSegment[]>;
  /** Stops waiting (and should stop working) when `signal` aborts: the booking's deadline. */
  book(request: BookingRequest, signal?: AbortSignal): Promise<BookingOutcome>;
  /** Pays a held order (SupplierOrder.held) now that the traveller paid; paying a paid order does nothing. Suppliers without orders of their own (the sandbox) have none. */
  payHeld?(orderId: string): Promise<unknown>;
  /** Cancels an order the traveller never paid: true once cancelled, false when the supplier cannot cancel it (or it already was). */
  cancelOrder?(orderId: string): Promise<boolean>;
  /** Airlines that fly between two airports or cities (nonstop or connecting), for banners. */
  airlinesServing(origin: string, destination: string): string[];
  /** Nonstop destinations sold from an airport, with the airlines flying each. */
  nonstopDestinations(airport: string): Array<{ code: string; airlines: string[] }>;
  /** Whether any flight is sold from or to an airport (ranks autocomplete). */
  servesAirport(airport: string): boolean;
  /** The airlines this supplier sells (airline autocomplete). */
  airlines(): Array<{ code: string; name: string }>;
}
