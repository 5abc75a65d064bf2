import { describe, expect, it } from 'vitest';
import {
  airlineOptions,
  airlinePriceMatrix,
  applyFilters,
  priceBounds,
  priceTone,
  sortRecommendations,
  toggleConnection,
  toggleCriterion,
} from '../../machines/filters.rules.ts';
import { connectionOptions, durationSteps, journeyFlagsOf, layoversOf, layoverSteps } from '../../machines/journey-quality.ts';
import { journeyOffer, journeyOffers } from '../../src/web/features/results/card/journey-offers.ts';
import { filterOffers, planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

const data = filterOffers;
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('filter rules', () => {
  it('filters by airline, and by 00 for itineraries mixing airlines', () => {
    expect(ids(applyFilters(data, { airline: 'LA' }))).toEqual(['la-direct-morning']);
    expect(ids(applyFilters(data, { airline: '00' }))).toEqual(['mixed-la-h2']);
  });

  it('filters by stops: direct, one, two or more', () => {
    expect(ids(applyFilters(data, { stops: 0 }))).toEqual(['la-direct-morning', 'mixed-la-h2']);
    expect(ids(applyFilters(data, { stops: 1 }))).toEqual(['h2-one-stop-afternoon']);
    expect(ids(applyFilters(data, { stops: 2 }))).toEqual(['av-two-stops-evening']);
  });

  it('filters by GDS or NDC, by offer id and by price at or below the amount', () => {
    expect(ids(applyFilters(data, { provider: 'GDS' }))).toEqual(['av-two-stops-evening']);
    expect(ids(applyFilters(data, { recommendationId: 'h2-one-stop-afternoon' }))).toEqual(['h2-one-stop-afternoon']);
    expect(ids(applyFilters(data, { maxPrice: 180 }))).toEqual(['h2-one-stop-afternoon', 'av-two-stops-evening']);
  });

  it('filters by the outbound departure band (morning 0–11, afternoon 12–17, evening 18–23) and, for round trips, the return arrival band', () => {
    expect(ids(applyFilters(data, { departureBand: 1 }))).toEqual(['la-direct-morning', 'mixed-la-h2']);
    expect(ids(applyFilters(data, { departureBand: 3 }))).toEqual(['av-two-stops-evening']);
    // By when the return lands, not when it leaves: av leaves at 14 h and lands at midnight.
    expect(ids(applyFilters(data, { arrivalBand: 1 }))).toEqual(['av-two-stops-evening']);
    expect(ids(applyFilters(data, { arrivalBand: 2 }))).toEqual(['h2-one-stop-afternoon', 'mixed-la-h2']);
    expect(ids(applyFilters(data, { arrivalBand: 3 }))).toEqual(['la-direct-morning']);
  });

  it('filters by outbound flight number with or without the airline code', () => {
    expect(ids(applyFilters(data, { outboundFlightNumber: '2047' }))).toEqual(['mixed-la-h2']);
    expect(ids(applyFilters(data, { outboundFlightNumber: 'la 2047' }))).toEqual(['mixed-la-h2']);
  });

  it('clears a criterion clicked twice, and treats "any" as no criterion', () => {
    const once = toggleCriterion({}, 'airline', 'LA');
    expect(once).toEqual({ airline: 'LA' });
    expect(toggleCriterion(once, 'airline', 'LA')).toEqual({});
    expect(toggleCriterion({ stops: 1 }, 'stops', -1)).toEqual({});
    expect(toggleCriterion({}, 'stops', 0)).toEqual({ stops: 0 });
    expect(toggleCriterion({ departureBand: 2 }, 'departureBand', 0)).toEqual({});
  });

  it('sorts cheapest, fastest and best (price weighed against time and stops)', () => {
    expect(ids(sortRecommendations(data, 'cheapest'))).toEqual(['av-two-stops-evening', 'h2-one-stop-afternoon', 'mixed-la-h2', 'la-direct-morning']);
    expect(ids(sortRecommendations(data, 'fastest'))[0]).toBe('la-direct-morning');
    // 40 cheaper for 2.5 h more and a stop each way wins; the direct mixed trip now beats the cheapest,
    // whose 10 hours and two stops each way weigh more than its 70 saved; the dearest direct one comes last.
    expect(ids(sortRecommendations(data, 'best'))).toEqual(['h2-one-stop-afternoon', 'mixed-la-h2', 'av-two-stops-evening', 'la-direct-morning']);
  });

  it('gives the slider the range from the cheapest to the dearest plus 1', () => {
    expect(priceBounds(data)).toEqual({ min: 150, max: 301 });
    expect(priceBounds([])).toBeNull();
  });

  it('keeps the cheapest offer with the slider at its minimum, cents included', () => {
    const cents = data.map((recommendation) => ({ ...recommendation, pricing: { ...recommendation.pricing, total: recommendation.pricing.total + 0.4 } }));
    const bounds = priceBounds(cents)!;
    expect(bounds).toEqual({ min: 151, max: 302 });
    expect(ids(applyFilters(cents, { maxPrice: bounds.min }))).toEqual(['av-two-stops-evening']);
  });

  it('offers only airlines that match some offer, each with the count it keeps, mixed last', () => {
    expect(airlineOptions(data)).toEqual([
      { code: 'LA', count: 1 },
      { code: 'H2', count: 1 },
      { code: 'AV', count: 1 },
      { code: '00', count: 1 },
    ]);
    // LATAM sells only inside the mixed trip: no LATAM option (it would match nothing).
    const withoutLatamAlone = data.filter((recommendation) => recommendation.id !== 'la-direct-morning');
    const options = airlineOptions(withoutLatamAlone);
    expect(options.map((option) => option.code)).toEqual(['H2', 'AV', '00']);
    for (const { code, count } of options) expect(applyFilters(withoutLatamAlone, { airline: code })).toHaveLength(count);
  });

  it('builds the prices-by-airline matrix with the cheapest per stops row', () => {
    const matrix = airlinePriceMatrix(data);
    expect(matrix.map((column) => column.airline)).toEqual(['AV', 'H2', '00', 'LA']);
    expect(matrix.find((column) => column.airline === 'AV')?.cheapest).toEqual({ 0: null, 1: null, 2: 150 });
  });

  it('colours round-trip prices by sixths of the range and one-way by the extremes', () => {
    expect(priceTone(110, 100, 160, 'RT')).toBe('cheap');
    expect(priceTone(140, 100, 160, 'RT')).toBe('normal');
    expect(priceTone(155, 100, 160, 'RT')).toBe('expensive');
    expect(priceTone(100, 100, 160, 'OW')).toBe('cheap');
    expect(priceTone(130, 100, 160, 'OW')).toBe('normal');
    expect(priceTone(160, 100, 160, 'OW')).toBe('expensive');
  });
});

describe('journey quality rules (issue 21)', () => {
  const flightOf = (offer: (typeof journeyOffers)[number]) => offer.itinerary[0]!.flights[0]!;
  const flagsById = Object.fromEntries(journeyOffers.map((offer) => [offer.id, journeyFlagsOf(flightOf(offer))]));

  it('measures each layover in real minutes and flags overnight, over 6 h, a change of airport and separate tickets', () => {
    expect(layoversOf(flightOf(journeyOffers[1]!))).toEqual([{ arrivalAirport: 'BOG', departureAirport: 'BOG', minutes: 690, overnight: true }]);
    expect(flagsById).toEqual({
      'journey-pty': [],
      'journey-bog': ['overnightLayover', 'longLayover'],
      'journey-ewr-jfk': ['airportChange', 'selfTransfer'],
      // 05:10–06:30 in Miami: 50 minutes of night, under the hour that makes a layover overnight.
      'journey-mia': [],
    });
  });

  it('reads the night in the connecting airport’s own clock, not in UTC or the origin’s', () => {
    // Madrid 22:30 → 02:30 (+01:00) is overnight; 19:30 → 21:30 in Lima (-05:00) is 00:30–02:30 UTC and is not.
    const madrid = journeyOffer('via-mad', 900, { code: 'IB', name: 'Iberia' }, [
      ['LIM', 'MAD', '2026-12-10T11:00:00-05:00', '2026-12-11T22:30:00+01:00'],
      ['MAD', 'BCN', '2026-12-12T02:30:00+01:00', '2026-12-12T03:45:00+01:00'],
    ]);
    const evening = journeyOffer('via-lim', 300, { code: 'LA', name: 'LATAM' }, [
      ['CUZ', 'LIM', '2026-12-10T17:00:00-05:00', '2026-12-10T19:30:00-05:00'],
      ['LIM', 'SCL', '2026-12-10T21:30:00-05:00', '2026-12-11T03:00:00-03:00'],
    ]);
    expect(layoversOf(flightOf(madrid))[0]).toMatchObject({ minutes: 240, overnight: true });
    expect(layoversOf(flightOf(evening))[0]).toMatchObject({ minutes: 120, overnight: false });
  });

  it('filters by the longest layover, the journey time and the airports not to connect at, keeping direct flights', () => {
    const all = [...journeyOffers, ...data];
    const journeyIds = (criteria: Parameters<typeof applyFilters>[1]) => ids(applyFilters(all, criteria)).filter((id) => id.startsWith('journey'));
    expect(journeyIds({ maxLayover: 6 * 60 })).toEqual(['journey-pty', 'journey-ewr-jfk', 'journey-mia']);
    expect(journeyIds({ maxLayover: 60 })).toEqual([]);
    // Direct flights have no layover to limit.
    expect(applyFilters(data, { maxLayover: 60 })).toHaveLength(data.length);
    // Journey times: 11 h 25, 20 h 40, 12 h 50, 11 h 40.
    expect(journeyIds({ maxDuration: 12 * 60 })).toEqual(['journey-pty', 'journey-mia']);
    expect(journeyIds({ maxDuration: 15 * 60 })).toEqual(['journey-pty', 'journey-ewr-jfk', 'journey-mia']);
    // Either airport of a change of airport excludes it.
    expect(journeyIds({ excludedConnections: ['JFK'] })).toEqual(['journey-pty', 'journey-bog', 'journey-mia']);
    expect(journeyIds({ excludedConnections: ['BOG', 'PTY'] })).toEqual(['journey-ewr-jfk', 'journey-mia']);
    expect(applyFilters(data, { excludedConnections: ['BOG'] })).toHaveLength(data.length);
  });

  it('lists the connecting airports with how many offers connect there, and choices that keep some and drop some', () => {
    const twice = [...journeyOffers, journeyOffer('journey-bog-2', 390, { code: 'AV', name: 'Avianca' }, [
      ['LIM', 'BOG', '2026-12-10T06:00:00-05:00', '2026-12-10T09:00:00-05:00'],
      ['BOG', 'BOS', '2026-12-10T11:00:00-05:00', '2026-12-10T17:00:00-05:00'],
    ])];
    expect(connectionOptions(twice).map(({ code, count }) => [code, count])).toEqual([['BOG', 2], ['EWR', 1], ['JFK', 1], ['MIA', 1], ['PTY', 1]]);
    expect(connectionOptions(data)).toEqual([]);
    // Layovers run 1 h 20 to 11 h 30: steps 2, 3, 4, 6 and 8 h each keep some and drop some.
    expect(layoverSteps(journeyOffers).map((minutes) => minutes / 60)).toEqual([2, 3, 4, 6, 8]);
    // A chosen value from a shared URL stays a choice.
    expect(layoverSteps(journeyOffers, 90)).toContain(90);
    expect(durationSteps(journeyOffers).map((minutes) => minutes / 60)).toEqual([12, 15, 18]);
  });

  it('ticks and unticks connecting airports; all ticked again means no criterion', () => {
    const without = toggleConnection({}, 'EWR', false);
    expect(without).toEqual({ excludedConnections: ['EWR'] });
    expect(toggleConnection(without, 'BOG', false)).toEqual({ excludedConnections: ['BOG', 'EWR'] });
    expect(toggleConnection(without, 'EWR', true)).toEqual({});
  });

  it('weighs stops in the best order: at equal price and time, fewer stops first', () => {
    const base = filterOffers[0]!;
    const twoStops = { ...base, id: 'two', itinerary: base.itinerary.map((leg) => ({ ...leg, flights: leg.flights.map((flight) => ({ ...flight, stops: 2 })) })) };
    const direct = { ...base, id: 'direct' };
    expect(ids(sortRecommendations([twoStops, direct], 'best'))).toEqual(['direct', 'two']);
  });
});

describe('filters machine', () => {
  const { machine: filtersMachine, ...plan } = planOf('filters');

  it('reaches every state and takes every transition', () => {
    expectFullCoverage('filters', plan.coverage);
  });

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(filtersMachine, path)) {
      // isFiltered follows the criteria, and the list is what the criteria keep.
      expect(snapshot.matches('filtered')).toBe(Object.keys(snapshot.context.criteria).length > 0);
      expect(snapshot.context.results.length).toBe(applyFilters(snapshot.context.data, snapshot.context.criteria).length);
    }
  });
});
