import { assign, setup } from 'xstate';
import type { Language } from '../src/contract/common.ts';
import type { NearbyAlternative, NearbyAlternativesResponse } from '../src/contract/nearby-alternatives.ts';
import { notProvided } from './not-provided.ts';
import type { PriceCalendarRequest } from './price-calendar.machine.ts';

/** The results' route, dates and travellers (the price calendar's question) and the language to name the airports in. */
export interface NearbyNoteInput {
  request: PriceCalendarRequest;
  language: Language;
}

export interface NearbyNoteContext extends NearbyNoteInput {
  /** The cheapest trip from or to an airport within 150 km, when one is cheaper than the searched route. */
  alternative: NearbyAlternative | null;
}

export type NearbyNoteEvent = { type: 'note.follow' } | { type: 'note.dismiss' };

/**
 * Issue 21: the results' note about a cheaper nearby airport (GET /api/flights/nearby). It asks once per results
 * page, shows the cheapest alternative until the traveller follows its link (a search of that trip) or dismisses it;
 * nothing shows when no nearby airport is cheaper or the question fails (the note is a hint, not the page's content).
 */
export const nearbyNoteMachine = setup({
  types: { context: {} as NearbyNoteContext, events: {} as NearbyNoteEvent, input: {} as NearbyNoteInput },
  actors: {
    loadAlternatives: notProvided<NearbyAlternativesResponse, NearbyNoteInput>('loadAlternatives'),
  },
  actions: {
    /** Provided by the app: search the alternative's trip (the page navigates). */
    // oxlint-disable-next-line no-unused-vars -- the app's implementation reads the params.
    followAlternative: (_, _params: { alternative: NearbyAlternative }) => {},
  },
  guards: {
    hasCheaper: ({ event }) => (event as unknown as { output: NearbyAlternativesResponse }).output.data.alternatives.length > 0,
  },
}).createMachine({
  id: 'nearbyNote',
  context: ({ input }) => ({ ...input, alternative: null }),
  initial: 'loading',
  states: {
    /** Asked with the search; nothing shows meanwhile. */
    loading: {
      invoke: {
        id: 'loadAlternatives',
        src: 'loadAlternatives',
        input: ({ context }) => ({ request: context.request, language: context.language }),
        onDone: [
          { guard: 'hasCheaper', target: 'shown', actions: assign({ alternative: ({ event }) => event.output.data.alternatives[0] ?? null }) },
          { target: 'none' },
        ],
        onError: { target: 'none' },
      },
    },
    /** No nearby airport is cheaper, or the question failed: no note. */
    none: {},
    shown: {
      on: {
        'note.follow': {
          actions: { type: 'followAlternative', params: ({ context }) => ({ alternative: context.alternative as NearbyAlternative }) },
        },
        'note.dismiss': { target: 'dismissed' },
      },
    },
    /** Dismissed for this results page. */
    dismissed: {},
  },
});
