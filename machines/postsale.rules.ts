import type { SeatMap, StoredCard } from '../src/contract/checkout.ts';
import { POSTSALE_CHECK_CODES, postSaleErrorCodes, type BaggageFlight, type BaggageItem, type CreditLimit, type OrderAncillariesResult, type PaymentType, type PurchaseBaggage } from '../src/contract/postsale.ts';

/** What the page bought by, and how (spec 3 §2 blocks 5–7). */
export interface PostSaleForm {
  /** Credit card by default; CASH is the cash / credit-line option. */
  method: PaymentType;
  /** What the card form last reported: valid with the vault's token, never the number. */
  card: { valid: boolean; stored: StoredCard | null };
  /** 'Emitir con autorización' and the authorised person chosen from the list. */
  authorize: boolean;
  authorizerId: string | null;
  invoiceRequested: boolean;
  invoice: { ruc: string; companyName: string; companyAddress: string };
}

export const emptyPostSaleForm: PostSaleForm = {
  method: 'CARD',
  card: { valid: false, stored: null },
  authorize: false,
  authorizerId: null,
  invoiceRequested: false,
  invoice: { ruc: '', companyName: '', companyAddress: '' },
};

/** Why buying was refused (spec 3 §5 "Ancillaries purchase checks", in order); the view words each. */
export type PurchaseProblem =
  | 'finishSeats'
  | 'finishBaggage'
  | 'finishSeatsAndBaggage'
  | 'nothingChosen'
  | 'creditBusiness'
  | 'creditAuthorize'
  | 'invoice'
  | 'card';

/**
 * The problem of a purchase the server refused by one of spec 3 §5's checks (its own; the page's passed: the
 * credit was spent meanwhile, the card token expired…), read from the typed error: its code names the check
 * and errors[0].code the variant. Null for any other failure.
 */
/** The server's 409 BOOKING_CLOSED: the booking expired or was cancelled, so no extras are sold on it. */
export const isBookingClosedRefusal = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === postSaleErrorCodes.bookingClosed;

export function problemOfRefusal(error: unknown): PurchaseProblem | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, code, body } = error as { status?: unknown; code?: unknown; body?: { errors?: Array<{ code?: unknown }> } };
  if (status !== 400) return null;
  const variant = body?.errors?.[0]?.code;
  switch (code) {
    case POSTSALE_CHECK_CODES.selection:
      return variant === 'baggages' ? 'finishBaggage' : variant === 'seats' ? 'finishSeats' : 'finishSeatsAndBaggage';
    case POSTSALE_CHECK_CODES.credit:
      return variant === 'business' ? 'creditBusiness' : 'creditAuthorize';
    case POSTSALE_CHECK_CODES.invoice:
      return 'invoice';
    case POSTSALE_CHECK_CODES.card:
      return 'card';
    default:
      return null;
  }
}

/** `${flightIndex}:${passengerIndex}:${code}` → chosen (spec 3 §4 "Baggage": each option toggles per passenger). */
export type BagChoices = Record<string, true>;
export const bagKey = (flightIndex: number, passengerIndex: number, code: string) => `${flightIndex}:${passengerIndex}:${code}`;

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The seat picker's map for an order: its segments and seated passengers (infants get no seat). When the
 * order answers no passenger list, the passengers the offer items sell to stand in, in order of appearance.
 */
export function seatMapOf(ancillaries: Pick<OrderAncillariesResult, 'seats'>): SeatMap {
  const { seats } = ancillaries;
  const passengers =
    seats.passengers ??
    [...new Set(seats.segments.flatMap((segment) => segment.rows.flatMap((row) => row.offerItems.map((item) => item.paxID))))].map((id) => ({
      id,
      passengerTypeCode: 'ADT' as const,
    }));
  return { segments: seats.segments, passengers: passengers.filter((passenger) => passenger.passengerTypeCode !== 'INF') };
}

/** Seats are offered when some segment has a row to sell. */
export const seatsOffered = (ancillaries: Pick<OrderAncillariesResult, 'seats'>) => ancillaries.seats.segments.some((segment) => segment.rows.length > 0);

/** Baggage is offered when some passenger of some flight has an option. */
export const baggageOffered = (flights: BaggageFlight[]) => flights.some((flight) => flight.passengers.some((passenger) => passenger.baggagesByPassenger.length > 0));

/** The chosen bags, flight by flight and passenger by passenger, with their options. */
export function chosenBags(flights: BaggageFlight[], choices: BagChoices): Array<{ flightIndex: number; passengerIndex: number; item: BaggageItem }> {
  return flights.flatMap((flight, flightIndex) =>
    flight.passengers.flatMap((passenger, passengerIndex) =>
      passenger.baggagesByPassenger.filter((item) => choices[bagKey(flightIndex, passengerIndex, item.code)]).map((item) => ({ flightIndex, passengerIndex, item })),
    ),
  );
}

export const bagsTotal = (flights: BaggageFlight[], choices: BagChoices) => round2(chosenBags(flights, choices).reduce((sum, bag) => sum + bag.item.price, 0));

/** The purchase request's `baggages`: each chosen bag by the offer item the baggage answer gave it (the server prices it). */
export function purchaseBaggagesOf(flights: BaggageFlight[], choices: BagChoices): PurchaseBaggage[] {
  return chosenBags(flights, choices).map(({ flightIndex, passengerIndex, item }) => ({
    offerItem: item.offerItem ?? `B${flightIndex}-${item.code}-${flights[flightIndex]?.passengers[passengerIndex]?.pax.id ?? passengerIndex}`,
    flightIndex,
    passengerIndex,
    code: item.code,
    price: item.price,
  }));
}

/** The credit line does not cover the ancillaries (spec 3 §5 check 2); an unknown credit covers nothing. */
export const creditShort = (credit: CreditLimit | null, total: number) => (credit?.available ?? 0) < total;

export interface PurchaseFacts {
  seatsOffered: boolean;
  seatsFinished: boolean;
  baggageOffered: boolean;
  baggageFinished: boolean;
  /** Seats and bags chosen, in USD. */
  total: number;
  isBusiness: boolean;
  credit: CreditLimit | null;
  form: PostSaleForm;
}

/** RUC: 11 digits starting 10, 15, 17 or 20 (Peru). */
const rucPattern = /^(10|15|17|20)\d{9}$/;

/** Spec 3 §5 "Ancillaries purchase checks": the first that fails, or null when the purchase can be sent. */
export function purchaseProblem(facts: PurchaseFacts): PurchaseProblem | null {
  const seatsOpen = facts.seatsOffered && !facts.seatsFinished;
  const bagsOpen = facts.baggageOffered && !facts.baggageFinished;
  if (seatsOpen && bagsOpen) return 'finishSeatsAndBaggage';
  if (seatsOpen) return 'finishSeats';
  if (bagsOpen) return 'finishBaggage';
  if (facts.total <= 0) return 'nothingChosen';
  const { form } = facts;
  const authorized = !facts.isBusiness && form.authorize && form.authorizerId !== null;
  if (form.method === 'CASH' && creditShort(facts.credit, facts.total) && !authorized) return facts.isBusiness ? 'creditBusiness' : 'creditAuthorize';
  if (form.invoiceRequested) {
    const { ruc, companyName, companyAddress } = form.invoice;
    if (!rucPattern.test(ruc.trim()) || companyName.trim() === '' || companyAddress.trim() === '') return 'invoice';
  }
  if (form.method === 'CARD' && !(form.card.valid && form.card.stored)) return 'card';
  return null;
}
