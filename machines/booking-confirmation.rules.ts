/**
 * What the booking confirmation page (spec 3 §2) reads from a session: whether the booking is whole,
 * which payment tab its provider gets, the payment order's screen, and the seats and bags bought.
 * Plain functions, used by the confirmation machine and its view.
 */
import { PaymentProvider, type BookingSuccess } from '../src/contract/checkout.ts';
import type { BaggageCode, PaymentOrderScreen } from '../src/contract/postsale.ts';
import type { Session } from '../src/contract/session.ts';

/**
 * The booking when everything the page shows is there: PNR, order id, ticketing time limit, payment
 * details and a status code. Anything less is the 'UPS! Ocurrio un error durante la reserva' case.
 */
export function completeBookingOf(session: Pick<Session, 'booking'> | null): BookingSuccess | null {
  const booking = session?.booking;
  if (!booking || booking.statusCode !== 1) return null;
  if (!booking.pnr || !booking.orderID?.id || !booking.ticketingTimeLimit || !booking.paymentDetails) return null;
  return booking;
}

/**
 * Orders paid with an order number at a bank or agent (PagoEfectivo cash deposit, SafetyPay bank and
 * cash): their payment tab is the payment-order screen with the four banks' instructions.
 */
export const BANK_ORDER_PROVIDER_CODES = [PaymentProvider.pagoEfectivo, PaymentProvider.safetyPayCash, PaymentProvider.safetyPay] as const;

/**
 * withoutPayment: a booking held without payment (103) — its deadline, amount and how to pay it later
 * (issue 37; spec 3 §2 hid this tab, which left the traveller without a word of the deadline);
 * bankOrder: the payment-order screen; status: the order's status text.
 */
export type PaymentTabKind = 'withoutPayment' | 'bankOrder' | 'status';

export function paymentTabOf(providerCode: number): PaymentTabKind {
  if (providerCode === PaymentProvider.bookWithoutPayment) return 'withoutPayment';
  if ((BANK_ORDER_PROVIDER_CODES as readonly number[]).includes(providerCode)) return 'bankOrder';
  return 'status';
}

/**
 * The payment-order screen (spec 3 §4 table) for the booking's payment status (spec 3 §4 numbers):
 * still unpaid is pending, paid or being ticketed is paid, cancelled and expired have their own
 * warnings, and a denied payment (or an unknown status) is the error screen.
 */
export function paymentScreenOfBookingStatus(status: number): PaymentOrderScreen {
  switch (status) {
    case 0:
    case 1:
    case 2:
      return 'pending';
    case 3:
    case 6:
    case 15:
      return 'paid';
    case 5:
    case 8:
      return 'cancelled';
    case 7:
      return 'expired';
    default:
      return 'error';
  }
}

/**
 * The screen of an order that may be past its payment deadline: a pending order that is overdue reads
 * expired at once (the server's expiry job moves it within a minute; it can no longer be paid anyway).
 */
export function paymentScreenOfOrder(status: number, overdue: boolean): PaymentOrderScreen {
  const screen = paymentScreenOfBookingStatus(status);
  return screen === 'pending' && overdue ? 'expired' : screen;
}

/**
 * The confirmation's retry warning (spec 3 §4): this route was booked at least 3 times, or at least twice
 * on LATAM (CM), so one more identical attempt will be refused.
 */
export function showsRetryWarning(attempts: number | undefined, validatingAirline: string | undefined): boolean {
  const count = attempts ?? 0;
  return count >= 3 || (count >= 2 && validatingAirline?.toUpperCase() === 'CM');
}

export interface SeatLine {
  key: string;
  passenger: string;
  /** Origin-destination of the seat's segment, e.g. LIM-CUZ. */
  route: string;
  seat: string;
  price: number;
}

export interface BaggageLine {
  key: string;
  passenger: string;
  route: string;
  name: string;
  /** Bags bought after booking carry their airline code: the page names them by it in the reader's language. */
  code?: BaggageCode | undefined;
  /** Bags bought at checkout carry typed facts: the page names them in the reader's language. */
  bag?: { type: string; pieces: number; weightKg: number };
  price: number;
}

export interface AdditionalProducts {
  seats: SeatLine[];
  baggage: BaggageLine[];
}

const fullName = (person: { firstName?: string | undefined; lastName?: string | undefined } | undefined) =>
  [person?.firstName, person?.lastName].filter(Boolean).join(' ');

/**
 * The seats and bags chosen for this booking ('Productos adicionales'): seats picked in checkout
 * (`seats.selected`) and those saved after booking (`ancilliaries.seatsSelectedRQ`), and the bags
 * bought at checkout (`selectedExtras`) and saved after booking (`ancilliaries.baggagesSelectedRQ`).
 */
export function additionalProductsOf(session: Pick<Session, 'seats' | 'selectedExtras' | 'ancilliaries' | 'flights' | 'bookForm' | 'extrasAfterBooking'>): AdditionalProducts {
  const seatSegments = session.seats?.segments ?? [];
  const offerSegments = session.ancilliaries?.seats.segments ?? [];
  const routeOfSegment = (segments: typeof seatSegments, index: number) => {
    const segment = segments[index];
    return segment ? `${segment.origin}-${segment.destination}` : '';
  };
  const checkoutSeats = (session.seats?.selected ?? []).map((seat) => ({
    key: `checkout:${seat.indexSegment}:${seat.passengerSelected.id}`,
    passenger: fullName(seat.passengerSelected) || seat.passengerSelected.id,
    route: routeOfSegment(seatSegments, seat.indexSegment),
    seat: `${seat.row}${seat.column}`,
    price: seat.price,
  }));
  const savedSeats = (session.ancilliaries?.seatsSelectedRQ?.seatsRQ.passengersWithSeats ?? []).flatMap((passenger) =>
    passenger.seats.map((seat) => ({
      key: `saved:${seat.indexSegment}:${passenger.passengerId}`,
      passenger: fullName(seat.passengerSelected) || passenger.passengerId,
      route: routeOfSegment(offerSegments.length > 0 ? offerSegments : seatSegments, seat.indexSegment),
      seat: `${seat.row}${seat.column}`,
      price: seat.price,
    })),
  );
  const flights = session.flights ?? [];
  const travellers = session.bookForm?.passengers ?? [];
  const baggage = (session.ancilliaries?.baggagesSelectedRQ?.baggagesRQ ?? []).map((bag, index) => {
    const flight = flights[bag.flightIndex];
    const from = flight?.segments[0]?.departureAirport.code;
    const to = flight?.segments.at(-1)?.arrivalAirport.code;
    return {
      key: `bag:${index}:${bag.offerItem}`,
      passenger: fullName(travellers[bag.passengerIndex]) || `#${bag.passengerIndex + 1}`,
      route: from && to ? `${from}-${to}` : '',
      name: bag.name,
      code: bag.code,
      price: bag.price,
    };
  });
  // Bought after booking on the post-sale page ('Compra 1' …): each purchase's seats and bags per passenger.
  const routeOfFlight = (index: number) => {
    const flight = flights[index];
    const from = flight?.segments[0]?.departureAirport.code;
    const to = flight?.segments.at(-1)?.arrivalAirport.code;
    return from && to ? `${from}-${to}` : '';
  };
  const bought = (session.extrasAfterBooking ?? []).flatMap((entry, entryIndex) => entry.ancillariesInfo.ancillaries.map((ancillary) => ({ ancillary, entryIndex })));
  const boughtSeats = bought.flatMap(({ ancillary, entryIndex }) =>
    ancillary.type === 'seat'
      ? ancillary.info.map((info) => ({
          key: `postsale:${entryIndex}:${ancillary.passengerIndex}:${info.segmentIndex}`,
          passenger: fullName(travellers[ancillary.passengerIndex]) || `#${ancillary.passengerIndex + 1}`,
          route: routeOfSegment(offerSegments.length > 0 ? offerSegments : seatSegments, info.segmentIndex) || routeOfFlight(info.segmentIndex),
          seat: `${info.row}${info.column}`,
          price: info.price,
        }))
      : [],
  );
  const boughtBaggage = bought.flatMap(({ ancillary, entryIndex }) =>
    ancillary.type === 'baggage'
      ? ancillary.info.map((info, infoIndex) => ({
          key: `postsale-bag:${entryIndex}:${ancillary.passengerIndex}:${info.flightIndex}:${infoIndex}`,
          passenger: fullName(travellers[ancillary.passengerIndex]) || `#${ancillary.passengerIndex + 1}`,
          route: routeOfFlight(info.flightIndex),
          name: info.name,
          code: info.code,
          price: info.price,
        }))
      : [],
  );
  // Bags bought at checkout: one entry per traveller in form order, each option names its flight.
  const checkoutBaggage = (session.selectedExtras?.baggage.passengers ?? []).flatMap((passenger, passengerIndex) =>
    passenger.options.map(({ option }) => ({
      key: `checkout-bag:${passengerIndex}:${option.id}`,
      passenger: fullName(travellers[passengerIndex]) || `#${passengerIndex + 1}`,
      route: `${option.origin}-${option.destination}`,
      name: option.name,
      bag: { type: option.type, pieces: option.pieces, weightKg: option.weightKg },
      price: option.totalAmount,
    })),
  );
  return { seats: [...checkoutSeats, ...savedSeats, ...boughtSeats], baggage: [...checkoutBaggage, ...baggage, ...boughtBaggage] };
}

export const hasAdditionalProducts = (products: AdditionalProducts) => products.seats.length + products.baggage.length > 0;
