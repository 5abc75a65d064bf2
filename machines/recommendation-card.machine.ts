import { assertEvent, assign, setup } from 'xstate';
import { errorCodes } from '../src/contract/common.ts';
import type { BagChoice, Fee, Recommendation } from '../src/contract/search.ts';
import { NO_BAGS } from './bag-prices.ts';
import { withCustomFee, type AppliedMarkup, type CommissionResult, type MarkupResult, type SelectionToSave, selectionPayload } from './selection.ts';
import { notProvided } from './not-provided.ts';

export interface RecommendationCardInput {
  recommendation: Recommendation;
  sessionID: string;
  /** An agency in B2B mode: markups and the extra-charge field apply (spec 1 §6). */
  isAgencyView: boolean;
  /** US agencies see the commission (spec 1 §4). */
  showsCommission: boolean;
}

export interface RecommendationCardContext extends RecommendationCardInput {
  /** Index of the chosen flight per leg; the first flight by default. */
  choice: number[];
  expandedFlightIds: string[];
  /** The price breakdown per passenger type is open: agencies see it open (spec 1 §6), consumers open it. */
  breakdownOpen: boolean;
  fees: Fee[];
  markups: AppliedMarkup[];
  markupMessage: string | null;
  commission: CommissionResult['details'] | null;
  /** The bags chosen on the results when the offer was selected: saved with it for the checkout. */
  chosenBags: BagChoice;
}

export type RecommendationCardEvent =
  | { type: 'flight.pick'; leg: number; index: number }
  | { type: 'details.toggle'; flightId: string }
  | { type: 'breakdown.toggle' }
  | { type: 'fee.custom'; value: string }
  | { type: 'card.select'; bags?: BagChoice | undefined }
  | { type: 'card.retry' };


export const recommendationCardMachine = setup({
  types: {
    context: {} as RecommendationCardContext,
    events: {} as RecommendationCardEvent,
    input: {} as RecommendationCardInput,
  },
  actors: {
    loadMarkups: notProvided<MarkupResult, { recommendation: Recommendation; choice: number[] }>('loadMarkups'),
    loadCommission: notProvided<CommissionResult, { recommendation: Recommendation; choice: number[] }>('loadCommission'),
    /** Saves the selection payload into the session (POST /api/sessions/save?id=). */
    saveSelection: notProvided<void, SelectionToSave>('saveSelection'),
  },
  actions: {
    pickFlight: assign({
      choice: ({ context, event }) => {
        assertEvent(event, 'flight.pick');
        return context.choice.map((index, leg) => (leg === event.leg ? event.index : index));
      },
    }),
    toggleDetails: assign({
      expandedFlightIds: ({ context, event }) => {
        assertEvent(event, 'details.toggle');
        return context.expandedFlightIds.includes(event.flightId)
          ? context.expandedFlightIds.filter((id) => id !== event.flightId)
          : [...context.expandedFlightIds, event.flightId];
      },
    }),
    toggleBreakdown: assign({ breakdownOpen: ({ context }) => !context.breakdownOpen }),
    setCustomFee: assign({
      fees: ({ context, event }) => {
        assertEvent(event, 'fee.custom');
        return withCustomFee(context.fees, event.value) ?? context.fees;
      },
    }),
    chooseBags: assign({
      chosenBags: ({ event }) => {
        assertEvent(event, 'card.select');
        return event.bags ?? NO_BAGS;
      },
    }),
    /** Provided by the app: go to /vuelos[/b]/checkout/{sessionID}?terminalId=… */
    goToCheckout: () => {},
  },
  guards: {
    isAgencyView: ({ context }) => context.isAgencyView,
    showsCommission: ({ context }) => context.showsCommission,
    notSessionOwner: ({ event }) => (event as { error?: { code?: unknown } }).error?.code === errorCodes.sessionKeyRequired,
    isExistingChoice: ({ context, event }) => {
      assertEvent(event, 'flight.pick');
      const flights = context.recommendation.itinerary[event.leg]?.flights;
      return flights !== undefined && event.index >= 0 && event.index < flights.length;
    },
  },
}).createMachine({
  id: 'recommendationCard',
  context: ({ input }) => ({
    ...input,
    choice: input.recommendation.itinerary.map(() => 0),
    expandedFlightIds: [],
    breakdownOpen: input.isAgencyView,
    fees: input.recommendation.pricing.fees,
    markups: [],
    markupMessage: null,
    commission: null,
    chosenBags: NO_BAGS,
  }),
  type: 'parallel',
  on: {
    'flight.pick': { guard: 'isExistingChoice', actions: 'pickFlight' },
    'details.toggle': { actions: 'toggleDetails' },
    'breakdown.toggle': { actions: 'toggleBreakdown' },
  },
  states: {
    /** Markups load when the card appears (spec 1 §4); consumers never see agency markups. */
    markups: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'isAgencyView', target: 'loading' }, { target: 'notApplicable' }] },
        loading: {
          invoke: {
            id: 'loadMarkups',
            src: 'loadMarkups',
            input: ({ context }) => ({ recommendation: context.recommendation, choice: context.choice }),
            onDone: {
              target: 'applied',
              actions: assign({ markups: ({ event }) => event.output.markups, markupMessage: ({ event }) => event.output.error }),
            },
            onError: { target: 'failed', actions: assign({ markupMessage: ({ event }) => (event.error instanceof Error ? event.error.message : null) }) },
          },
        },
        applied: { on: { 'fee.custom': { actions: 'setCustomFee' } } },
        failed: { on: { 'fee.custom': { actions: 'setCustomFee' } } },
        notApplicable: {},
      },
    },
    commission: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'showsCommission', target: 'loading' }, { target: 'notApplicable' }] },
        loading: {
          invoke: {
            id: 'loadCommission',
            src: 'loadCommission',
            input: ({ context }) => ({ recommendation: context.recommendation, choice: context.choice }),
            onDone: { target: 'loaded', actions: assign({ commission: ({ event }) => event.output.details }) },
            // Spec 1 §8: commission shows 0.00 when it is not applied.
            onError: { target: 'loaded', actions: assign({ commission: { isApplied: false, amount: 0 } }) },
          },
        },
        loaded: {},
        notApplicable: {},
      },
    },
    /** The select button: loading and disabled while the selection is saved, then checkout. */
    selection: {
      initial: 'idle',
      states: {
        idle: { on: { 'card.select': { target: 'saving', actions: 'chooseBags' } } },
        saving: {
          invoke: {
            id: 'saveSelection',
            src: 'saveSelection',
            input: ({ context }) => selectionPayload(context.sessionID, context.recommendation, context.choice, context.fees, null, context.chosenBags),
            onDone: { target: 'done', actions: 'goToCheckout' },
            onError: [{ guard: 'notSessionOwner', target: 'notOwner' }, { target: 'failed' }],
          },
        },
        done: { type: 'final' },
        failed: { on: { 'card.retry': 'saving', 'card.select': { target: 'saving', actions: 'chooseBags' } } },
        /** 403 SESSION_KEY_REQUIRED: this browser did not create the search's session, so trying again cannot help; a new search can. */
        notOwner: {},
      },
    },
  },
});
