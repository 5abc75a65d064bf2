import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { bagInclusiveTotal, includesCarryOn, NO_BAGS, shownTotal, sortingPrice, travellersWithBags } from '../../machines/bag-prices.ts';
import { filtersMachine } from '../../machines/filters.machine.ts';
import { airlinePriceMatrix, applyFilters, priceBounds, sortRecommendations } from '../../machines/filters.rules.ts';
import type { Recommendation } from '../../src/contract/search.ts';
import {
  basicBagOffer as basic,
  classicBagOffer as classic,
  noCarryOnBagOffer as noCarryOnSold,
  unpricedBagOffer as unpriced,
} from '../../src/web/features/results/card/bag-offers.ts';

describe('bag-inclusive prices (issue 21)', () => {
  it('counts adults and children as travellers with bags, not an infant on a lap', () => {
    expect(travellersWithBags(basic)).toBe(3);
  });

  it('adds the bags the fare does not include, at that fare’s price per leg, for each traveller', () => {
    expect(bagInclusiveTotal(basic, NO_BAGS)).toEqual({ kind: 'fare', total: 300 });
    // One checked bag, both legs, 3 travellers: 300 + 25 × 2 × 3.
    expect(bagInclusiveTotal(basic, { carryOn: 0, checked: 1 })).toEqual({ kind: 'priced', total: 450, extra: 150 });
    // A carry-on and two checked bags: (18 + 57.5) × 2 × 3 = 453.
    expect(bagInclusiveTotal(basic, { carryOn: 1, checked: 2 })).toEqual({ kind: 'priced', total: 753, extra: 453 });
  });

  it('charges only what the fare lacks: a fare with a carry-on and a checked bag pays for the second bag alone', () => {
    expect(bagInclusiveTotal(classic, { carryOn: 1, checked: 1 })).toEqual({ kind: 'fare', total: 380 });
    expect(bagInclusiveTotal(classic, { carryOn: 1, checked: 2 })).toEqual({ kind: 'priced', total: 530, extra: 150 });
  });

  it('says when a needed bag’s price is unknown or the fare does not sell it, never guessing', () => {
    expect(bagInclusiveTotal(unpriced, { carryOn: 0, checked: 1 })).toEqual({ kind: 'unknown', total: 250 });
    expect(bagInclusiveTotal(unpriced, NO_BAGS)).toEqual({ kind: 'fare', total: 250 });
    expect(bagInclusiveTotal(noCarryOnSold, { carryOn: 1, checked: 0 })).toEqual({ kind: 'unavailable', total: 260 });
    expect(bagInclusiveTotal(noCarryOnSold, { carryOn: 0, checked: 1 })).toEqual({ kind: 'priced', total: 410, extra: 150 });
    expect(sortingPrice(unpriced, { carryOn: 0, checked: 1 })).toBe(Infinity);
  });

  it('sorts by the bag-inclusive total, unpriced offers after the priced ones', () => {
    const data = [basic, classic, unpriced];
    const ids = (list: Recommendation[]) => list.map((item) => item.id);
    expect(ids(sortRecommendations(data, 'cheapest'))).toEqual(['unpriced', 'basic', 'classic']);
    const twoBags = { carryOn: 1, checked: 2 } as const;
    expect(ids(sortRecommendations(data, 'cheapest', (item) => sortingPrice(item, twoBags)))).toEqual(['classic', 'basic', 'unpriced']);
    expect(ids(sortRecommendations(data, 'best', (item) => sortingPrice(item, twoBags)))).toEqual(['classic', 'basic', 'unpriced']);
  });

  it('filters fares that include a carry-on on every leg', () => {
    expect(includesCarryOn(classic)).toBe(true);
    expect(includesCarryOn(basic)).toBe(false);
    expect(applyFilters([basic, classic, unpriced], { carryOnIncluded: true }).map((item) => item.id)).toEqual(['classic']);
  });

  it('the filters machine keeps the chosen bags and orders the list by them, criteria untouched', () => {
    const actor = createActor(filtersMachine, { input: { data: [basic, classic, unpriced], tripType: 'RT', sort: 'cheapest' } }).start();
    actor.send({ type: 'filter.toggle', key: 'maxDuration', value: 600 });
    actor.send({ type: 'bags.select', bags: { carryOn: 1, checked: 2 } });
    const { context } = actor.getSnapshot();
    expect(context.bags).toEqual({ carryOn: 1, checked: 2 });
    expect(context.criteria).toEqual({ maxDuration: 600 });
    expect(context.results.map((item) => item.id)).toEqual(['classic', 'basic', 'unpriced']);
    actor.send({ type: 'filter.toggle', key: 'carryOnIncluded', value: true });
    expect(actor.getSnapshot().context.results.map((item) => item.id)).toEqual(['classic']);
    expect(actor.getSnapshot().value).toBe('filtered');
  });

  it('the price filter, its slider and the prices-by-airline matrix compare the totals the cards show with the bags', () => {
    const oneBag = { carryOn: 0, checked: 1 } as const;
    const shown = (item: Recommendation) => shownTotal(item, oneBag);
    // Basic 300 + 150 of bags = 450; classic includes the bag (380); the unpriced fare shows its own 250.
    expect([basic, classic, unpriced].map(shown)).toEqual([450, 380, 250]);
    expect(priceBounds([basic, classic, unpriced], shown)).toEqual({ min: 250, max: 451 });
    expect(priceBounds([basic, classic, unpriced])).toEqual({ min: 250, max: 381 });
    expect(applyFilters([basic, classic, unpriced], { maxPrice: 400 }, shown).map((item) => item.id)).toEqual(['classic', 'unpriced']);
    expect(airlinePriceMatrix([basic, classic], shown)[0]?.cheapest).toEqual({ 0: 380, 1: null, 2: null });
    expect(airlinePriceMatrix([basic, classic])[0]?.cheapest).toEqual({ 0: 300, 1: null, 2: null });
  });

  it('the filters machine applies the price filter to the bag-inclusive totals', () => {
    const actor = createActor(filtersMachine, { input: { data: [basic, classic, unpriced], tripType: 'RT', sort: 'cheapest' } }).start();
    actor.send({ type: 'filter.toggle', key: 'maxPrice', value: 400 });
    expect(actor.getSnapshot().context.results.map((item) => item.id)).toEqual(['unpriced', 'basic', 'classic']);
    actor.send({ type: 'bags.select', bags: { carryOn: 0, checked: 1 } });
    expect(actor.getSnapshot().context.results.map((item) => item.id)).toEqual(['classic', 'unpriced']);
  });
});
