import { assertEvent, assign, setup } from 'xstate';
import type { FlightType, Recommendation } from '../src/contract/search.ts';
import { NO_BAGS, shownTotal, sortingPrice, type BagChoice } from './bag-prices.ts';
import {
  applyFilters,
  hasCriteria,
  PAGE_SIZE,
  sortRecommendations,
  toggleConnection,
  toggleCriterion,
  type FilterCriteria,
  type FilterKey,
  type SortOrder,
  type StopsFilter,
} from './filters.rules.ts';

export interface FiltersContext {
  data: Recommendation[];
  tripType: FlightType;
  criteria: FilterCriteria;
  sort: SortOrder;
  /** The bags each traveller takes (issue 21): cards show and sort by totals that include them. */
  bags: BagChoice;
  /** Filtered and sorted: what the list shows, `visibleCount` at a time. */
  results: Recommendation[];
  visibleCount: number;
}

export interface FiltersInput {
  data: Recommendation[];
  tripType: FlightType;
  /** Restored from a shared results URL. */
  criteria?: FilterCriteria;
  sort?: SortOrder;
  bags?: BagChoice;
}

export type FiltersEvent =
  | { [K in FilterKey]: { type: 'filter.toggle'; key: K; value: FilterCriteria[K] } }[FilterKey]
  | { type: 'filter.airlineStops'; airline: string; stops: StopsFilter }
  /** A connecting airport's checkbox: allowed (ticked) or excluded. */
  | { type: 'filter.connection'; airport: string; allowed: boolean }
  | { type: 'filter.apply'; criteria: FilterCriteria }
  | { type: 'filter.clear' }
  | { type: 'filter.reset' }
  | { type: 'sort.select'; order: SortOrder }
  /** The bags selector: totals and the price order follow the chosen bags; the criteria stay. */
  | { type: 'bags.select'; bags: BagChoice }
  | { type: 'list.more' }
  /** More suppliers answered (issue 17): the whole list so far, filtered and sorted as chosen; the cards already shown stay shown. */
  | { type: 'results.grow'; data: Recommendation[] };

const DEFAULT_SORT: SortOrder = 'best';

const recompute = (data: Recommendation[], criteria: FilterCriteria, sort: SortOrder, bags: BagChoice) => ({
  criteria,
  sort,
  bags,
  results: sortRecommendations(
    applyFilters(data, criteria, (recommendation) => shownTotal(recommendation, bags)),
    sort,
    (recommendation) => sortingPrice(recommendation, bags),
  ),
  visibleCount: PAGE_SIZE,
});

export const filtersMachine = setup({
  types: { context: {} as FiltersContext, events: {} as FiltersEvent, input: {} as FiltersInput },
  actions: {
    toggleCriterion: assign(({ context, event }) => {
      assertEvent(event, 'filter.toggle');
      return recompute(context.data, toggleCriterion(context.criteria, event.key, event.value as never), context.sort, context.bags);
    }),
    /** A cell of the airline price matrix: that airline with that many stops; the same cell again clears both. */
    toggleAirlineStops: assign(({ context, event }) => {
      assertEvent(event, 'filter.airlineStops');
      const same = context.criteria.airline === event.airline && context.criteria.stops === event.stops;
      const { airline: _airline, stops: _stops, ...rest } = context.criteria;
      return recompute(context.data, same ? rest : { ...rest, airline: event.airline, stops: event.stops }, context.sort, context.bags);
    }),
    toggleConnection: assign(({ context, event }) => {
      assertEvent(event, 'filter.connection');
      return recompute(context.data, toggleConnection(context.criteria, event.airport, event.allowed), context.sort, context.bags);
    }),
    applyAll: assign(({ context, event }) => {
      assertEvent(event, 'filter.apply');
      return recompute(context.data, event.criteria, context.sort, context.bags);
    }),
    clearCriteria: assign(({ context }) => recompute(context.data, {}, context.sort, context.bags)),
    resetAll: assign(({ context }) => recompute(context.data, {}, DEFAULT_SORT, context.bags)),
    selectSort: assign(({ context, event }) => {
      assertEvent(event, 'sort.select');
      return recompute(context.data, context.criteria, event.order, context.bags);
    }),
    selectBags: assign(({ context, event }) => {
      assertEvent(event, 'bags.select');
      return recompute(context.data, context.criteria, context.sort, event.bags);
    }),
    growResults: assign(({ context, event }) => {
      assertEvent(event, 'results.grow');
      return { data: event.data, ...recompute(event.data, context.criteria, context.sort, context.bags), visibleCount: context.visibleCount };
    }),
    showMore: assign({ visibleCount: ({ context }) => context.visibleCount + PAGE_SIZE }),
  },
  guards: {
    isFiltered: ({ context }) => hasCriteria(context.criteria),
    hasMore: ({ context }) => context.visibleCount < context.results.length,
  },
}).createMachine({
  id: 'filters',
  context: ({ input }) => ({
    data: input.data,
    tripType: input.tripType,
    ...recompute(input.data, input.criteria ?? {}, input.sort ?? DEFAULT_SORT, input.bags ?? NO_BAGS),
  }),
  initial: 'deciding',
  on: {
    'filter.toggle': { target: '.deciding', actions: 'toggleCriterion' },
    'filter.airlineStops': { target: '.deciding', actions: 'toggleAirlineStops' },
    'filter.connection': { target: '.deciding', actions: 'toggleConnection' },
    'filter.apply': { target: '.deciding', actions: 'applyAll' },
    'filter.clear': { target: '.unfiltered', actions: 'clearCriteria' },
    'filter.reset': { target: '.unfiltered', actions: 'resetAll' },
    'sort.select': { actions: 'selectSort' },
    'bags.select': { actions: 'selectBags' },
    'list.more': { guard: 'hasMore', actions: 'showMore' },
    'results.grow': { actions: 'growResults' },
  },
  states: {
    /** isFiltered of spec 1 §3 follows from the criteria: decided after every change. */
    deciding: { always: [{ guard: 'isFiltered', target: 'filtered' }, { target: 'unfiltered' }] },
    unfiltered: {},
    filtered: {},
  },
});
