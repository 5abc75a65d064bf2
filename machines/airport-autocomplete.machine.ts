import { assertEvent, assign, setup } from 'xstate';
import type { AirportSuggestion } from '../src/contract/places.ts';
import { notProvided } from './not-provided.ts';

/** Suggestions start only when the text is longer than 2 characters (spec 1 §5). */
export const MIN_QUERY_LENGTH = 3;
/** Wait for a pause in typing before asking the server. */
export const TYPING_PAUSE_MS = 250;

export interface AirportAutocompleteContext {
  text: string;
  suggestions: AirportSuggestion[];
}

export type AirportAutocompleteEvent = { type: 'query.change'; text: string } | { type: 'suggestion.pick'; suggestion: AirportSuggestion };


export const airportAutocompleteMachine = setup({
  types: { context: {} as AirportAutocompleteContext, events: {} as AirportAutocompleteEvent, input: {} as { text?: string } },
  actors: { suggestAirports: notProvided<AirportSuggestion[], { text: string }>('suggestAirports') },
  delays: { typingPause: TYPING_PAUSE_MS },
  actions: {
    setText: assign({
      text: ({ event }) => {
        assertEvent(event, ['query.change', 'suggestion.pick']);
        return event.type === 'query.change' ? event.text : event.suggestion.cityName;
      },
    }),
    clearSuggestions: assign({ suggestions: [] }),
  },
  guards: {
    isLongEnough: ({ event }) => {
      assertEvent(event, 'query.change');
      return event.text.trim().length >= MIN_QUERY_LENGTH;
    },
    hasSuggestions: ({ event }) => (event as unknown as { output: AirportSuggestion[] }).output.length > 0,
  },
}).createMachine({
  id: 'airportAutocomplete',
  context: ({ input }) => ({ text: input.text ?? '', suggestions: [] }),
  initial: 'idle',
  on: {
    'query.change': [
      { guard: 'isLongEnough', target: '.waiting', actions: 'setText' },
      { target: '.idle', actions: ['setText', 'clearSuggestions'] },
    ],
    'suggestion.pick': { target: '.idle', actions: ['setText', 'clearSuggestions'] },
  },
  states: {
    idle: {},
    waiting: { after: { typingPause: 'loading' } },
    loading: {
      invoke: {
        id: 'suggestAirports',
        src: 'suggestAirports',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: [
          { guard: 'hasSuggestions', target: 'showing', actions: assign({ suggestions: ({ event }) => event.output }) },
          { target: 'empty', actions: 'clearSuggestions' },
        ],
        onError: { target: 'failed', actions: 'clearSuggestions' },
      },
    },
    showing: {},
    empty: {},
    failed: {},
  },
});
