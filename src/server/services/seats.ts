/**
 * Seat maps of an offer (spec 2 §3, spec 3 §3): the supplier's map of the chosen flights, one segment
 * per flight in trip order, with one offer item per free seat and seated passenger. The booking prices
 * chosen seats from the same map (booking.ts), never from the client.
 */
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { SEAT_TAKEN_MESSAGE, type CheckoutSeats, type SeatMap, type seatMapRequestSchema, type SelectedSeat } from '../../contract/checkout.ts';
import type { Flight, Recommendation } from '../../contract/search.ts';
import type { Database, Transaction } from '../db/client.ts';
import { soldSeats } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { round2 } from '../domain/booking.ts';
import { ApiFailure } from '../errors.ts';
import type { OfferSelection } from '../supply/port.ts';
import { ancillarySeller, onOffer } from './checkout.ts';
import { loadLiveSession, sessionLifetimeMs } from './sessions.ts';

type SeatMapRequest = z.infer<typeof seatMapRequestSchema>;

/** The offer's passengers who get a seat — adults, then children, as the book form orders them — as PAX1, PAX2 … */
export function seatedPassengers(passengers: Recommendation['pricing']['passengers']): SeatMap['passengers'] {
  const adults = passengers.adults.quantity;
  const children = passengers.children?.quantity ?? 0;
  return Array.from({ length: adults + children }, (_, index) => ({ id: `PAX${index + 1}`, passengerTypeCode: index < adults ? ('ADT' as const) : ('CHD' as const) }));
}

/** Offer item ids name the segment, the seat and the passenger: S0-12C-PAX1. */
export const seatOfferItemId = (segmentIndex: number, seat: string, passengerId: string) => `S${segmentIndex}-${seat}-${passengerId}`;

/** The seat map of a priced offer for its seated passengers. */
export async function seatMapOf(deps: AppDeps, selection: OfferSelection, offer: Recommendation, path = 'json.recommendation.id'): Promise<SeatMap> {
  return seatMapFor(deps, selection, seatedPassengers(offer.pricing.passengers), path);
}

/** The seat map of the selected flights for the given seated passengers (PAX1 …): an offer item per free seat and passenger. */
export async function seatMapFor(deps: AppDeps, selection: OfferSelection, passengers: SeatMap['passengers'], path = 'json.recommendation.id'): Promise<SeatMap> {
  const segments = await onOffer(() => deps.supplier.seatMap(selection), path);
  return {
    passengers,
    segments: segments.map((segment, segmentIndex) => ({
      origin: segment.origin,
      destination: segment.destination,
      rows: segment.rows.map((row) => ({
        rowNumber: row.rowNumber,
        columns: row.seats.map((seat) => ({ value: seat.letter, status: seat.status })),
        offerItems: row.seats
          .filter((seat) => seat.status === 'A')
          .flatMap((seat) => {
            const designator = `${row.rowNumber}${seat.letter}`;
            return passengers.map((passenger) => ({ id: seatOfferItemId(segmentIndex, designator, passenger.id), paxID: passenger.id, seat: designator, price: round2(seat.price) }));
          }),
      })),
    })),
  };
}

/** One key per flight segment in seat-map order (flights in trip order): marketing flight and local departure (LA2023@2026-12-18T08:10:00-05:00). */
export function flightKeysOfFlights(flights: readonly Flight[]): string[] {
  return flights.flatMap((flight) => flight.segments.map((segment) => `${segment.marketingAirline.code}${segment.flightNumber}@${segment.departureDateTime}`));
}

/** The map with the seats anyone owns (sold_seats: at checkout or after booking) taken, and no offer items for them. */
export async function withSoldSeatsTaken(db: Database | Transaction, map: SeatMap, flightKeys: readonly string[]): Promise<SeatMap> {
  if (flightKeys.length !== map.segments.length || flightKeys.length === 0) return map;
  const sold = await db.select({ flightKey: soldSeats.flightKey, seat: soldSeats.seat }).from(soldSeats).where(inArray(soldSeats.flightKey, [...flightKeys]));
  if (sold.length === 0) return map;
  const taken = new Set(sold.map((row) => `${row.flightKey}|${row.seat}`));
  const segments = map.segments.map((segment, index) => ({
    ...segment,
    rows: segment.rows.map((row) => ({
      ...row,
      columns: row.columns.map((column) => (taken.has(`${flightKeys[index]}|${row.rowNumber}${column.value}`) ? { ...column, status: 'T' as const } : column)),
      offerItems: row.offerItems.filter((item) => !taken.has(`${flightKeys[index]}|${item.seat}`)),
    })),
  }));
  return { ...map, segments };
}

/**
 * POST /api/flights/seats at checkout: the offer of a live session priced again (the chosen fare family,
 * else the recommendation), sold only where the checkout offers ancillaries (provider 107 on the listed
 * terminals, 403 otherwise).
 */
export async function checkoutSeatMap(deps: AppDeps, request: SeatMapRequest): Promise<SeatMap> {
  const searchParams = request.searchParams;
  if (searchParams.terminalId !== request.engine.id) {
    throw new ApiFailure(400, 'BAD_REQUEST', `The search was made on terminal ${searchParams.terminalId}, not ${request.engine.id}.`, [
      { path: 'json.searchParams.terminalId', code: 'mismatch', value: 'Another terminal' },
    ]);
  }
  const offerId = request.selectedFare?.offerId ?? request.recommendation.id;
  const path = request.selectedFare ? 'json.selectedFare.offerId' : 'json.recommendation.id';
  const { selection, offer } = await ancillarySeller(deps, { offerId, terminalId: request.engine.id, token: searchParams.token, flights: request.flights }, path);
  await loadLiveSession(deps.db, request.sessionID, deps.now(), { lifetimeMs: sessionLifetimeMs(deps) });
  const map = await seatMapOf(deps, selection, offer, path);
  // Seats sold to anyone (at checkout or after booking) are not offered again.
  const flights = [...request.flights].sort((a, b) => a.itineraryReference - b.itineraryReference);
  return withSoldSeatsTaken(deps.db, map, flightKeysOfFlights(flights));
}

export interface SeatIssue {
  path: Array<string | number>;
  message: string;
}

/**
 * The chosen seats checked against the offer's map and priced from it (spec 3 §5 "one seat per passenger
 * per segment"): each must be an offer item of its segment for its passenger and seat, no passenger may
 * hold two seats on a segment, and no seat may go to two passengers.
 */
export function priceChosenSeats(map: SeatMap, seats: readonly SelectedSeat[]): { total: number; issues: SeatIssue[] } {
  const issues: SeatIssue[] = [];
  const held = new Set<string>();
  let total = 0;
  seats.forEach((seat, index) => {
    const segment = map.segments[seat.indexSegment];
    if (!segment) {
      issues.push({ path: ['seats', index, 'indexSegment'], message: 'The trip has no such segment' });
      return;
    }
    const designator = `${seat.row}${seat.column}`;
    const item = segment.rows.flatMap((row) => row.offerItems).find((candidate) => candidate.id === seat.offerItemID);
    if (!item || item.seat !== designator || item.paxID !== seat.passengerSelected.id) {
      issues.push({ path: ['seats', index, 'offerItemID'], message: `Seat ${designator} is not sold to passenger ${seat.passengerSelected.id} on this segment` });
      return;
    }
    const passengerKey = `${seat.indexSegment}:${item.paxID}`;
    const seatKey = `${seat.indexSegment}:${designator}`;
    if (held.has(passengerKey)) issues.push({ path: ['seats', index, 'passengerSelected', 'id'], message: 'One seat per passenger per segment' });
    else if (held.has(seatKey)) issues.push({ path: ['seats', index, 'offerItemID'], message: SEAT_TAKEN_MESSAGE });
    else total += item.price;
    held.add(passengerKey).add(seatKey);
  });
  return { total: round2(total), issues };
}

/**
 * What the session keeps of the booked seats (spec 3 §3 session `seats`): the segments' ends (the map's
 * rows are left out: the confirmation only names the route), the seated passengers and the chosen seats
 * at the map's prices, with the names of the book form's travellers (seated ones in form order are PAX1, PAX2 …).
 */
export function bookedSeats(map: SeatMap, seats: readonly SelectedSeat[], travellers: ReadonlyArray<{ type: string; firstName: string; lastName: string }>): CheckoutSeats {
  const seated = travellers.filter((traveller) => traveller.type !== 'INF');
  const named = (id: string) => {
    const traveller = seated[map.passengers.findIndex((passenger) => passenger.id === id)];
    return traveller ? { firstName: traveller.firstName, lastName: traveller.lastName } : {};
  };
  return {
    segments: map.segments.map((segment) => ({ origin: segment.origin, destination: segment.destination, rows: [] })),
    passengers: map.passengers.map((passenger) => ({ ...passenger, ...named(passenger.id) })),
    selected: seats.map((seat) => ({
      ...seat,
      // The map's price, never the client's (the seats were checked against it).
      price: map.segments[seat.indexSegment]?.rows.flatMap((row) => row.offerItems).find((item) => item.id === seat.offerItemID)?.price ?? seat.price,
      passengerSelected: { ...seat.passengerSelected, ...named(seat.passengerSelected.id) },
    })),
  };
}
