import { assertEvent, assign, setup } from 'xstate';
import type { BookingFailure } from '../src/contract/checkout.ts';
import type { Fare, FareFamilies } from '../src/contract/fares.ts';
import { segmentsUnavailableFailure } from './segments-unavailable.ts';
import type { Recommendation } from '../src/contract/search.ts';
import { chosenFlights, selectionPayload, type SelectionToSave } from './selection.ts';
import { notProvided } from './not-provided.ts';
import { NO_BAGS, type BagChoice } from './bag-prices.ts';
import { cheapestFareForBags, type FareForBags } from './fare-families.rules.ts';

export interface FareFamiliesInput {
  recommendation: Recommendation;
  sessionID: string;
  choice: number[];
}

export interface FareFamiliesContext extends FareFamiliesInput {
  families: FareFamilies | null;
  /** The fare code marked as chosen; it starts at the offer's own brand. */
  chosenCode: string | null;
  errorMessage: string | null;
  /** The airline sells the offer no more (409 code 1001): the checkout's 1001 dialog shows it. */
  failure: BookingFailure | null;
  /** The bags chosen on the results when the comparison opened (issue 21). */
  bags: BagChoice;
  /** The cheapest family that carries those bags, marked in the comparison; null without bags or such a family. */
  fareForBags: FareForBags | null;
}

export type FareFamiliesEvent =
  | { type: 'modal.open'; choice: number[]; bags: BagChoice }
  | { type: 'fare.choose'; code: string }
  | { type: 'modal.accept' }
  | { type: 'modal.cancel' };


const currentBrand = (context: Pick<FareFamiliesContext, 'recommendation' | 'choice'>) =>
  chosenFlights(context.recommendation, context.choice)[0]?.brandedFare?.brandID ?? null;

const chosenFare = (context: FareFamiliesContext): Fare | null =>
  context.families?.fares.find((fare) => fare.code === context.chosenCode) ?? null;

export const fareFamiliesMachine = setup({
  types: { context: {} as FareFamiliesContext, events: {} as FareFamiliesEvent, input: {} as FareFamiliesInput },
  actors: {
    loadFareFamilies: notProvided<FareFamilies, { recommendation: Recommendation; choice: number[] }>('loadFareFamilies'),
    saveSelection: notProvided<void, SelectionToSave>('saveSelection'),
  },
  actions: {
    takeChoice: assign({
      choice: ({ context, event }) => {
        assertEvent(event, 'modal.open');
        return event.choice.length === context.recommendation.itinerary.length ? event.choice : context.choice;
      },
      bags: ({ event }) => {
        assertEvent(event, 'modal.open');
        return event.bags;
      },
    }),
    chooseFare: assign({
      chosenCode: ({ event }) => {
        assertEvent(event, 'fare.choose');
        return event.code;
      },
    }),
    /** Cancel or the background closes the modal and forgets the families (spec 1 §4). */
    clearFamilies: assign({ families: null, chosenCode: null, errorMessage: null, failure: null, fareForBags: null }),
    goToCheckout: () => {},
  },
  guards: {
    /** 409 code 1001 (booking-failures.ts). */
    offerUnavailable: ({ event }) => segmentsUnavailableFailure((event as unknown as { error: unknown }).error) !== null,
    hasFares: ({ event }) => (event as unknown as { output: FareFamilies }).output.fares.length > 0,
    isUnchanged: ({ context }) => context.chosenCode === currentBrand(context),
    isOfferedFare: ({ context, event }) => {
      assertEvent(event, 'fare.choose');
      return context.families?.fares.some((fare) => fare.code === event.code) ?? false;
    },
  },
}).createMachine({
  id: 'fareFamilies',
  context: ({ input }) => ({ ...input, families: null, chosenCode: null, errorMessage: null, failure: null, bags: NO_BAGS, fareForBags: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'modal.open': { target: 'loading', actions: 'takeChoice' } } },
    /** 'Cargando familias' */
    loading: {
      invoke: {
        id: 'loadFareFamilies',
        src: 'loadFareFamilies',
        input: ({ context }) => ({ recommendation: context.recommendation, choice: context.choice }),
        onDone: [
          {
            guard: 'hasFares',
            target: 'choosing',
            actions: assign({
              families: ({ event }) => event.output,
              chosenCode: ({ context }) => currentBrand(context),
              fareForBags: ({ context, event }) => cheapestFareForBags(event.output.fares, context.recommendation.itinerary.length, context.bags),
            }),
          },
          { target: 'failed' },
        ],
        onError: [
          { guard: 'offerUnavailable', target: 'offerUnavailable', actions: assign({ failure: ({ event }) => segmentsUnavailableFailure(event.error) }) },
          { target: 'failed', actions: assign({ errorMessage: ({ event }) => (event.error instanceof Error ? event.error.message : null) }) },
        ],
      },
      on: { 'modal.cancel': { target: 'closed', actions: 'clearFamilies' } },
    },
    choosing: {
      on: {
        'fare.choose': { guard: 'isOfferedFare', actions: 'chooseFare' },
        'modal.accept': [{ guard: 'isUnchanged', target: 'closed', actions: 'clearFamilies' }, { target: 'submitting' }],
        'modal.cancel': { target: 'closed', actions: 'clearFamilies' },
      },
    },
    /** The modal shows a loader while the chosen family is saved with the selection. */
    submitting: {
      invoke: {
        id: 'saveSelection',
        src: 'saveSelection',
        input: ({ context }) => {
          const fare = chosenFare(context);
          const recommendation = fare ? { ...context.recommendation, pricing: fare.pricing } : context.recommendation;
          return selectionPayload(context.sessionID, recommendation, context.choice, recommendation.pricing.fees, fare, context.bags);
        },
        onDone: { target: 'done', actions: 'goToCheckout' },
        onError: { target: 'choosing', actions: assign({ errorMessage: ({ event }) => (event.error instanceof Error ? event.error.message : null) }) },
      },
    },
    failed: { on: { 'modal.cancel': { target: 'closed', actions: 'clearFamilies' } } },
    /** The checkout's 1001 dialog; accepting it leaves the traveller on the results to choose another flight. */
    offerUnavailable: { on: { 'modal.cancel': { target: 'closed', actions: 'clearFamilies' } } },
    done: { type: 'final' },
  },
});
