import { and, assertEvent, assign, not, setup } from 'xstate';
import type { BookingFailure, SeatMap } from '../src/contract/checkout.ts';
import { segmentsUnavailableFailure } from './segments-unavailable.ts';
import { notProvided } from './not-provided.ts';
import { designatorOf, hasNoSeats, holderOf, isSeatOnMap, nextPassenger, offerItemFor, seatKey, type SeatChoices } from './seat-picker.rules.ts';

export interface SeatPickerContext {
  /** The offer's seat map once loaded (kept for later openings). */
  map: SeatMap | null;
  /** Why the map could not be loaded (the response's message). */
  errorMessage: string | null;
  /** The segment whose tab is open. */
  activeSegment: number;
  /** The one passenger a pick is for. */
  activePassenger: string | null;
  /** What is picked in the open modal. */
  choices: SeatChoices;
  /** What finishing confirmed: the only seats shown on the page, charged and booked. */
  confirmed: SeatChoices;
  /** The seat the alert refused ('12C'). */
  refusedSeat: string | null;
}

/** A seat map already at hand (the post-sale page loads it with the order): opening skips loading. */
export interface SeatPickerInput {
  map?: SeatMap | null;
}

export type SeatPickerEvent =
  | { type: 'seats.open' }
  | { type: 'seats.close' }
  | { type: 'seats.retry' }
  | { type: 'seat.pick'; row: number; column: string }
  | { type: 'seats.passenger'; passengerId: string }
  | { type: 'seats.segment'; index: number }
  | { type: 'seats.next' }
  | { type: 'seats.finish' }
  | { type: 'seats.dismiss' };

const loadedMap = (event: unknown) => (event as { output: SeatMap }).output;

/**
 * The seat picker (spec 2 §4, spec 3 "Seat selection screen", §4 "Seats"): opening loads the offer's
 * seat map; one passenger is active at a time and picks a seat per segment; a seat another passenger
 * holds on the segment, or one the airline has taken, is refused with an alert; after each pick the next passenger without a seat on
 * the segment becomes active (the first when all have one); the last segment's button finishes, which
 * confirms the seats and shows a success dialog. Closing before that drops what was picked since the
 * last confirmation, and reopening shows the confirmed seats.
 */
export const seatPickerMachine = setup({
  types: { context: {} as SeatPickerContext, events: {} as SeatPickerEvent },
  actors: {
    /** POST /api/flights/seats */
    loadSeatMap: notProvided<SeatMap, void>('loadSeatMap'),
  },
  actions: {
    storeMap: assign({ map: ({ event }) => loadedMap(event), errorMessage: null }),
    storeError: assign({
      errorMessage: ({ event }) => {
        const error = (event as unknown as { error: unknown }).error;
        return error instanceof Error ? error.message : 'Error';
      },
    }),
    startPicking: assign({
      activeSegment: 0,
      activePassenger: ({ context }) => nextPassenger(context.map as SeatMap, context.confirmed, 0, null),
      choices: ({ context }) => context.confirmed,
    }),
    assignSeat: assign({
      choices: ({ context, event }) => {
        assertEvent(event, 'seat.pick');
        const passengerId = context.activePassenger as string;
        const item = offerItemFor(context.map as SeatMap, context.activeSegment, event, passengerId);
        if (!item) return context.choices;
        return { ...context.choices, [seatKey(context.activeSegment, passengerId)]: { row: event.row, column: event.column, offerItemID: item.id, price: item.price } };
      },
    }),
    activateNext: assign({
      activePassenger: ({ context }) => nextPassenger(context.map as SeatMap, context.choices, context.activeSegment, context.activePassenger),
    }),
    releaseSeat: assign({
      choices: ({ context }) => {
        const { [seatKey(context.activeSegment, context.activePassenger as string)]: _released, ...others } = context.choices;
        return others;
      },
    }),
    noteRefused: assign({
      refusedSeat: ({ event }) => {
        assertEvent(event, 'seat.pick');
        return designatorOf(event);
      },
    }),
    forgetRefused: assign({ refusedSeat: null }),
    /** Provided by the app: the checkout opens its 1001 dialog (the offer is sold no more; no seats to pick). */
    reportOfferUnavailable: (_args: unknown, _failure: BookingFailure) => {},
    activatePassenger: assign({
      activePassenger: ({ event }) => {
        assertEvent(event, 'seats.passenger');
        return event.passengerId;
      },
    }),
    showSegment: assign(({ context, event }) => {
      assertEvent(event, ['seats.segment', 'seats.next']);
      const index = event.type === 'seats.segment' ? event.index : context.activeSegment + 1;
      return { activeSegment: index, activePassenger: nextPassenger(context.map as SeatMap, context.choices, index, null) };
    }),
    confirm: assign({ confirmed: ({ context }) => context.choices }),
    dropPicks: assign({ choices: ({ context }) => context.confirmed }),
  },
  guards: {
    mapLoaded: ({ context }) => context.map !== null,
    /** 409 code 1001: the airline sells the offer no more (booking-failures.ts). */
    offerUnavailable: ({ event }) => segmentsUnavailableFailure((event as unknown as { error: unknown }).error) !== null,
    loadedEmpty: ({ event }) => hasNoSeats(loadedMap(event)),
    mapEmpty: ({ context }) => context.map !== null && hasNoSeats(context.map),
    /** The active passenger's own seat: picking it again gives it up. */
    isOwnSeat: ({ context, event }) => {
      assertEvent(event, 'seat.pick');
      return context.map !== null && holderOf(context.map, context.choices, context.activeSegment, event) === context.activePassenger;
    },
    heldByOther: ({ context, event }) => {
      assertEvent(event, 'seat.pick');
      const holder = context.map === null ? null : holderOf(context.map, context.choices, context.activeSegment, event);
      return holder !== null && holder !== context.activePassenger;
    },
    /** A free seat the airline sells the active passenger on this segment (never a taken seat or an aisle). */
    isSoldToActive: ({ context, event }) => {
      assertEvent(event, 'seat.pick');
      return context.map !== null && context.activePassenger !== null && offerItemFor(context.map, context.activeSegment, event, context.activePassenger) !== null;
    },
    /** A seat of the map that is not for sale to the active passenger (taken by the airline): refused with the alert. */
    isTakenSeat: ({ context, event }) => {
      assertEvent(event, 'seat.pick');
      return context.map !== null && isSeatOnMap(context.map, context.activeSegment, event);
    },
    isSeatedPassenger: ({ context, event }) => {
      assertEvent(event, 'seats.passenger');
      return context.map?.passengers.some((passenger) => passenger.id === event.passengerId) ?? false;
    },
    isSegment: ({ context, event }) => {
      assertEvent(event, 'seats.segment');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < (context.map?.segments.length ?? 0);
    },
    hasNextSegment: ({ context }) => context.activeSegment + 1 < (context.map?.segments.length ?? 0),
    hasChoices: ({ context }) => Object.keys(context.choices).length > 0,
  },
}).createMachine({
  id: 'seatPicker',
  // The input stays untyped so the checkout creates the picker without one.
  context: ({ input }) => ({ map: (input as SeatPickerInput | undefined)?.map ?? null, errorMessage: null, activeSegment: 0, activePassenger: null, choices: {}, confirmed: {}, refusedSeat: null }),
  initial: 'closed',
  states: {
    /** The card on the page, with the confirmed seats. */
    closed: {
      on: {
        'seats.open': [{ guard: 'mapEmpty', target: 'empty' }, { guard: 'mapLoaded', target: 'picking', actions: 'startPicking' }, { target: 'loading' }],
      },
    },
    /** 'cargando' */
    loading: {
      invoke: {
        id: 'loadSeatMap',
        src: 'loadSeatMap',
        onDone: [
          { guard: 'loadedEmpty', target: 'empty', actions: 'storeMap' },
          { target: 'picking', actions: ['storeMap', 'startPicking'] },
        ],
        onError: [
          {
            guard: 'offerUnavailable',
            target: 'closed',
            actions: { type: 'reportOfferUnavailable', params: ({ event }) => segmentsUnavailableFailure(event.error) as BookingFailure },
          },
          { target: 'failed', actions: 'storeError' },
        ],
      },
      on: { 'seats.close': 'closed' },
    },
    /** The response's error message, and a retry. */
    failed: { on: { 'seats.retry': 'loading', 'seats.close': 'closed' } },
    /** 'No se encontraron resultados': the flights sell no seats. */
    empty: { on: { 'seats.close': 'closed' } },
    picking: {
      on: {
        'seat.pick': [
          { guard: 'isOwnSeat', actions: 'releaseSeat' },
          { guard: 'heldByOther', target: 'taken', actions: 'noteRefused' },
          { guard: 'isSoldToActive', actions: ['assignSeat', 'activateNext'] },
          // A taken seat stays out of the keyboard's way, but choosing it gives the spec's alert.
          { guard: 'isTakenSeat', target: 'taken', actions: 'noteRefused' },
        ],
        'seats.passenger': { guard: 'isSeatedPassenger', actions: 'activatePassenger' },
        'seats.segment': { guard: 'isSegment', actions: 'showSegment' },
        'seats.next': { guard: 'hasNextSegment', actions: 'showSegment' },
        // 'Terminar selección de asientos' (on the last segment; the view shows 'Siguiente vuelo' before it).
        'seats.finish': [
          { guard: and([not('hasNextSegment'), 'hasChoices']), target: 'done', actions: 'confirm' },
          // Finishing without a seat picked buys none: the modal just closes.
          { guard: not('hasNextSegment'), target: 'closed', actions: 'confirm' },
        ],
        'seats.close': { target: 'closed', actions: 'dropPicks' },
      },
    },
    /** 'Este asiento ya está asignado, favor de elegir otro !' over the map. */
    taken: { on: { 'seats.dismiss': { target: 'picking', actions: 'forgetRefused' } } },
    /** The success dialog: the seats are confirmed. */
    done: { on: { 'seats.close': 'closed' } },
  },
});
