import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { manageBookingResponseSchema } from '../../src/contract/manage-booking.ts';
import {
  creditAuthorizersResponseSchema,
  creditLimitResponseSchema,
  decodePostSaleOrderId,
  encodePostSaleOrderId,
  seatsAddResponseSchema,
  transactionsByOrderIdResponseSchema,
} from '../../src/contract/postsale.ts';
import { getSessionResponseSchema } from '../../src/contract/session.ts';
import { bookings, soldSeats } from '../../src/server/db/schema/index.ts';
import type { Supplier } from '../../src/server/supply/port.ts';
import { sandboxSupplier } from '../support/server.ts';
import { book, flightsOf, readOwnSession, saveToSession } from './checkout/support.ts';
import { seatMapResponseSchema, type BookingSuccess } from '../../src/contract/checkout.ts';
import { ancillariesOf, bagsOf, freeSeats, madeOrder, purchase, purchaseOf, seatChoice, seatOfferOf, setCredit, AGENCY, agencyBookingFor, useAgencyOffer } from './postsale-support.ts';

/** The sandbox supplier, whose seat map and bag prices can be switched off one at a time. */
const down = { seatMap: false, extras: false };
const base = sandboxSupplier();
const supplier: Supplier = {
  ...base,
  seatMap: (selection) => (down.seatMap ? Promise.reject(new Error('seat map service down')) : base.seatMap(selection)),
  extras: (selection) => (down.extras ? Promise.reject(new Error('ancillary service down')) : base.extras(selection)),
};
const world = useAgencyOffer({ supplier });

describe('post-sale: loading an order’s extras (spec 3 §4)', () => {
  it('finds the order by the app’s own order id from the link, with its seat map, bags (codes), transaction and no earlier attempts', async () => {
    const { booking } = await madeOrder(world.api, world.offer, 'Loayza');
    const ref = decodePostSaleOrderId(encodePostSaleOrderId(booking.orderID.id, 'b'));
    expect(ref).toMatchObject({ identifier: booking.orderID.id, isBusiness: true, isSabreRecordLocator: false });
    const ancillaries = await ancillariesOf(world.api, ref!.identifier);
    expect(ancillaries).toMatchObject({ hasPreviousTryOfBuyAncilliaries: false, transactionId: booking.orderID.id, ancillariesSummary: [], creditAccountId: AGENCY.accountId });
    expect(ancillaries.airBook).toEqual({ pos: { isocountry: 'PE', requestorID: { id: AGENCY.terminalId } }, bookingReferenceID: { id: booking.pnr } });
    expect(ancillaries.seats.segments.length).toBeGreaterThan(0);
    // Infants get no seat and no bag.
    expect(ancillaries.seats.passengers?.map((pax) => `${pax.id} ${pax.passengerTypeCode}`)).toEqual(['PAX1 ADT', 'PAX2 ADT', 'PAX3 CHD']);
    const bags = ancillaries.baggages.baggages;
    expect(bags.map((flight) => `${flight.origin}-${flight.destination}`)).toEqual(['LIM-CUZ', 'CUZ-LIM']);
    expect(bags[0]?.passengers[0]?.baggagesByPassenger.map((bag) => [bag.offerItem, bag.code, bag.name])).toEqual([
      ['B0-HBG-PAX1', 'HBG', 'HBG'],
      ['B0-0C3-PAX1', '0C3', '0C3'],
      ['B0-0JT-PAX1', '0JT', '0JT'],
    ]);
    // The order variants of flights/seats and flights/baggages answer the same maps.
    const offer = await seatOfferOf(world.api, ancillaries.airBook);
    expect(offer).toMatchObject({ airBook: ancillaries.airBook, transactionId: booking.orderID.id, data: { seatInfo: { orderId: booking.orderID.id } } });
    expect(offer.data.segments).toEqual(ancillaries.seats.segments);
    expect(await bagsOf(world.api, ancillaries.airBook)).toEqual(bags);
  });

  it('finds the order by its record locator (the Sabre path) and answers its one transaction by order id or PNR', async () => {
    const { booking } = await madeOrder(world.api, world.offer, 'Sabrera');
    const response = await world.api.json('/api/ancillaries/orderId', { recordLocator: booking.pnr.toLowerCase(), isFromSabreSkyGDS: true });
    expect(response.status).toBe(200);
    for (const orderId of [booking.orderID.id, booking.pnr]) {
      const transactions = transactionsByOrderIdResponseSchema.parse(await (await world.api.json('/api/transactions/orderId', { orderId })).json()).data.transactions;
      expect(transactions).toEqual([{ id: booking.orderID.id, airBook: { pos: { isocountry: 'PE', requestorID: { id: AGENCY.terminalId } }, bookingReferenceID: { id: booking.pnr } } }]);
    }
  });

  it('answers a typed 404 for an unknown order on every call (to a caller holding some traveller’s key) and a 400 for a malformed request', async () => {
    const unknownAirBook = { pos: { isocountry: 'PE', requestorID: { id: AGENCY.terminalId } }, bookingReferenceID: { id: 'ZZZZZ9' } };
    const withSomeKey = (path: string, body: unknown) =>
      world.api.app.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-session-key': 'the-key-of-another-booking' } });
    const calls = [
      withSomeKey('/api/ancillaries/orderId', { orderId: 'ORD-20261121-999999' }),
      withSomeKey('/api/ancillaries/orderId', { recordLocator: 'ZZZZZ9', isFromSabreSkyGDS: true }),
      withSomeKey('/api/transactions/orderId', { orderId: 'ORD-20261121-999999' }),
      withSomeKey('/api/flights/seats', { hasOrderId: true, airBook: unknownAirBook }),
      withSomeKey('/api/flights/baggages', { hasOrderId: true, airBook: unknownAirBook }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('ORDER_NOT_FOUND');
    }
    // A body naming no order; one naming a malformed one is refused before it is read, as any stranger's call (401).
    for (const body of [{}, { orderId: '' }]) {
      const response = await world.api.json('/api/ancillaries/orderId', body);
      expect(response.status).toBe(400);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('BAD_REQUEST');
    }
  });

  it('degrades the seat map and the bags independently to empty when the supplier cannot give them', async () => {
    const { booking } = await madeOrder(world.api, world.offer, 'Degradado');
    try {
      down.seatMap = true;
      const withoutSeats = await ancillariesOf(world.api, booking.orderID.id);
      expect(withoutSeats.seats.segments).toEqual([]);
      expect(withoutSeats.baggages.baggages).toHaveLength(2);
      down.seatMap = false;
      down.extras = true;
      const withoutBags = await ancillariesOf(world.api, booking.orderID.id);
      expect(withoutBags.seats.segments.length).toBeGreaterThan(0);
      expect(withoutBags.baggages.baggages).toEqual([]);
    } finally {
      down.seatMap = false;
      down.extras = false;
    }
  });

  it('after a purchase: the seat shows taken to everyone, the order has an earlier attempt with its summary, and manage-booking and the booking session show the extras', async () => {
    const { booking, sessionId } = await madeOrder(world.api, world.offer, 'Segundavisita');
    const other = await madeOrder(world.api, world.offer, 'Vecinodeasiento');
    const first = await ancillariesOf(world.api, booking.orderID.id);
    const seat = freeSeats(first)[0]!;
    const bag = first.baggages.baggages[1]!.passengers[2]!.baggagesByPassenger.find((item) => item.code === '0C3')!;
    const bought = await purchase(world.api, purchaseOf(first, { seats: [seatChoice(seat)], baggages: [{ offerItem: bag.offerItem!, flightIndex: 1, passengerIndex: 2, code: '0C3' }] }));
    expect(bought.answer).toMatchObject({ transactionStatusCode: 1, amount: Math.round((seat.price + bag.price) * 100) / 100 });

    for (const orderId of [booking.orderID.id, other.booking.orderID.id]) {
      const seen = await ancillariesOf(world.api, orderId);
      const row = seen.seats.segments[0]!.rows.find((candidate) => candidate.rowNumber === seat.rowNumber)!;
      expect(row.columns.find((column) => column.value === seat.seat.slice(-1))?.status).toBe('T');
      expect(row.offerItems.some((item) => item.seat === seat.seat)).toBe(false);
    }
    const second = await ancillariesOf(world.api, booking.orderID.id);
    expect(second.hasPreviousTryOfBuyAncilliaries).toBe(true);
    expect(second.ancillariesSummary).toHaveLength(1);
    expect(second.ancillariesSummary[0]).toMatchObject({
      paymentInfo: { paymentType: 'CASH' },
      bookingReference: { pnr: booking.pnr },
      ancillariesInfo: {
        ancillaries: [
          { type: 'seat', passengerIndex: 0, passengerType: 'ADT', info: [{ segmentIndex: 0, row: seat.rowNumber, column: seat.seat.slice(-1), price: seat.price }] },
          // The child is the third traveller of the order (index 2).
          { type: 'baggage', passengerIndex: 2, passengerType: 'CHD', info: [{ flightIndex: 1, code: '0C3', price: bag.price }] },
        ],
      },
    });
    expect((await ancillariesOf(world.api, other.booking.orderID.id)).hasPreviousTryOfBuyAncilliaries).toBe(false);

    const managed = manageBookingResponseSchema.parse(await (await world.api.json('/api/bookings/lookup', { pnr: booking.pnr, lastName: 'Segundavisita' })).json()).data;
    expect(managed.extrasAfterBooking).toEqual(second.ancillariesSummary);
    const session = getSessionResponseSchema.parse(await (await readOwnSession(world.api, sessionId)).json()).data;
    expect(session.extrasAfterBooking).toEqual(second.ancillariesSummary);

    // seats/add answers which seats the order holds.
    const add = await world.api.json('/api/flights/seats/add', {
      airReservation: {
        fulfillment: { paymentDetails: { paymentType: 'CASH', amount: seat.price } },
        travelerInfo: { airTraveler: [{ passengerId: 'PAX1', seats: [seat.seat, '99K'] }] },
        arrangerInfo: { offerId: 'o', orderId: booking.orderID.id, responseId: 'r' },
        bookingReferenceID: booking.pnr,
      },
    });
    expect(seatsAddResponseSchema.parse(await add.json()).data).toEqual({ held: [{ segmentIndex: 0, seat: seat.seat }], missing: ['99K'] });
    const [order] = await world.api.deps.db.select().from(bookings).where(eq(bookings.orderId, booking.orderID.id));
    const owned = await world.api.deps.db.select({ seat: soldSeats.seat, passengerId: soldSeats.passengerId, segmentIndex: soldSeats.segmentIndex }).from(soldSeats).where(eq(soldSeats.bookingId, order!.id));
    expect(owned).toEqual([{ seat: seat.seat, passengerId: 'PAX1', segmentIndex: 0 }]);
  });
});

describe('post-sale: seats bought at checkout', () => {
  it('are owned like those bought after: taken on every order’s map, and their passenger buys no second seat on that segment', async () => {
    const request = await agencyBookingFor(world.api, world.offer, 'Conasiento');
    await saveToSession(world.api, request.sessionID, { flights: flightsOf(world.offer), recommendation: world.offer, searchParams: request.searchParams });
    const mapResponse = await world.api.json('/api/flights/seats', { recommendation: world.offer, searchParams: world.search, flights: flightsOf(world.offer), engine: { id: AGENCY.terminalId }, sessionID: request.sessionID });
    const map = seatMapResponseSchema.parse(await mapResponse.json()).data;
    const item = map.segments[0]!.rows.flatMap((row) => row.offerItems).find((candidate) => candidate.paxID === 'PAX1')!;
    const booked = await book(world.api, { ...request, seats: [{ ...seatChoice(item), passengerSelected: { id: 'PAX1', passengerTypeCode: 'ADT' } }] });
    expect(booked.result.statusCode).toBe(1);
    const orderId = (booked.result as BookingSuccess).orderID.id;
    const other = await madeOrder(world.api, world.offer, 'Sinasiento');
    for (const id of [orderId, other.booking.orderID.id]) {
      const seen = await ancillariesOf(world.api, id);
      expect(seen.seats.segments[0]!.rows.flatMap((row) => row.offerItems).some((candidate) => candidate.seat === item.seat)).toBe(false);
    }
    const mine = await ancillariesOf(world.api, orderId);
    const again = await purchase(world.api, purchaseOf(mine, { seats: [seatChoice(freeSeats(mine)[0]!)] }));
    expect([again.status, apiErrorSchema.parse(again.body).errors[0]?.value]).toEqual([400, 'One seat per passenger per segment']);
  });
});

describe('post-sale: the agency credit line', () => {
  it('answers debts and available by account id or terminal id, the USA variant alike, and its authorizers by role-like names', async () => {
    await setCredit(world.api, AGENCY.accountId, 80, 0);
    for (const id of ['AG-ANDES', '2113855']) {
      const answer = creditLimitResponseSchema.parse(await (await world.api.request(`/api/engines/creditLimit/${id}`)).json());
      expect(answer.data).toEqual({ debts: 0, available: 80 });
    }
    const usa = await world.api.json('/api/engines/creditLimit/USA/AG-MIAMISUR', { accountId: 'AG-MIAMISUR', isUSA: true });
    expect(creditLimitResponseSchema.parse(await usa.json()).data).toEqual({ debts: 0, available: 40 });
    const authorizers = creditAuthorizersResponseSchema.parse(await (await world.api.request('/api/engines/creditLimit/AG-ANDES/authorizers')).json()).data;
    expect(authorizers).toEqual([
      { id: 'AND-AUT-1', displayName: 'Gerente de cuentas' },
      { id: 'AND-AUT-2', displayName: 'Supervisor de counter' },
    ]);
  });

  it('answers 401 for an account no agency holds or a malformed one (no agent can prove it) and a 400 for a body naming another account', async () => {
    for (const path of ['/api/engines/creditLimit/AG-NADIE', '/api/engines/creditLimit/AG-NADIE/authorizers', '/api/engines/creditLimit/AG_ANDES!']) {
      const response = await world.api.request(path);
      expect(response.status).toBe(401);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('AGENCY_CREDENTIALS_REQUIRED');
    }
    expect((await world.api.json('/api/engines/creditLimit/USA/AG-ANDES', { accountId: 'AG-MIAMISUR', isUSA: true })).status).toBe(400);
  });
});
