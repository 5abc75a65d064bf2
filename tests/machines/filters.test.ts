import { describe, expect, it } from 'vitest';
import {
  airlineOptions,
  airlinePriceMatrix,
  applyFilters,
  priceBounds,
  priceTone,
  sortRecommendations,
  toggleCriterion,
} from '../../machines/filters.rules.ts';
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

  it('sorts cheapest, fastest and best (price weighed against time)', () => {
    expect(ids(sortRecommendations(data, 'cheapest'))).toEqual(['av-two-stops-evening', 'h2-one-stop-afternoon', 'mixed-la-h2', 'la-direct-morning']);
    expect(ids(sortRecommendations(data, 'fastest'))[0]).toBe('la-direct-morning');
    // 40 cheaper for 2.5 h more wins; the 10-hour two-stop trip still beats the dearest direct one.
    expect(ids(sortRecommendations(data, 'best'))).toEqual(['h2-one-stop-afternoon', 'av-two-stops-evening', 'mixed-la-h2', 'la-direct-morning']);
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
