import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ancillaryOptionsResponseSchema, isSeatSelectable, seatMapResponseSchema, type BookingSuccess, type SeatMap, type SelectedSeat } from '../../../src/contract/checkout.ts';
import { extrasResponseSchema } from '../../../src/contract/fares.ts';
import { getSessionResponseSchema } from '../../../src/contract/session.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import { fleet } from '../../../src/server/supply/sandbox/carriers.ts';
import { aircraftPlans, seatMapFor } from '../../../src/server/supply/sandbox/seats.ts';
import type { DatedFlight } from '../../../src/server/supply/sandbox/timetable.ts';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, familySearch, flightsOf, newSession, searchOffers, withLeadLastName, type ApiErrorBody, type TestApi } from './support.ts';

let api: TestApi;
let offers: Recommendation[];
let latamNdc: Recommendation;
beforeAll(async () => {
  api = await startTestApi();
  offers = await searchOffers(api);
  latamNdc = offers.find((offer) => offer.pos.systemProviderCode === 107)!;
});
afterAll(() => api.close());

async function seatRequest(offer: Recommendation, overrides: Record<string, unknown> = {}) {
  return { recommendation: offer, searchParams: familySearch, flights: flightsOf(offer), engine: { id: '9132868' }, sessionID: await newSession(api), ...overrides };
}

async function seatMapOf(offer: Recommendation): Promise<SeatMap> {
  const response = await api.json('/api/flights/seats', await seatRequest(offer));
  expect(response.status).toBe(200);
  return seatMapResponseSchema.parse(await response.json()).data;
}

const seatOf = (map: SeatMap, segment: number, designator: string) => {
  const row = map.segments[segment]!.rows.find((candidate) => candidate.rowNumber === Number(designator.slice(0, -1)))!;
  return { row, column: row.columns.find((column) => column.value === designator.slice(-1))!, items: row.offerItems.filter((item) => item.seat === designator) };
};

/** A chosen seat as the checkout sends it, from an offer item of the map. */
const chosen = (map: SeatMap, segment: number, passengerId: string, designator: string): SelectedSeat => {
  const item = seatOf(map, segment, designator).items.find((candidate) => candidate.paxID === passengerId)!;
  return {
    row: Number(designator.slice(0, -1)),
    column: designator.slice(-1),
    indexSegment: segment,
    passengerSelected: { id: passengerId, passengerTypeCode: map.passengers.find((passenger) => passenger.id === passengerId)!.passengerTypeCode },
    offerItemID: item.id,
    price: item.price,
  };
};

describe('seat map of an offer (POST /api/flights/seats)', () => {
  it('answers one segment per flight segment, for the seated passengers only, the same way every time', async () => {
    const map = await seatMapOf(latamNdc);
    const segments = flightsOf(latamNdc).flatMap((flight) => flight.segments);
    expect(map.segments.map((segment) => `${segment.origin}-${segment.destination}`)).toEqual(segments.map((segment) => `${segment.departureAirport.code}-${segment.arrivalAirport.code}`));
    // Two adults and a child get a seat; the infant travels on a lap.
    expect(map.passengers).toEqual([
      { id: 'PAX1', passengerTypeCode: 'ADT' },
      { id: 'PAX2', passengerTypeCode: 'ADT' },
      { id: 'PAX3', passengerTypeCode: 'CHD' },
    ]);
    expect(await seatMapOf(latamNdc)).toEqual(map);
  });

  it('lays an A320-family cabin out ABC · DEF without a row 13, some seats taken, and 7C always free', async () => {
    const map = await seatMapOf(latamNdc);
    for (const segment of map.segments) {
      const row = segment.rows[0]!;
      expect(row.columns.map((column) => column.value || '·').join('')).toBe('ABC·DEF');
      expect(row.columns[3]!.status).toBe('S');
      expect(segment.rows.map((candidate) => candidate.rowNumber)).not.toContain(13);
      const statuses = segment.rows.flatMap((candidate) => candidate.columns.map((column) => column.status));
      expect(statuses).toContain('T');
      expect(statuses.filter((status) => status === 'A').length).toBeGreaterThan(20);
      const sevenC = seatOf(map, map.segments.indexOf(segment), '7C');
      expect(sevenC.column.status).toBe('A');
      expect(sevenC.items.map((item) => item.paxID)).toEqual(['PAX1', 'PAX2', 'PAX3']);
      // Offer items only for free seats, one per seated passenger.
      for (const candidate of segment.rows) {
        const free = candidate.columns.filter((column) => isSeatSelectable(column.status)).length;
        expect(candidate.offerItems).toHaveLength(free * 3);
      }
    }
  });

  it('prices standard seats and extra-legroom seats (front and exit rows) at the offer’s seat extras', async () => {
    const map = await seatMapOf(latamNdc);
    const { data: extras } = extrasResponseSchema.parse(await (await api.json('/api/flights/extras', { id: latamNdc.id, flightIds: flightsOf(latamNdc).map((flight) => flight.id) })).json());
    const outbound = extras.seats.filter((seat) => seat.legIndex === 0);
    const prices = new Set(map.segments[0]!.rows.flatMap((row) => row.offerItems.map((item) => item.price)));
    expect([...prices].sort((a, b) => a - b)).toEqual(outbound.map((seat) => seat.priceFrom).sort((a, b) => a - b));
    const priceOfRow = (rowNumber: number) => map.segments[0]!.rows.find((row) => row.rowNumber === rowNumber)?.offerItems[0]?.price;
    expect(priceOfRow(1)).toBe(outbound.find((seat) => seat.kind === 'extra-legroom')!.priceFrom);
    expect(priceOfRow(20)).toBe(outbound.find((seat) => seat.kind === 'standard')!.priceFrom);
  });

  it('sells seats and bags with every carrier\'s offer on every terminal (issue 37), and refuses unknown offers and sessions', async () => {
    const others = offers.filter((offer) => offer.pos.systemProviderCode !== 107);
    const carriers = new Set(others.map((offer) => offer.itinerary[0]!.flights[0]!.marketingAirline.code));
    expect(carriers.size).toBeGreaterThan(1);
    for (const carrier of carriers) {
      const other = others.find((offer) => offer.itinerary[0]!.flights[0]!.marketingAirline.code === carrier)!;
      const map = await api.json('/api/flights/seats', await seatRequest(other));
      const bags = await api.json('/api/flights/ancillaries', { recommendationId: other.id, searchParams: familySearch, engine: { id: '9132868' }, pos: other.pos, flights: flightsOf(other) });
      const { data } = seatMapResponseSchema.parse(await map.json());
      const { data: options } = ancillaryOptionsResponseSchema.parse(await bags.json());
      // Per carrier: seats on its map and a checked bag to buy.
      expect({ carrier, seats: data.segments[0]!.rows.some((row) => row.offerItems.length > 0), bag: options.some((option) => option.type === 'BAGGAGE') }).toEqual({ carrier, seats: true, bag: true });
    }
    const usTerminal = await api.json('/api/flights/seats', await seatRequest(latamNdc, { engine: { id: '9132869' }, searchParams: { ...familySearch, terminalId: '9132869' } }));
    expect(usTerminal.status).toBe(200);
    expect((await api.json('/api/flights/seats', await seatRequest(latamNdc, { recommendation: { ...latamNdc, id: 'not-an-offer' } }))).status).toBe(400);
    expect((await api.json('/api/flights/seats', await seatRequest(latamNdc, { sessionID: crypto.randomUUID() }))).status).toBe(404);
    expect((await api.json('/api/flights/seats', await seatRequest(latamNdc, { engine: { id: '2113855' } }))).status).toBe(400);
  });
});

describe('sandbox cabins', () => {
  const flightOn = (aircraft: (typeof fleet)[keyof typeof fleet], key = 'LA2000:LIMMAD:20261218') =>
    ({ key, route: { aircraft, origin: { code: 'LIM' }, destination: { code: 'MAD' } } }) as unknown as DatedFlight;
  const prices = { standard: 18, extraLegroom: 45 };
  const layout = (map: ReturnType<typeof seatMapFor>, index = -1) => map.rows.at(index)!.seats.map((seat) => seat.letter || '·').join('');

  it('seats the E190 2-2, the A330 2-4-2 and the 787 3-3-3 in economy', () => {
    expect(layout(seatMapFor(flightOn(fleet.e190), 'Y', prices))).toBe('AC·DF');
    expect(layout(seatMapFor(flightOn(fleet.a330), 'Y', prices))).toBe('AC·DEFG·HK');
    expect(layout(seatMapFor(flightOn(fleet.b787_9), 'Y', prices))).toBe('ABC·DEF·HJK');
    // LATAM's 787-9 premium economy rows ("LATAM+") are 2-3-2 and sell as extra legroom.
    const b789 = seatMapFor(flightOn(fleet.b787_9), 'Y', prices);
    expect(layout(b789, 0)).toBe('AC·DEF·HK');
    expect(b789.rows[0]!.rowNumber).toBe(6);
    expect(b789.rows[0]!.seats.find((seat) => seat.status === 'A')?.price).toBe(45);
  });

  it('shows business travellers the business rows, included in the fare', () => {
    const business = seatMapFor(flightOn(fleet.b787_9), 'C', prices);
    expect(business.rows.map((row) => row.rowNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(layout(business)).toBe('AC·DF·HK');
    expect(new Set(business.rows.flatMap((row) => row.seats.map((seat) => seat.price)))).toEqual(new Set([0]));
  });

  it('has a free 7C in every economy map of the fleet, and none for trains and buses', () => {
    const maps = Object.values(fleet).map((aircraft) => ({ aircraft, map: seatMapFor(flightOn(aircraft, `XX1:AAABBB:${aircraft.code}${aircraft.cabins.join('')}`), 'Y', prices) }));
    const sevenC = maps.filter(({ aircraft }) => aircraftPlans[aircraft.code]).map(({ aircraft, map }) => [aircraft.name, map.rows.find((row) => row.rowNumber === 7)?.seats.find((seat) => seat.letter === 'C')?.status]);
    expect(sevenC.filter(([, status]) => status !== 'A')).toEqual([]);
    expect(sevenC.length).toBeGreaterThan(15);
    expect(maps.filter(({ aircraft }) => !aircraftPlans[aircraft.code]).map(({ aircraft, map }) => [aircraft.code, map.rows.length])).toEqual([
      ['TRN', 0],
      ['BUS', 0],
    ]);
  });
});

describe('seats at booking', () => {
  it('charges the seat map’s price for chosen seats, whatever the client says they cost', async () => {
    const map = await seatMapOf(latamNdc);
    const request = withLeadLastName(await bookingFor(api, latamNdc), 'Ventana');
    const free = (segment: number) => map.segments[segment]!.rows.flatMap((row) => row.offerItems).filter((item) => item.paxID === 'PAX1' && item.seat !== '7C');
    const outbound = free(0).at(-1)!;
    const inbound = free(1)[0]!;
    const seats = [
      { ...chosen(map, 0, 'PAX1', outbound.seat), price: 0 },
      { ...chosen(map, 1, 'PAX1', inbound.seat), price: 999 },
    ];
    const { status, result } = await book(api, { ...request, seats });
    expect(status).toBe(200);
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, (result as BookingSuccess).pnr));
    expect(row?.totals?.seats).toBe(Math.round((outbound.price + inbound.price) * 100) / 100);
    // The session keeps the booked seats, at the map's prices and with the traveller's name, for the confirmation.
    const session = getSessionResponseSchema.parse(await (await api.request(`/api/sessions?id=${request.sessionID}`)).json()).data;
    expect(session.seats?.segments.map((segment) => `${segment.origin}-${segment.destination}`)).toEqual(map.segments.map((segment) => `${segment.origin}-${segment.destination}`));
    expect(session.seats?.selected.map((seat) => [seat.indexSegment, `${seat.row}${seat.column}`, seat.price, seat.passengerSelected.lastName])).toEqual([
      [0, outbound.seat, outbound.price, 'Ventana'],
      [1, inbound.seat, inbound.price, 'Ventana'],
    ]);
  });

  it('refuses taken or made-up seats, two seats for one passenger and one seat for two passengers', async () => {
    const map = await seatMapOf(latamNdc);
    const request = withLeadLastName(await bookingFor(api, latamNdc), 'Pasillo');
    const takenRow = map.segments[0]!.rows.find((row) => row.columns.some((column) => column.status === 'T'))!;
    const taken = `${takenRow.rowNumber}${takenRow.columns.find((column) => column.status === 'T')!.value}`;
    const free = map.segments[0]!.rows.flatMap((row) => row.offerItems).filter((item) => item.paxID === 'PAX1' && item.seat !== '7C');
    const attempts: Array<[SelectedSeat[], string]> = [
      [[{ ...chosen(map, 0, 'PAX1', free[0]!.seat), row: Number(taken.slice(0, -1)), column: taken.slice(-1), offerItemID: `S0-${taken}-PAX1` }], 'json.seats.0.offerItemID'],
      [[{ ...chosen(map, 0, 'PAX1', free[0]!.seat), offerItemID: 'S0-99Z-PAX1' }], 'json.seats.0.offerItemID'],
      [[chosen(map, 0, 'PAX1', free[0]!.seat), chosen(map, 0, 'PAX1', free[1]!.seat)], 'json.seats.1.passengerSelected.id'],
      [[chosen(map, 0, 'PAX1', free[0]!.seat), chosen(map, 0, 'PAX2', free[0]!.seat)], 'json.seats.1.offerItemID'],
    ];
    for (const [seats, path] of attempts) {
      const { status, body } = await book(api, { ...request, idempotencyKey: crypto.randomUUID(), seats });
      expect(status).toBe(400);
      expect((body as ApiErrorBody).errors.map((error) => error.path)).toContain(path);
    }
    const { body } = await book(api, { ...request, idempotencyKey: crypto.randomUUID(), seats: attempts[3]![0] });
    expect((body as ApiErrorBody).errors.find((error) => error.path === 'json.seats.1.offerItemID')?.value).toBe('Este asiento ya está asignado, favor de elegir otro !');
  });

  it('books a seat with another carrier\'s offer at its map\'s price (issue 37)', async () => {
    const other = offers.find((offer) => offer.pos.systemProviderCode !== 107)!;
    const map = await seatMapOf(other);
    const item = map.segments[0]!.rows.flatMap((row) => row.offerItems).find((candidate) => candidate.paxID === 'PAX1' && candidate.price > 0)!;
    const request = withLeadLastName(await bookingFor(api, other), 'Otros');
    const { status, result } = await book(api, { ...request, seats: [chosen(map, 0, 'PAX1', item.seat)] });
    expect(status).toBe(200);
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, (result as BookingSuccess).pnr));
    expect(row?.totals?.seats).toBe(item.price);
  });
});
