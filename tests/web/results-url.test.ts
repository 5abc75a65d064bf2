import { describe, expect, it } from 'vitest';
import {
  buildResultsUrl,
  oneWayResultsParams,
  parseResultsUrl,
  resultsQuerySchema,
  roundTripResultsParams,
  type SearchState,
} from '../../src/web/features/results/results-url.ts';

const noQuery = resultsQuerySchema.parse({});
const oneWay = (raw: Record<string, string>) => oneWayResultsParams.parse(raw);
const roundTrip = (raw: Record<string, string>) => roundTripResultsParams.parse(raw);
const counts = { adults: '2', children: '1', infants: '0' };

describe('reading a results URL', () => {
  it('reads a one-way search when there is no return date', () => {
    const search = parseResultsUrl(oneWay({ origin: 'lim', destination: 'cuz', dateFrom: '2026-03-03', ...counts }), noQuery, false);
    expect(search?.flightType).toBe('OW');
    expect(search?.itinerary).toEqual([{ origin: 'LIM', destination: 'CUZ', date: '2026-03-03' }]);
    expect(search?.passengers).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(search?.business).toBe(false);
  });

  it('reads a round trip when dateTo is present, with the return leg reversed', () => {
    const search = parseResultsUrl(
      roundTrip({ origin: 'LIM', destination: 'MIA', dateFrom: '2026-03-03', dateTo: '2026-03-10', ...counts }),
      noQuery,
      true,
    );
    expect(search?.flightType).toBe('RT');
    expect(search?.itinerary[1]).toEqual({ origin: 'MIA', destination: 'LIM', date: '2026-03-10' });
    expect(search?.business).toBe(true);
  });

  it('reads multi-city only when origin, destination and dateFrom all hold commas', () => {
    const multi = parseResultsUrl(
      oneWay({ origin: 'LIM,CUZ,AQP', destination: 'CUZ,AQP,LIM', dateFrom: '2026-03-03,2026-03-08,2026-03-12', ...counts }),
      noQuery,
      false,
    );
    expect(multi?.flightType).toBe('MC');
    expect(multi?.itinerary.map((leg) => `${leg.origin}-${leg.destination}`)).toEqual(['LIM-CUZ', 'CUZ-AQP', 'AQP-LIM']);
    // Commas in only two of the three parts are not a multi-city search, and not a valid one-way either.
    expect(parseResultsUrl(oneWay({ origin: 'LIM,CUZ', destination: 'CUZ,AQP', dateFrom: '2026-03-03', ...counts }), noQuery, false)).toBeNull();
  });

  it('treats a multi-city path with a trailing date segment as multi-city, not a round trip', () => {
    const search = parseResultsUrl(
      roundTrip({ origin: 'LIM,CUZ', destination: 'CUZ,LIM', dateFrom: '2026-03-03,2026-03-08', dateTo: '2026-03-20', ...counts }),
      noQuery,
      false,
    );
    expect(search?.flightType).toBe('MC');
    expect(search?.itinerary).toHaveLength(2);
  });

  it('gives up on paths that describe no trip: bad codes, impossible dates, returns before departures', () => {
    expect(parseResultsUrl(oneWay({ origin: 'L1M', destination: 'CUZ', dateFrom: '2026-03-03', ...counts }), noQuery, false)).toBeNull();
    expect(parseResultsUrl(oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-02-30', ...counts }), noQuery, false)).toBeNull();
    expect(
      parseResultsUrl(roundTrip({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-10', dateTo: '2026-03-03', ...counts }), noQuery, false),
    ).toBeNull();
  });

  it('falls back to 1 adult, 0 children and 0 infants when the counts are malformed or out of range', () => {
    const params = oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03', adults: 'many', children: '-2', infants: '9' });
    expect(params).toMatchObject({ adults: 1, children: 0, infants: 0 });
  });

  it('refuses more seated passengers than a booking holds, or more infants than adults', () => {
    const trip = { origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03' };
    expect(parseResultsUrl(oneWay({ ...trip, adults: '5', children: '5', infants: '0' }), noQuery, false)).toBeNull();
    expect(parseResultsUrl(oneWay({ ...trip, adults: '1', children: '0', infants: '2' }), noQuery, false)).toBeNull();
    expect(parseResultsUrl(oneWay({ ...trip, adults: '5', children: '4', infants: '4' }), noQuery, false)?.passengers).toEqual({
      adults: 5,
      children: 4,
      infants: 4,
    });
  });

  it('accepts the airline only at 2 characters, upper-cased, and ignores cabin I', () => {
    expect(resultsQuerySchema.parse({ airline: 'la' }).airline).toBe('LA');
    expect(resultsQuerySchema.parse({ airline: 'LAN' }).airline).toBeUndefined();
    expect(resultsQuerySchema.parse({ cabinType: 'I' }).cabinType).toBeUndefined();
    expect(resultsQuerySchema.parse({ cabinType: 'c' }).cabinType).toBe('C');
    expect(resultsQuerySchema.parse({ cabinType: 'Z' }).cabinType).toBeUndefined();
  });

  it('upper-cases the corporate code and reads an empty one as none', () => {
    const withCode = parseResultsUrl(
      oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03', ...counts }),
      resultsQuerySchema.parse({ corporateCode: 'acme01' }),
      false,
    );
    expect(withCode?.corporateCode).toBe('ACME01');
    expect(resultsQuerySchema.parse({ corporateCode: '' }).corporateCode).toBeUndefined();
  });

  it('keeps terminal, token, redirect, condition and the flexible flag from the query', () => {
    const query = resultsQuerySchema.parse({ terminalId: '2113855', token: 'abc', redirectId: 'r1', cond: 'x', flexible: 'true', lang: 'es' });
    const search = parseResultsUrl(oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03', ...counts }), query, true);
    expect(search).toMatchObject({ terminalId: '2113855', token: 'abc', redirectId: 'r1', cond: 'x', flexible: true });
    expect(resultsQuerySchema.parse({ terminalId: 'abc' }).terminalId).toBeUndefined();
  });
});

describe('building a results URL', () => {
  const base: SearchState = {
    flightType: 'OW',
    itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-03-03' }],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabinType: null,
    airline: null,
    corporateCode: null,
    terminalId: null,
    token: null,
    business: false,
  };

  it('writes a one-way path without a query when nothing optional is set', () => {
    expect(buildResultsUrl(base)).toBe('/vuelos/LIM/CUZ/2026-03-03/1/0/0');
  });

  it('writes the return date for round trips and the /b/ prefix for agencies, with the query in spec order', () => {
    const url = buildResultsUrl({
      ...base,
      flightType: 'RT',
      itinerary: [...base.itinerary, { origin: 'CUZ', destination: 'LIM', date: '2026-03-09' }],
      passengers: { adults: 2, children: 1, infants: 1 },
      airline: 'LA',
      cabinType: 'Y',
      corporateCode: 'ACME01',
      terminalId: '2113855',
      token: 't0k',
      business: true,
    });
    expect(url).toBe('/vuelos/b/LIM/CUZ/2026-03-03/2026-03-09/2/1/1?airline=LA&cabinType=Y&corporateCode=ACME01&terminalId=2113855&token=t0k');
  });

  it('comma-joins multi-city origins, destinations and dates', () => {
    const url = buildResultsUrl({
      ...base,
      flightType: 'MC',
      itinerary: [
        { origin: 'LIM', destination: 'CUZ', date: '2026-03-03' },
        { origin: 'CUZ', destination: 'AQP', date: '2026-03-08' },
      ],
    });
    expect(url).toBe('/vuelos/LIM,CUZ/CUZ,AQP/2026-03-03,2026-03-08/1/0/0');
  });

  it('reads back what it writes', () => {
    const state: SearchState = {
      ...base,
      flightType: 'RT',
      itinerary: [...base.itinerary, { origin: 'CUZ', destination: 'LIM', date: '2026-03-09' }],
      airline: 'AV',
      terminalId: '9132869',
    };
    const url = new URL(buildResultsUrl(state), 'https://example.test');
    const [origin = '', destination = '', dateFrom = '', dateTo = '', adults = '', children = '', infants = ''] = url.pathname
      .split('/')
      .slice(2);
    const parsed = parseResultsUrl(
      roundTrip({ origin, destination, dateFrom, dateTo, adults, children, infants }),
      resultsQuerySchema.parse(Object.fromEntries(url.searchParams)),
      false,
    );
    expect(parsed).toMatchObject(state);
  });
});
