import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import {
  packedSearchResponseSchema,
  packSearchResponse,
  searchResponseFromWireSchema,
  searchResponseSchema,
  unpackSearchResponse,
  type Flight,
  type SearchResponse,
} from '../../../src/contract/search.ts';
import { limaCuscoRoundTripSearch } from '../../../src/contract/fixtures/search.ts';
import { airportCatalogue } from '../../../src/server/supply/airports.ts';
import { startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const oneWay = (origin: string, destination: string, date: string) => [{ origin, destination, date }];
const roundTrip = (origin: string, destination: string, out: string, back: string) => [
  { origin, destination, date: out },
  { origin: destination, destination: origin, date: back },
];

async function search(body: Record<string, unknown>) {
  const response = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, ...body });
  return { http: response.status, body: (await response.json()) as unknown };
}

async function results(body: Record<string, unknown>): Promise<SearchResponse> {
  const { http, body: payload } = await search(body);
  expect(http).toBe(200);
  return searchResponseFromWireSchema.parse(payload);
}

async function failure(body: Record<string, unknown>, status: number) {
  const { http, body: payload } = await search(body);
  expect(http).toBe(status);
  return apiErrorSchema.parse(payload);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, -2)) * 60 + Number(hhmm.slice(-2));
const allFlights = (response: SearchResponse): Flight[] => response.data.flatMap((offer) => offer.itinerary.flatMap((leg) => leg.flights));

describe('POST /api/flights/search', () => {
  it('finds Lima–Cusco one-way offers from several airlines and providers, cheapest first', async () => {
    const response = await results({ itinerary: oneWay('LIM', 'CUZ', '20261210') });
    expect(response.status).toBe(200);
    expect(response.data.length).toBeGreaterThan(5);
    const totals = response.data.map((offer) => offer.pricing.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const airlines = new Set(response.data.map((offer) => offer.pricing.validatingAirline));
    expect([...airlines]).toEqual(expect.arrayContaining(['LA', 'H2', 'JZ']));
    const sources = new Set(response.data.map((offer) => offer.pos.group));
    expect(sources).toEqual(new Set(['GDS', 'NDC']));
    // Airport descriptions read "City, Airport name, Country": the checkout titles the route by city.
    const segment = allFlights(response)[0]!.segments[0]!;
    expect(segment.departureAirport.description).toBe('Lima, Jorge Chávez International Airport, Peru');
  });

  it('sends each distinct flight once (issue #15): a third of the bytes or less, unpacking to every offer whole', async () => {
    const body = { flightType: 'RT', itinerary: roundTrip('LIM', 'NYC', '2026-12-10', '2026-12-17'), passengers: { adults: 1 } };
    const response = await api.json('/api/flights/search', body);
    const wire = await response.text();
    const packed = packedSearchResponseSchema.parse(JSON.parse(wire));
    const offers = unpackSearchResponse(packed);
    expect(offers.data).toHaveLength(250);
    expect(packed.flights.length).toBeLessThan(offers.data.length);
    // Every offer unpacks to a contract-valid offer with its own legs and flights.
    expect(searchResponseSchema.parse(offers)).toEqual(offers);
    expect(offers.data.every((offer) => offer.itinerary.length === 2 && offer.itinerary.every((leg) => leg.flights.length > 0))).toBe(true);
    const unpackedBytes = JSON.stringify(offers).length;
    expect(wire.length * 3).toBeLessThanOrEqual(unpackedBytes);
    expect(packSearchResponse(offers)).toEqual(packed);
    // The browser's lighter check reads the same 250 offers.
    expect(searchResponseFromWireSchema.parse(JSON.parse(wire))).toEqual(offers);
  });

  it('refuses, in the browser’s lighter check, an offer without its outline or a flight that breaks the contract', () => {
    const packed = packSearchResponse(limaCuscoRoundTripSearch);
    const [first, ...rest] = packed.data;
    const { pricing: _pricing, ...withoutPricing } = first!;
    expect(searchResponseFromWireSchema.safeParse({ ...packed, data: [withoutPricing, ...rest] }).error?.issues[0]?.path).toEqual(['data', 0, 'pricing']);
    expect(searchResponseFromWireSchema.safeParse({ ...packed, data: [{ ...first!, id: 7 }, ...rest] }).success).toBe(false);
    const [flight, ...flights] = packed.flights;
    expect(searchResponseFromWireSchema.safeParse({ ...packed, flights: [{ ...flight!, segments: 'none' }, ...flights] }).success).toBe(false);
  });

  it('refuses a packed answer whose offer names a flight it does not list', () => {
    const [offer] = limaCuscoRoundTripSearch.data;
    const packed = packSearchResponse({ ...limaCuscoRoundTripSearch, data: [offer!] });
    const broken = { ...packed, flights: packed.flights.slice(1) };
    expect(searchResponseFromWireSchema.safeParse(packed).success).toBe(true);
    expect(searchResponseFromWireSchema.safeParse(broken).error?.issues[0]?.message).toBe('An offer names a flight or leg the answer does not list');
  });

  it('answers the same query with the same flights and prices every time', async () => {
    const body = { flightType: 'RT', itinerary: roundTrip('LIM', 'MIA', '2026-12-10', '2026-12-17'), passengers: { adults: 2, children: 1, infants: 1 } };
    const first = await results(body);
    const second = await results(body);
    expect(second).toEqual(first);
    expect(first.data).toHaveLength(250);
  });

  it('builds flights that respect zones, block times, connection times and flight number formats', async () => {
    const response = await results({ flightType: 'RT', itinerary: roundTrip('CUZ', 'NYC', '2026-12-10', '2026-12-20') });
    const catalogue = airportCatalogue();
    const flights = allFlights(response);
    expect(flights.length).toBeGreaterThan(50);
    for (const flight of flights) {
      const departure = Temporal.Instant.from(flight.departureDateTime);
      const arrival = Temporal.Instant.from(flight.arrivalDateTime);
      expect(Temporal.Instant.compare(arrival, departure)).toBe(1);
      expect(minutesOf(flight.elapsedTime)).toBe(departure.until(arrival).total('minutes'));
      expect(flight.stops).toBe(flight.segments.length - 1);
      // No connection anywhere is shorter than the shortest minimum connection time (45 min).
      flight.segments.slice(1).forEach((next, index) => {
        const arriving = flight.segments[index]!;
        expect(next.departureAirport.code).toBe(arriving.arrivalAirport.code);
        expect(Temporal.Instant.from(arriving.arrivalDateTime).until(Temporal.Instant.from(next.departureDateTime)).total('minutes')).toBeGreaterThanOrEqual(45);
      });
      flight.segments.forEach((segment) => {
        expect(segment.flightNumber).toMatch(/^\d{1,4}$/);
        expect(segment.marketingAirline.code).toMatch(/^[A-Z0-9]{2}$/);
        const segmentDeparture = Temporal.Instant.from(segment.departureDateTime);
        const segmentArrival = Temporal.Instant.from(segment.arrivalDateTime);
        expect(minutesOf(segment.elapsedTime)).toBe(segmentDeparture.until(segmentArrival).total('minutes'));
        // Local times carry the offset of the airport's own zone on that day.
        for (const [airport, instant, text] of [
          [segment.departureAirport.code, segmentDeparture, segment.departureDateTime],
          [segment.arrivalAirport.code, segmentArrival, segment.arrivalDateTime],
        ] as const) {
          const zone = catalogue.airports.get(airport)?.timeZone as string;
          expect(instant.toZonedDateTimeISO(zone).offset).toBe(text.slice(19));
        }
      });
    }
  });

  it('keeps the published minimum connection times at Bogotá and Miami', async () => {
    const response = await results({ itinerary: oneWay('LIM', 'MCO', '2026-12-11') });
    const international = (code: string) => airportCatalogue().airports.get(code)?.countryCode;
    const connections = allFlights(response).flatMap((flight) =>
      flight.segments.slice(1).map((next, index) => ({ arriving: flight.segments[index]!, next })),
    );
    const checked = connections.filter(({ next }) => ['BOG', 'MIA'].includes(next.departureAirport.code));
    expect(checked.length).toBeGreaterThan(0);
    for (const { arriving, next } of checked) {
      const minutes = Temporal.Instant.from(arriving.arrivalDateTime).until(Temporal.Instant.from(next.departureDateTime)).total('minutes');
      const arrivingIntl = international(arriving.departureAirport.code) !== international(arriving.arrivalAirport.code);
      const leavingIntl = international(next.departureAirport.code) !== international(next.arrivalAirport.code);
      const hub = next.departureAirport.code;
      const table = hub === 'BOG' ? { ii: 95, id: 80, di: 80, dd: 45 } : { ii: 90, id: 90, di: 90, dd: 45 };
      const required = arrivingIntl ? (leavingIntl ? table.ii : table.id) : leavingIntl ? table.di : table.dd;
      expect(minutes).toBeGreaterThanOrEqual(required);
    }
  });

  it('shows codeshares, technical stops, trains and buses like a real supplier', async () => {
    const codeshare = await results({ itinerary: oneWay('LIM', 'MAD', '2026-12-12') });
    const segments = allFlights(codeshare).flatMap((flight) => flight.segments);
    expect(segments.some((segment) => segment.operatingAirline.code !== null && segment.operatingAirline.code !== segment.marketingAirline.code)).toBe(true);
    const train = await results({ itinerary: oneWay('LIM', 'ZFV', '2026-12-12') });
    const trainSegments = allFlights(train).flatMap((flight) => flight.segments).filter((segment) => segment.equipment[0]?.airEquipType === 'TRN');
    expect(trainSegments.length).toBeGreaterThan(0);
    expect(trainSegments[0]?.operatingAirline).toEqual({ code: null, name: 'Amtrak' });
    const bus = await results({ itinerary: oneWay('MIA', 'ABE', '2026-12-12') });
    expect(allFlights(bus).some((flight) => flight.segments.some((segment) => segment.equipment[0]?.airEquipType === 'BUS'))).toBe(true);
    const stops = await results({ itinerary: oneWay('LIM', 'MEX', '2026-12-12'), airline: { code: 'LA' } });
    const technical = allFlights(stops).flatMap((flight) => flight.segments).filter((segment) => segment.stopLocation.length > 0);
    expect(technical.length).toBeGreaterThan(0);
    expect(technical[0]?.stopLocation[0]?.codeContext).toMatch(/^\d{4}$/);
  });

  it('prices every passenger type with Peruvian IGV and TUUA and a PAX fee per seat', async () => {
    const response = await results({ itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), passengers: { adults: 2, children: 1, infants: 1 } });
    for (const { pricing } of response.data) {
      const { adults, children, infants } = pricing.passengers;
      expect(adults.quantity).toBe(2);
      expect(children?.quantity).toBe(1);
      expect(infants?.quantity).toBe(1);
      expect(adults.taxes).toBeCloseTo(adults.base * 0.18 + 12.41, 2);
      expect(infants?.taxes).toBeCloseTo((infants?.base ?? 0) * 0.18, 2);
      expect(pricing.fees).toEqual([{ amount: 36, description: 'PAX' }]);
      expect(pricing.total).toBeCloseTo(pricing.base + pricing.taxes + 36, 2);
      expect(pricing.base).toBeCloseTo(adults.base * 2 + (children?.base ?? 0) + (infants?.base ?? 0), 2);
      expect(pricing.commission).toBeNull();
    }
  });

  it('adds US arrival taxes when a trip lands in the United States', async () => {
    const response = await results({ itinerary: oneWay('BOG', 'MIA', '2026-12-10') });
    const nonstop = response.data.find((offer) => offer.itinerary[0]?.flights[0]?.stops === 0);
    // Colombian departure charge 28 plus US arrival 18.90 + APHIS 3.96 + immigration 7 + customs 7.39.
    expect(nonstop?.pricing.passengers.adults.taxes).toBeCloseTo(28 + 18.9 + 3.96 + 7 + 7.39, 2);
  });

  it('searches every airport of a city code and only the cabin and airline asked for', async () => {
    const city = await results({ itinerary: oneWay('LIM', 'NYC', '2026-12-10') });
    const arrivals = new Set(allFlights(city).map((flight) => flight.segments[flight.segments.length - 1]?.arrivalAirport.code));
    expect([...arrivals].every((code) => ['JFK', 'EWR', 'LGA'].includes(code as string))).toBe(true);
    expect(arrivals.size).toBeGreaterThan(1);
    const business = await results({ itinerary: oneWay('LIM', 'MAD', '2026-12-10'), cabinType: { code: 'C' }, airline: { code: 'ib' } });
    expect(business.data.length).toBeGreaterThan(0);
    for (const flight of allFlights(business)) {
      expect(flight.segments.every((segment) => segment.cabin === 'C' && segment.marketingAirline.code === 'IB')).toBe(true);
    }
  });

  it('returns multi-city trips of five legs with each leg after the one before', async () => {
    const legs = [
      { origin: 'LIM', destination: 'BOG', date: '2026-12-10' },
      { origin: 'BOG', destination: 'MEX', date: '2026-12-14' },
      { origin: 'MEX', destination: 'MAD', date: '2026-12-18' },
      { origin: 'MAD', destination: 'BUE', date: '2026-12-22' },
      { origin: 'BUE', destination: 'LIM', date: '2026-12-28' },
    ];
    const response = await results({ flightType: 'MC', itinerary: legs });
    expect(response.data.length).toBeGreaterThan(0);
    for (const offer of response.data) {
      expect(offer.itinerary).toHaveLength(5);
      expect(offer.pos.group).toBe('GDS');
    }
  });

  it('gives the ±3-day list for one way and the 7×7 grid for round trips when flexible', async () => {
    const single = await results({ itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), flexible: true });
    expect(single.flexible?.type).toBe('OW');
    if (single.flexible?.type !== 'OW') throw new Error('expected a one-way list');
    expect(single.flexible.days.map((day) => day.date)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']);
    expect(single.flexible.days[3]?.total).toBe(single.data[0]?.pricing.total);

    const grid = await results({ flightType: 'RT', itinerary: roundTrip('LIM', 'SCL', '2026-11-23', '2026-11-26'), flexible: true });
    if (grid.flexible?.type !== 'RT') throw new Error('expected a grid');
    expect(grid.flexible.cells).toHaveLength(49);
    // Outbound dates before today (Nov 20, 21 … in Lima the clock says Nov 21) and returns not after the outbound are empty.
    expect(grid.flexible.cells.filter((cell) => cell.departureDate < '2026-11-21').every((cell) => cell.total === null)).toBe(true);
    expect(grid.flexible.cells.filter((cell) => cell.returnDate <= cell.departureDate).every((cell) => cell.total === null)).toBe(true);
    expect(grid.flexible.cells.some((cell) => cell.total !== null)).toBe(true);
    expect(grid.flexible.cells.find((cell) => cell.departureDate === '2026-11-23' && cell.returnDate === '2026-11-26')?.total).toBe(grid.data[0]?.pricing.total);
  });

  it('answers status 204 with an empty list when nothing flies the route', async () => {
    const response = await results({ itinerary: oneWay('LIM', 'PIO', '2026-12-10') });
    expect(response).toEqual({ status: 204, data: [], flexible: null });
  });
});

describe('search test scenarios', () => {
  it('SBXEMPTY gives no results and SBXTIMEOUT a 504', async () => {
    expect((await results({ itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), corporateCode: 'sbxempty' })).status).toBe(204);
    const timeout = await failure({ itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), corporateCode: 'SBXTIMEOUT' }, 504);
    expect(timeout.code).toBe(504);
  });

  it('a known corporate code gives LATAM corporate fares', async () => {
    const body = { itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), airline: { code: 'LA' } };
    const published = await results(body);
    const corporate = await results({ ...body, corporateCode: 'acme01' });
    expect(corporate.data[0]?.pricing.fareQualifier).toBe('CORPORATE');
    expect(corporate.data[0]?.pricing.base).toBeLessThan(published.data[0]?.pricing.base ?? 0);
  });
});

describe('bad search input', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown airport', { itinerary: oneWay('LIM', 'QQQ', '2026-12-10') }, 'QQQ is not a known airport or city code'],
    ['origin equal to destination', { itinerary: oneWay('LIM', 'LIM', '2026-12-10') }, 'Origin and destination must differ'],
    ['an airport inside the destination city', { itinerary: oneWay('JFK', 'NYC', '2026-12-10') }, 'Origin and destination must differ'],
    ['a date before today in Lima', { itinerary: oneWay('LIM', 'CUZ', '2026-11-20') }, '2026-11-20 is before today (2026-11-21, America/Lima)'],
    ['a malformed date', { itinerary: oneWay('LIM', 'CUZ', '10/12/2026') }, 'Expected a date as YYYYMMDD or YYYY-MM-DD'],
    ['a date that does not exist', { itinerary: oneWay('LIM', 'CUZ', '2026-02-30') }, 'The date does not exist'],
    ['a malformed code', { itinerary: oneWay('LI1', 'CUZ', '2026-12-10') }, 'Expected a 3-letter airport or city code'],
    ['ten seated passengers', { itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), passengers: { adults: 6, children: 4 } }, 'At most 9 seated passengers'],
    ['more infants than adults', { itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), passengers: { adults: 1, infants: 2 } }, 'no more infants than adults'],
    ['a multi-city search of one leg', { flightType: 'MC', itinerary: oneWay('LIM', 'CUZ', '2026-12-10') }, 'A MC search has 2 to 5 legs, not 1'],
    ['a multi-city search of six legs', { flightType: 'MC', itinerary: Array.from({ length: 6 }, () => oneWay('LIM', 'CUZ', '2026-12-10')[0]) }, 'Too big'],
    ['a round trip of one leg', { flightType: 'RT', itinerary: oneWay('LIM', 'CUZ', '2026-12-10') }, 'A RT search has 2 legs, not 1'],
    ['legs out of date order', { flightType: 'RT', itinerary: roundTrip('LIM', 'CUZ', '2026-12-10', '2026-12-09') }, 'Each leg must leave on or after the date of the leg before it'],
    ['an unknown cabin', { itinerary: oneWay('LIM', 'CUZ', '2026-12-10'), cabinType: { code: 'Z' } }, 'Invalid option'],
  ];
  it.each(cases)('refuses %s with a typed 400', async (_name, body, message) => {
    const error = await failure(body, 400);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.errors.map((line) => line.value).join(' | ').toLowerCase()).toContain(message.toLowerCase());
  });

  it('refuses a body that is not JSON with a typed 400', async () => {
    const response = await api.request('/api/flights/search', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).status).toBe(400);
  });
});
