import { assertEvent, assign, setup } from 'xstate';
import type { Language } from '../src/contract/common.ts';
import type { ExploreDestination, ExploreResponse } from '../src/contract/explore.ts';
import { notProvided } from './not-provided.ts';
import type { AirportRef } from './search-form.rules.ts';

/** How the list is ordered: cheapest first, by city name, or soonest first. */
export type ExploreSort = 'price' | 'destination' | 'date';
export const exploreSorts: readonly ExploreSort[] = ['price', 'destination', 'date'];

/** What Explora asks for (GET /api/flights/explore). */
export interface ExploreRequest {
  terminalId: string;
  origin: string;
  month: string;
  language: Language;
  token: string | null;
}

export interface ExploreContext {
  terminalId: string;
  language: Language;
  token: string | null;
  origin: AirportRef | null;
  /** YYYY-MM */
  month: string | null;
  sort: ExploreSort;
  /** As the API answers them, cheapest first. */
  destinations: ExploreDestination[];
}

export type ExploreInput = Pick<ExploreContext, 'terminalId' | 'language' | 'token' | 'origin' | 'month'> & { sort?: ExploreSort };

export type ExploreEvent =
  | { type: 'explore.origin'; origin: AirportRef | null }
  | { type: 'explore.month'; month: string }
  | { type: 'explore.sort'; sort: ExploreSort }
  | { type: 'explore.retry' };

/** The destinations in the chosen order; ties keep the cheaper first, then the city name. */
export function sortDestinations(destinations: readonly ExploreDestination[], sort: ExploreSort, language: Language): ExploreDestination[] {
  const byName = (a: ExploreDestination, b: ExploreDestination) => a.cityName.localeCompare(b.cityName, language) || a.airportName.localeCompare(b.airportName, language);
  const byPrice = (a: ExploreDestination, b: ExploreDestination) => a.total - b.total;
  const order = {
    price: (a: ExploreDestination, b: ExploreDestination) => byPrice(a, b) || byName(a, b),
    destination: byName,
    date: (a: ExploreDestination, b: ExploreDestination) => a.date.localeCompare(b.date) || byPrice(a, b) || byName(a, b),
  }[sort];
  return [...destinations].sort(order);
}

/** The request of a context with both an origin and a month chosen, else null. */
export function exploreRequestOf(context: ExploreContext): ExploreRequest | null {
  if (!context.origin || !context.month) return null;
  return { terminalId: context.terminalId, origin: context.origin.code, month: context.month, language: context.language, token: context.token };
}

const answerOf = (event: unknown) => (event as { output: ExploreResponse }).output;

/**
 * Explora (issue 21): choosing until an origin and a month are chosen, then loading → loaded (destinations
 * to sort and follow), empty (nothing sold from there that month) or failed (retry). Changing the origin or
 * the month asks again; the sort applies to whatever is shown.
 */
export const exploreMachine = setup({
  types: {
    context: {} as ExploreContext,
    events: {} as ExploreEvent,
    input: {} as ExploreInput,
  },
  actors: {
    /** GET /api/flights/explore */
    loadDestinations: notProvided<ExploreResponse, ExploreRequest>('loadDestinations'),
  },
  actions: {
    chooseOrigin: assign(({ event }) => {
      assertEvent(event, 'explore.origin');
      return { origin: event.origin, destinations: [] };
    }),
    chooseMonth: assign(({ event }) => {
      assertEvent(event, 'explore.month');
      return { month: event.month, destinations: [] };
    }),
    chooseSort: assign(({ event }) => {
      assertEvent(event, 'explore.sort');
      return { sort: event.sort };
    }),
    storeDestinations: assign(({ event }) => ({ destinations: answerOf(event).destinations })),
    /** Provided by the app: keep the choice in the address (origin, month, sort), so going back finds it. */
    rememberChoice: () => {},
  },
  guards: {
    hasChoice: ({ context }) => exploreRequestOf(context) !== null,
    answerHasDestinations: ({ event }) => answerOf(event).destinations.length > 0,
  },
}).createMachine({
  id: 'explore',
  context: ({ input }) => ({ ...input, sort: input.sort ?? 'price', destinations: [] }),
  initial: 'start',
  on: {
    'explore.origin': { target: '.start', actions: ['chooseOrigin', 'rememberChoice'] },
    'explore.month': { target: '.start', actions: ['chooseMonth', 'rememberChoice'] },
    'explore.sort': { actions: ['chooseSort', 'rememberChoice'] },
  },
  states: {
    start: { always: [{ guard: 'hasChoice', target: 'loading' }, { target: 'choosing' }] },
    /** An origin or a month is still missing. */
    choosing: {},
    loading: {
      invoke: {
        id: 'loadDestinations',
        src: 'loadDestinations',
        input: ({ context }) => exploreRequestOf(context) as ExploreRequest,
        onDone: [
          { guard: 'answerHasDestinations', target: 'loaded', actions: 'storeDestinations' },
          { target: 'empty', actions: 'storeDestinations' },
        ],
        onError: { target: 'failed' },
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { 'explore.retry': 'loading' } },
  },
});
