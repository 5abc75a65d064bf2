import { assertEvent, assign, fromCallback, sendTo, setup, spawnChild, stateIn, stopChild, type ActorRef, type Snapshot } from 'xstate';
import type { PartialSearchResponse } from '../src/contract/search-stream.ts';
import type { FlexibleDates, Recommendation, SearchRequest, SearchResponse, UnavailableSupplier } from '../src/contract/search.ts';
import { filtersMachine, type FiltersInput } from './filters.machine.ts';
import { refusalOf, statusOfFailure, type SearchRefusal } from './search-errors.ts';
import { notProvided } from './not-provided.ts';
import { rateLimitOf } from './rate-limit.ts';

/** Progress bar of spec 1 §9: +1 every 15 ms up to 900 of 1000; completion jumps to 1000. */
export const PROGRESS_TICK_MS = 15;
export const PROGRESS_CAP = 900;
export const PROGRESS_DONE = 1000;
export const PROGRESS_HIDE_DELAY_MS = 100;

/** Tab 0 shows the normal results, tab 1 the flexible dates. */
export type ResultsTab = 0 | 1;

export interface SearchContext {
  request: SearchRequest;
  tab: ResultsTab;
  sessionID: string | null;
  recommendations: Recommendation[];
  flexible: FlexibleDates | null;
  /** Suppliers that did not answer in time or failed: the results are the others' (issue 17), with a notice. */
  unavailableSuppliers: UnavailableSupplier[];
  /** Suppliers still asked while the first offers show (state searching.partial). */
  pendingSuppliers: string[];
  errorStatus: number | null;
  /** A 429's wait in seconds (the answer's Retry-After), for the error panel to say when to try again. */
  retryAfterSeconds: number | null;
  /** Why a 400 refused the search, for the error panel to say it. */
  refusal: SearchRefusal | null;
  progress: number;
  /** Filters and sort a shared results URL restores on the first results; a tab change drops them. */
  restoredFilters: RestoredFilters;
}

export type RestoredFilters = Pick<FiltersInput, 'criteria' | 'sort' | 'bags'>;

export interface SearchInput {
  request: SearchRequest;
  /** The results URL carries `flexible`: start on the flexible tab (spec 1 §4). */
  initialTab?: ResultsTab;
  restoredFilters?: RestoredFilters;
}

/**
 * What the session save is given: the search to save, and the search the page is about to make (the
 * app may start that call while the session is saved: spec 1 §4 orders the two, not their round trips).
 */
export interface SaveSearchInput {
  request: SearchRequest;
  search: SearchRequest;
}

/**
 * The offers merged so far while more suppliers are asked (issue 17): the search call sends one each time a
 * supplier answers with offers before the others (a streamed answer), then ends with the whole answer.
 */
export type SearchPartialEvent = { type: 'search.partial'; answer: PartialSearchResponse };

export type SearchEvent = { type: 'progress.tick' } | { type: 'tab.select'; tab: ResultsTab } | { type: 'search.retry' } | SearchPartialEvent;

/** The search call's input: the search, and where it sends the offers so far while more suppliers are asked. */
export interface SearchFlightsInput {
  search: SearchRequest;
  partialTo: ActorRef<Snapshot<unknown>, SearchPartialEvent>;
}

/** The search call of the current tab: tab 1 asks for flexible dates. */
const searchOf = (context: SearchContext): SearchRequest => ({ ...context.request, flexible: context.tab === 1 });

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** Saves the search parameters and answers the new session id. */
    saveSearchSession: notProvided<string, SaveSearchInput>('saveSearchSession'),
    searchFlights: notProvided<SearchResponse, SearchFlightsInput>('searchFlights'),
    progressTicker: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'progress.tick' }), PROGRESS_TICK_MS);
      return () => clearInterval(timer);
    }),
    filters: filtersMachine,
  },
  delays: { progressHide: PROGRESS_HIDE_DELAY_MS },
  guards: {
    hasResults: ({ event }) => (event as unknown as { output: SearchResponse }).output.data.length > 0,
    partialHasResults: ({ event }) => event.type === 'search.partial' && event.answer.data.length > 0,
    /** The first offers show while more suppliers are asked. */
    showsFirstOffers: stateIn({ searching: 'partial' }),
    isOtherTab: ({ context, event }) => event.type === 'tab.select' && event.tab !== context.tab,
  },
  actions: {
    /** A new attempt starts from an empty bar and no error. */
    startAttempt: assign({ progress: 0, errorStatus: null, refusal: null, retryAfterSeconds: null }),
    tickProgress: assign({ progress: ({ context }) => Math.min(context.progress + 1, PROGRESS_CAP) }),
    completeProgress: assign({ progress: PROGRESS_DONE }),
    selectTab: assign({ tab: ({ context, event }) => (event.type === 'tab.select' ? event.tab : context.tab), restoredFilters: {} }),
    clearResults: assign({ recommendations: [], flexible: null, unavailableSuppliers: [], pendingSuppliers: [], errorStatus: null }),
    /** The whole answer: its offers, and the suppliers that did not answer. */
    takeAnswer: assign(({ event }) => {
      const { output } = event as unknown as { output: SearchResponse };
      return { recommendations: output.data, flexible: output.flexible, unavailableSuppliers: output.unavailableSuppliers ?? [], pendingSuppliers: [] };
    }),
    /** The offers so far, and who is still asked. */
    takePartial: assign(({ event }) => {
      assertEvent(event, 'search.partial');
      const { data, flexible, unavailableSuppliers = [], pendingSuppliers } = event.answer;
      return { recommendations: data, flexible, unavailableSuppliers, pendingSuppliers };
    }),
    /** The filters live from the first offers shown until the next search: one child, whatever the offers grow to. */
    startFilters: spawnChild('filters', {
      id: 'filters',
      input: ({ context }) => ({ data: context.recommendations, tripType: context.request.flightType, ...context.restoredFilters }),
    }),
    growFilters: sendTo('filters', ({ context }) => ({ type: 'results.grow' as const, data: context.recommendations })),
    stopFilters: stopChild('filters'),
    /** The search call broke after the first offers: those stay, the suppliers still asked named as failed. */
    pendingFailed: assign({
      unavailableSuppliers: ({ context }) => [...context.unavailableSuppliers, ...context.pendingSuppliers.map((supplier) => ({ supplier, reason: 'error' as const }))],
      pendingSuppliers: [],
    }),
    /** Provided by the app: the third-party tags of a search with results (spec 1 §6). */
    announceResults: () => {},
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({
    request: input.request,
    tab: input.initialTab ?? 0,
    sessionID: null,
    recommendations: [],
    flexible: null,
    unavailableSuppliers: [],
    pendingSuppliers: [],
    errorStatus: null,
    retryAfterSeconds: null,
    refusal: null,
    progress: 0,
    restoredFilters: input.restoredFilters ?? {},
  }),
  initial: 'savingSession',
  states: {
    /** Spec 1 §4: the session is saved before searching; a failed save is a 504, or the 429 of too many new sessions. */
    savingSession: {
      entry: 'startAttempt',
      invoke: [
        {
          id: 'saveSearchSession',
          src: 'saveSearchSession',
          input: ({ context }) => ({ request: context.request, search: searchOf(context) }),
          onDone: { target: 'searching', actions: assign({ sessionID: ({ event }) => event.output }) },
          onError: {
            target: 'failed',
            actions: assign({
              errorStatus: ({ event }) => (rateLimitOf(event.error) ? 429 : 504),
              retryAfterSeconds: ({ event }) => rateLimitOf(event.error)?.retryAfterSeconds ?? null,
            }),
          },
        },
        { id: 'progressTicker', src: 'progressTicker' },
      ],
      on: { 'progress.tick': { actions: 'tickProgress' } },
    },
    searching: {
      entry: ['clearResults', 'stopFilters'],
      invoke: [
        {
          id: 'searchFlights',
          src: 'searchFlights',
          input: ({ context, self }) => ({ search: searchOf(context), partialTo: self }),
          onDone: [
            // The first offers already show: the whole answer replaces them in the same list.
            { guard: 'showsFirstOffers', target: 'loaded', actions: ['takeAnswer', 'completeProgress', 'growFilters'] },
            { guard: 'hasResults', target: 'completing', actions: 'takeAnswer' },
            { target: 'empty', actions: assign({ errorStatus: 204, flexible: ({ event }) => event.output.flexible }) },
          ],
          onError: [
            { guard: 'showsFirstOffers', target: 'loaded', actions: ['pendingFailed', 'completeProgress'] },
            {
              target: 'failed',
              actions: assign({
                errorStatus: ({ event }) => statusOfFailure(event.error),
                retryAfterSeconds: ({ event }) => rateLimitOf(event.error)?.retryAfterSeconds ?? null,
                refusal: ({ context, event }) => refusalOf(event.error, context.request.itinerary),
              }),
            },
          ],
        },
      ],
      initial: 'waiting',
      states: {
        /** No supplier has answered with offers yet. */
        waiting: {
          invoke: { id: 'progressTicker', src: 'progressTicker' },
          on: {
            'progress.tick': { actions: 'tickProgress' },
            'search.partial': { guard: 'partialHasResults', target: 'partial', actions: ['takePartial', 'startFilters'] },
          },
        },
        /**
         * Issue 17: the fastest supplier's offers show (and can be filtered) while the others are asked; each
         * later answer grows the list in the same filters. The bar stays, moving by itself (the view's CSS):
         * a tick every 15 ms would re-render the page under the list, and the list's deferred render would
         * start again at every tick, so the first offers would wait for the ticks to stop.
         */
        partial: {
          on: {
            'search.partial': { actions: ['takePartial', 'growFilters'] },
            'tab.select': { guard: 'isOtherTab', target: '#search.searching', reenter: true, actions: 'selectTab' },
          },
        },
      },
    },
    /** The bar jumps to 100 % and hides shortly after (spec 1 §9). */
    completing: {
      entry: 'completeProgress',
      after: { progressHide: { target: 'loaded', actions: 'startFilters' } },
    },
    loaded: {
      entry: 'announceResults',
      // Filters live while these results show: a new tab means new results and no filters (spec 1 §4).
      on: { 'tab.select': { guard: 'isOtherTab', target: 'searching', actions: 'selectTab' } },
    },
    empty: {
      on: { 'tab.select': { guard: 'isOtherTab', target: 'searching', actions: 'selectTab' } },
    },
    failed: {
      on: {
        'search.retry': 'savingSession',
        'tab.select': { guard: 'isOtherTab', target: 'searching', actions: 'selectTab' },
      },
    },
  },
});
