import { and, assertEvent, assign, setup } from 'xstate';
import type { CabinCode, FlightType } from '../src/contract/search.ts';
import {
  canAddLeg,
  canDecrement,
  canIncrement,
  canRemoveLeg,
  findSearchProblem,
  legsFromSimpleTrip,
  nextLeg,
  type AirportRef,
  type FormLeg,
  type PassengerKind,
  type SearchFormProblem,
  type SearchFormValues,
} from './search-form.rules.ts';

export interface SearchFormContext extends SearchFormValues {
  /** Today in America/Lima (YYYY-MM-DD): nothing earlier can be searched. */
  today: string;
  /** Embedded in an iframe: results open in a new window on the booking site (spec 1 §2). */
  openInNewWindow: boolean;
  problem: SearchFormProblem | null;
}

export interface SearchFormInput {
  today: string;
  openInNewWindow?: boolean;
  initial?: Partial<SearchFormValues>;
}

export type SearchFormEvent =
  | { type: 'trip.type'; flightType: FlightType }
  | { type: 'origin.select'; place: AirportRef | null }
  | { type: 'destination.select'; place: AirportRef | null }
  | { type: 'places.swap' }
  | { type: 'dates.change'; startDate: string | null; endDate: string | null }
  | { type: 'passengers.increment'; kind: PassengerKind }
  | { type: 'passengers.decrement'; kind: PassengerKind }
  | { type: 'cabin.select'; cabin: CabinCode }
  | { type: 'airline.select'; airline: { code: string; name: string } | null }
  | { type: 'corporateCode.change'; value: string }
  | { type: 'country.select'; country: string }
  | { type: 'leg.add' }
  | { type: 'leg.remove' }
  | { type: 'leg.change'; index: number; changes: Partial<FormLeg> }
  | { type: 'search.submit' }
  | { type: 'dialog.close' };

export const emptySearchFormValues: SearchFormValues = {
  flightType: 'RT',
  origin: null,
  destination: null,
  startDate: null,
  endDate: null,
  legs: [],
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'I',
  airline: null,
  corporateCode: null,
  country: 'PE',
};

/** The corporate code only exists for LATAM (spec 1 §2). */
const CORPORATE_CODE_AIRLINE = 'LA';

export const searchFormMachine = setup({
  types: {
    context: {} as SearchFormContext,
    events: {} as SearchFormEvent,
    input: {} as SearchFormInput,
  },
  actions: {
    setTripType: assign(({ context, event }) => {
      assertEvent(event, 'trip.type');
      if (event.flightType === 'MC' && context.flightType !== 'MC') {
        return { flightType: event.flightType, legs: legsFromSimpleTrip(context) };
      }
      if (event.flightType !== 'MC' && context.flightType === 'MC') {
        const first = context.legs[0];
        return {
          flightType: event.flightType,
          origin: first?.origin ?? null,
          destination: first?.destination ?? null,
          startDate: first?.date ?? null,
          endDate: null,
        };
      }
      return { flightType: event.flightType, endDate: event.flightType === 'OW' ? null : context.endDate };
    }),
    setOrigin: assign(({ event }) => {
      assertEvent(event, 'origin.select');
      return { origin: event.place };
    }),
    setDestination: assign(({ event }) => {
      assertEvent(event, 'destination.select');
      return { destination: event.place };
    }),
    swapPlaces: assign(({ context }) => ({ origin: context.destination, destination: context.origin })),
    /** A date range forces a round trip; a single date keeps one way (spec 1 §4). */
    setDates: assign(({ context, event }) => {
      assertEvent(event, 'dates.change');
      const flightType: FlightType = event.endDate ? 'RT' : context.flightType;
      return { startDate: event.startDate, endDate: event.endDate, flightType };
    }),
    incrementPassengers: assign(({ context, event }) => {
      assertEvent(event, 'passengers.increment');
      return { passengers: { ...context.passengers, [event.kind]: context.passengers[event.kind] + 1 } };
    }),
    decrementPassengers: assign(({ context, event }) => {
      assertEvent(event, 'passengers.decrement');
      return { passengers: { ...context.passengers, [event.kind]: context.passengers[event.kind] - 1 } };
    }),
    setCabin: assign(({ event }) => {
      assertEvent(event, 'cabin.select');
      return { cabin: event.cabin };
    }),
    setAirline: assign(({ context, event }) => {
      assertEvent(event, 'airline.select');
      const keepsCorporateCode = event.airline?.code === CORPORATE_CODE_AIRLINE;
      return { airline: event.airline, corporateCode: keepsCorporateCode ? context.corporateCode : null };
    }),
    /** Spaces removed and upper-cased; empty becomes null (spec 1 §5). */
    setCorporateCode: assign(({ event }) => {
      assertEvent(event, 'corporateCode.change');
      const code = event.value.replace(/\s+/g, '').toUpperCase();
      return { corporateCode: code === '' ? null : code };
    }),
    setCountry: assign(({ event }) => {
      assertEvent(event, 'country.select');
      return { country: event.country };
    }),
    addLeg: assign(({ context }) => ({ legs: [...context.legs, nextLeg(context.legs.at(-1))] })),
    removeLeg: assign(({ context }) => ({ legs: context.legs.slice(0, -1) })),
    changeLeg: assign(({ context, event }) => {
      assertEvent(event, 'leg.change');
      return { legs: context.legs.map((leg, index) => (index === event.index ? { ...leg, ...event.changes } : leg)) };
    }),
    recordProblem: assign(({ context }) => ({ problem: findSearchProblem(context, context.today) })),
    clearProblem: assign({ problem: null }),
    /** Provided by the app: go to the results URL built from the form values. */
    navigateToResults: () => {},
    /** Provided by the app: open the results in a new window, the account id as terminal. */
    openResultsInNewWindow: () => {},
  },
  guards: {
    isValid: ({ context }) => findSearchProblem(context, context.today) === null,
    opensInNewWindow: ({ context }) => context.openInNewWindow,
    canIncrement: ({ context, event }) => {
      assertEvent(event, 'passengers.increment');
      return canIncrement(context.passengers, event.kind);
    },
    canDecrement: ({ context, event }) => {
      assertEvent(event, 'passengers.decrement');
      return canDecrement(context.passengers, event.kind);
    },
    canAddLeg: ({ context }) => context.flightType === 'MC' && canAddLeg(context.legs),
    canRemoveLeg: ({ context }) => context.flightType === 'MC' && canRemoveLeg(context.legs),
    isExistingLeg: ({ context, event }) => {
      assertEvent(event, 'leg.change');
      return event.index >= 0 && event.index < context.legs.length;
    },
  },
}).createMachine({
  id: 'searchForm',
  context: ({ input }) => ({
    ...emptySearchFormValues,
    ...input.initial,
    today: input.today,
    openInNewWindow: input.openInNewWindow ?? false,
    problem: null,
  }),
  initial: 'editing',
  // Edits are accepted whenever the form shows (also after a search, on the results page's summary form).
  on: {
    'trip.type': { target: '.editing', actions: 'setTripType' },
    'origin.select': { target: '.editing', actions: 'setOrigin' },
    'destination.select': { target: '.editing', actions: 'setDestination' },
    'places.swap': { target: '.editing', actions: 'swapPlaces' },
    'dates.change': { target: '.editing', actions: 'setDates' },
    'passengers.increment': { guard: 'canIncrement', target: '.editing', actions: 'incrementPassengers' },
    'passengers.decrement': { guard: 'canDecrement', target: '.editing', actions: 'decrementPassengers' },
    'cabin.select': { target: '.editing', actions: 'setCabin' },
    'airline.select': { target: '.editing', actions: 'setAirline' },
    'corporateCode.change': { target: '.editing', actions: 'setCorporateCode' },
    'country.select': { target: '.editing', actions: 'setCountry' },
    'leg.add': { guard: 'canAddLeg', target: '.editing', actions: 'addLeg' },
    'leg.remove': { guard: 'canRemoveLeg', target: '.editing', actions: 'removeLeg' },
    'leg.change': { guard: 'isExistingLeg', target: '.editing', actions: 'changeLeg' },
  },
  states: {
    editing: {
      // Any way back to the form (closing the dialog, or an edit) leaves no stale problem behind.
      entry: 'clearProblem',
      on: {
        'search.submit': [
          { guard: and(['isValid', 'opensInNewWindow']), target: 'submitted', actions: 'openResultsInNewWindow' },
          { guard: 'isValid', target: 'submitted', actions: 'navigateToResults' },
          { target: 'invalid', actions: 'recordProblem' },
        ],
      },
    },
    /** The dialog with the first problem found shows; closing it returns to the form. */
    invalid: {
      on: { 'dialog.close': { target: 'editing' } },
    },
    /** Results are on their way; any edit returns to editing, and searching again is allowed. */
    submitted: {
      on: {
        'search.submit': [
          { guard: and(['isValid', 'opensInNewWindow']), target: 'submitted', reenter: true, actions: 'openResultsInNewWindow' },
          { guard: 'isValid', target: 'submitted', reenter: true, actions: 'navigateToResults' },
        ],
      },
    },
  },
});
