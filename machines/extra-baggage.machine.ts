import { assertEvent, assign, setup } from 'xstate';
import type { AncillaryBaggageOption, BookingFailure, PassengerType, SelectedExtras } from '../src/contract/checkout.ts';
import { segmentsUnavailableFailure } from './segments-unavailable.ts';
import { notProvided } from './not-provided.ts';

export interface ExtraBaggageLeg {
  origin: string;
  destination: string;
}

/** Pieces each traveller adds on one leg: what the bags chosen on the results need beyond the fare's own. */
export interface MissingBags {
  carryOn: number;
  checked: number;
}

export interface ExtraBaggageInput {
  legs: ExtraBaggageLeg[];
  /** Every traveller in form order; infants carry no bags. */
  passengerTypes: PassengerType[];
  /** Per leg, the bags chosen on the results that the fare lacks: added before the traveller opens the modal (issue 37). */
  preselected?: MissingBags[] | undefined;
}

/** A traveller buys at most one carry-on option and one checked-bag option per leg. */
export type BagSlot = 'carryOn' | 'checked';
export const BAG_SLOTS: readonly BagSlot[] = ['carryOn', 'checked'];
export const slotOf = (option: Pick<AncillaryBaggageOption, 'type'>): BagSlot => (option.type === 'CARRY_ON' ? 'carryOn' : 'checked');

/** `${passengerIndex}:${legIndex}:${slot}` → the chosen option id. */
export type BaggageChoices = Record<string, string>;

export interface ExtraBaggageContext extends ExtraBaggageInput {
  options: AncillaryBaggageOption[];
  /** What is ticked in the open modal. */
  choices: BaggageChoices;
  /** What Aceptar confirmed: the only extras shown and charged. */
  confirmed: BaggageChoices;
}

export type ExtraBaggageEvent =
  | { type: 'extras.open' }
  | { type: 'extras.pick'; passengerIndex: number; legIndex: number; slot: BagSlot; optionId: string | null }
  | { type: 'extras.accept' }
  | { type: 'extras.cancel' };

export const choiceKey = (passengerIndex: number, legIndex: number, slot: BagSlot) => `${passengerIndex}:${legIndex}:${slot}`;

/** The options one traveller can buy on one leg (of one slot when given): same route and passenger type (children fall back to adult bags). */
export function optionsFor(options: AncillaryBaggageOption[], leg: ExtraBaggageLeg, type: PassengerType, slot?: BagSlot): AncillaryBaggageOption[] {
  if (type === 'INF') return [];
  const onLeg = options.filter((option) => option.origin === leg.origin && option.destination === leg.destination && (!slot || slotOf(option) === slot));
  const own = onLeg.filter((option) => option.passengerCode === type);
  return own.length > 0 ? own : onLeg.filter((option) => option.passengerCode === 'ADT');
}

/** The choices that buy the missing bags: for each traveller and leg, the heaviest option of that many pieces, where sold. */
export function preselectedChoices(context: Pick<ExtraBaggageContext, 'options' | 'passengerTypes' | 'legs' | 'preselected'>): BaggageChoices {
  const choices: BaggageChoices = {};
  context.passengerTypes.forEach((type, passengerIndex) => {
    context.legs.forEach((leg, legIndex) => {
      const missing = context.preselected?.[legIndex];
      for (const slot of BAG_SLOTS) {
        const pieces = missing?.[slot] ?? 0;
        if (pieces === 0) continue;
        // The standard bag the results priced (23 kg), not a lighter one the airline also sells.
        const option = optionsFor(context.options, leg, type, slot)
          .filter((candidate) => candidate.pieces === pieces)
          .reduce<AncillaryBaggageOption | undefined>((heaviest, candidate) => (heaviest && heaviest.weightKg >= candidate.weightKg ? heaviest : candidate), undefined);
        if (option) choices[choiceKey(passengerIndex, legIndex, slot)] = option.id;
      }
    });
  });
  return choices;
}

/** The book form's `selectedExtras` (spec 2 §3) for a set of choices. */
export function selectedExtrasOf(context: Pick<ExtraBaggageContext, 'options' | 'passengerTypes' | 'legs'>, choices: BaggageChoices): SelectedExtras {
  return {
    baggage: {
      passengers: context.passengerTypes.map((_, passengerIndex) => ({
        options: context.legs.flatMap((__, legIndex) =>
          BAG_SLOTS.flatMap((slot) => {
            const option = context.options.find((candidate) => candidate.id === choices[choiceKey(passengerIndex, legIndex, slot)]);
            return option ? [{ option, currentIndex: legIndex, type: option.type }] : [];
          }),
        ),
      })),
    },
  };
}

/**
 * The extra baggage modal (spec 2 §2, §4): opening fetches the options, Aceptar confirms, closing or
 * Cancelar drops what was ticked since; extras show only once confirmed.
 */
export const extraBaggageMachine = setup({
  types: { context: {} as ExtraBaggageContext, events: {} as ExtraBaggageEvent, input: {} as ExtraBaggageInput },
  actors: {
    /** POST /api/flights/ancillaries */
    loadAncillaries: notProvided<AncillaryBaggageOption[], void>('loadAncillaries'),
  },
  actions: {
    storeOptions: assign({ options: ({ event }) => (event as unknown as { output: AncillaryBaggageOption[] }).output }),
    pick: assign({
      choices: ({ context, event }) => {
        assertEvent(event, 'extras.pick');
        const key = choiceKey(event.passengerIndex, event.legIndex, event.slot);
        const { [key]: _dropped, ...others } = context.choices;
        return event.optionId === null ? others : { ...others, [key]: event.optionId };
      },
    }),
    confirm: assign({ confirmed: ({ context }) => context.choices }),
    preselect: assign(({ context }) => {
      const choices = preselectedChoices(context);
      return { choices, confirmed: choices };
    }),
    /** Provided by the app: the checkout opens its 1001 dialog (the offer is sold no more; no bags to add). */
    reportOfferUnavailable: (_args: unknown, _failure: BookingFailure) => {},
    dropPicks: assign({ choices: ({ context }) => context.confirmed }),
  },
  guards: {
    hasOptions: ({ context }) => context.options.length > 0,
    bagsChosenOnResults: ({ context }) => (context.preselected ?? []).some((missing) => missing.carryOn > 0 || missing.checked > 0),
    /** 409 code 1001 (booking-failures.ts). */
    offerUnavailable: ({ event }) => segmentsUnavailableFailure((event as unknown as { error: unknown }).error) !== null,
    hasConfirmed: ({ context }) => Object.keys(context.confirmed).length > 0,
    choicesConfirmed: ({ context }) => Object.keys(context.choices).length > 0,
    isOfferedPick: ({ context, event }) => {
      assertEvent(event, 'extras.pick');
      const leg = context.legs[event.legIndex];
      const type = context.passengerTypes[event.passengerIndex];
      if (!leg || !type) return false;
      return event.optionId === null || optionsFor(context.options, leg, type, event.slot).some((option) => option.id === event.optionId);
    },
  },
}).createMachine({
  id: 'extraBaggage',
  context: ({ input }) => ({ ...input, options: [], choices: {}, confirmed: {} }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'bagsChosenOnResults', target: 'preselecting' }, { target: 'closed' }] },
    /** The bags chosen on the results are bought unless the traveller removes them: their options load first. */
    preselecting: {
      invoke: {
        id: 'loadPreselected',
        src: 'loadAncillaries',
        onDone: { target: 'deciding', actions: ['storeOptions', 'preselect'] },
        onError: [
          {
            guard: 'offerUnavailable',
            target: 'closed',
            actions: { type: 'reportOfferUnavailable', params: ({ event }) => segmentsUnavailableFailure(event.error) as BookingFailure },
          },
          { target: 'closed' },
        ],
      },
    },
    deciding: { always: [{ guard: 'hasConfirmed', target: 'confirmed' }, { target: 'closed' }] },
    closed: { on: { 'extras.open': [{ guard: 'hasOptions', target: 'choosing' }, { target: 'loading' }] } },
    loading: {
      invoke: {
        id: 'loadAncillaries',
        src: 'loadAncillaries',
        onDone: { target: 'choosing', actions: 'storeOptions' },
        // Nothing to sell reads as 'No se encontraron maletas' in the modal.
        onError: [
          {
            guard: 'offerUnavailable',
            target: 'closed',
            actions: { type: 'reportOfferUnavailable', params: ({ event }) => segmentsUnavailableFailure(event.error) as BookingFailure },
          },
          { target: 'choosing' },
        ],
      },
      // Nothing can be confirmed before the options first load (later openings skip loading).
      on: { 'extras.cancel': 'closed' },
    },
    choosing: {
      on: {
        'extras.pick': { guard: 'isOfferedPick', actions: 'pick' },
        'extras.accept': [{ guard: 'choicesConfirmed', target: 'confirmed', actions: 'confirm' }, { target: 'closed', actions: 'confirm' }],
        'extras.cancel': [{ guard: 'hasConfirmed', target: 'confirmed', actions: 'dropPicks' }, { target: 'closed', actions: 'dropPicks' }],
      },
    },
    /** Closed, with the confirmed extras listed on the page and in the total. */
    confirmed: { on: { 'extras.open': 'choosing' } },
  },
});
