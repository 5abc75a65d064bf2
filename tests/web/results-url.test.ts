import { describe, expect, it } from 'vitest';
import { filtersFromQuery, queryFromFilters, sharedFiltersQuerySchema } from '../../src/web/features/results/shared-filters.ts';
import {
  buildResultsUrl,
  oneWayResultsParams,
  parseResultsUrl,
  resultsQuerySchema,
  roundTripResultsParams,
  sameTripFromToday,
  type SearchState,
} from '../../src/web/features/results/results-url.ts';

const noQuery = resultsQuerySchema.parse({});
const oneWay = (raw: Record<string, string>) => oneWayResultsParams.parse(raw);
const roundTrip = (raw: Record<string, string>) => roundTripResultsParams.parse(raw);
const counts = { adults: '2', children: '1', infants: '0' };
/** The search an address describes (undefined when it describes none). */
const searchOf = (...args: Parameters<typeof parseResultsUrl>) => parseResultsUrl(...args).search;
/** What is wrong with an address (undefined when nothing is). */
const problemOf = (...args: Parameters<typeof parseResultsUrl>) => parseResultsUrl(...args).problem;

describe('reading a results URL', () => {
  it('reads a one-way search when there is no return date', () => {
    const search = searchOf(oneWay({ origin: 'lim', destination: 'cuz', dateFrom: '2026-03-03', ...counts }), noQuery, false);
    expect(search?.flightType).toBe('OW');
    expect(search?.itinerary).toEqual([{ origin: 'LIM', destination: 'CUZ', date: '2026-03-03' }]);
    expect(search?.passengers).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(search?.business).toBe(false);
  });

  it('reads a round trip when dateTo is present, with the return leg reversed', () => {
    const search = searchOf(
      roundTrip({ origin: 'LIM', destination: 'MIA', dateFrom: '2026-03-03', dateTo: '2026-03-10', ...counts }),
      noQuery,
      true,
    );
    expect(search?.flightType).toBe('RT');
    expect(search?.itinerary[1]).toEqual({ origin: 'MIA', destination: 'LIM', date: '2026-03-10' });
    expect(search?.business).toBe(true);
  });

  it('reads multi-city only when origin, destination and dateFrom all hold commas', () => {
    const multi = searchOf(
      oneWay({ origin: 'LIM,CUZ,AQP', destination: 'CUZ,AQP,LIM', dateFrom: '2026-03-03,2026-03-08,2026-03-12', ...counts }),
      noQuery,
      false,
    );
    expect(multi?.flightType).toBe('MC');
    expect(multi?.itinerary.map((leg) => `${leg.origin}-${leg.destination}`)).toEqual(['LIM-CUZ', 'CUZ-AQP', 'AQP-LIM']);
    // Commas in only two of the three parts are not a multi-city search, and not a valid one-way either.
    expect(problemOf(oneWay({ origin: 'LIM,CUZ', destination: 'CUZ,AQP', dateFrom: '2026-03-03', ...counts }), noQuery, false)).toEqual({ kind: 'legs' });
  });

  it('treats a multi-city path with a trailing date segment as multi-city, not a round trip', () => {
    const search = searchOf(
      roundTrip({ origin: 'LIM,CUZ', destination: 'CUZ,LIM', dateFrom: '2026-03-03,2026-03-08', dateTo: '2026-03-20', ...counts }),
      noQuery,
      false,
    );
    expect(search?.flightType).toBe('MC');
    expect(search?.itinerary).toHaveLength(2);
  });

  it('says which part of a path describes no trip: a bad code, an impossible date, a return before its departure', () => {
    expect(problemOf(oneWay({ origin: 'L1M', destination: 'CUZ', dateFrom: '2026-03-03', ...counts }), noQuery, false)).toEqual({ kind: 'airport', code: 'L1M' });
    expect(problemOf(oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2027-02-31', ...counts }), noQuery, false)).toEqual({ kind: 'date', date: '2027-02-31' });
    expect(problemOf(roundTrip({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-10', dateTo: '2026-03-03', ...counts }), noQuery, false)).toEqual({
      kind: 'dateOrder',
    });
    expect(problemOf(oneWay({ origin: 'LIM,CUZ', destination: 'CUZ,AQP', dateFrom: '2026-03-08,2026-03-03', ...counts }), noQuery, false)).toEqual({
      kind: 'dateOrder',
    });
  });

  it('never searches another party than the address says: malformed counts, no adult, too many seats or infants are problems with the nearest valid party', () => {
    const trip = { origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03' };
    const reading = (adults: string, children: string, infants: string) => parseResultsUrl(oneWay({ ...trip, adults, children, infants }), noQuery, false);
    for (const [adults, children, infants] of [['0', '0', '0'], ['abc', '0', '0'], ['1', '-2', '0'], ['2', '1.5', '0']] as const) {
      const { problem, corrected, search } = reading(adults, children, infants);
      expect(search).toBeUndefined();
      expect(problem).toEqual({ kind: 'passengers', rule: 'counts' });
      expect(corrected?.passengers.adults).toBeGreaterThanOrEqual(1);
    }
    expect(reading('5', '5', '0')).toMatchObject({ problem: { kind: 'passengers', rule: 'seats' }, corrected: { passengers: { adults: 5, children: 4, infants: 0 } } });
    expect(reading('10', '0', '0')).toMatchObject({ problem: { kind: 'passengers', rule: 'seats' }, corrected: { passengers: { adults: 9, children: 0, infants: 0 } } });
    expect(reading('1', '0', '2')).toMatchObject({ problem: { kind: 'passengers', rule: 'infants' }, corrected: { passengers: { adults: 1, children: 0, infants: 1 } } });
    expect(reading('5', '4', '4').search?.passengers).toEqual({ adults: 5, children: 4, infants: 4 });
  });

  it('moves a trip whose first date has passed to start today, keeping the days between its dates', () => {
    const search = searchOf(roundTrip({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03', dateTo: '2026-03-10', ...counts }), noQuery, false)!;
    expect(sameTripFromToday(search, '2026-11-24')?.itinerary.map((leg) => leg.date)).toEqual(['2026-11-24', '2026-12-01']);
    expect(sameTripFromToday(search, '2026-03-03')).toBeNull();
  });

  it('accepts the airline only at 2 characters, upper-cased, and ignores cabin I', () => {
    expect(resultsQuerySchema.parse({ airline: 'la' }).airline).toBe('LA');
    expect(resultsQuerySchema.parse({ airline: 'LAN' }).airline).toBeUndefined();
    expect(resultsQuerySchema.parse({ cabinType: 'I' }).cabinType).toBeUndefined();
    expect(resultsQuerySchema.parse({ cabinType: 'c' }).cabinType).toBe('C');
    expect(resultsQuerySchema.parse({ cabinType: 'Z' }).cabinType).toBeUndefined();
  });

  it('upper-cases the corporate code and reads an empty one as none', () => {
    const withCode = searchOf(
      oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03', ...counts }),
      resultsQuerySchema.parse({ corporateCode: 'acme01' }),
      false,
    );
    expect(withCode?.corporateCode).toBe('ACME01');
    expect(resultsQuerySchema.parse({ corporateCode: '' }).corporateCode).toBeUndefined();
  });

  it('keeps terminal, token, redirect, condition and the flexible flag from the query', () => {
    const query = resultsQuerySchema.parse({ terminalId: '2113855', token: 'abc', redirectId: 'r1', cond: 'x', flexible: 'true', lang: 'es' });
    const search = searchOf(oneWay({ origin: 'LIM', destination: 'CUZ', dateFrom: '2026-03-03', ...counts }), query, true);
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
    const parsed = searchOf(
      roundTrip({ origin, destination, dateFrom, dateTo, adults, children, infants }),
      resultsQuerySchema.parse(Object.fromEntries(url.searchParams)),
      false,
    );
    expect(parsed).toMatchObject(state);
  });
});

describe('journey filters in a shared results URL (issue 21)', () => {
  it('writes and reads back the longest journey time, the longest layover and the airports to avoid, even when read twice', () => {
    const written = queryFromFilters({ maxDuration: 720, maxLayover: 360, excludedConnections: ['EWR', 'JFK'] }, 'best');
    expect(written).toMatchObject({ maxDuration: '720', maxLayover: '360', avoid: 'EWR,JFK' });
    const read = sharedFiltersQuerySchema.parse(written);
    expect(filtersFromQuery(read).criteria).toEqual({ maxDuration: 720, maxLayover: 360, excludedConnections: ['EWR', 'JFK'] });
    // The router validates its own output again when it navigates: a list already read reads the same.
    expect(sharedFiltersQuerySchema.parse(read).avoid).toEqual(['EWR', 'JFK']);
    expect(sharedFiltersQuerySchema.parse({ avoid: 'jfk,12' }).avoid).toBeUndefined();
  });
});
