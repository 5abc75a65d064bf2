import { assertEvent, assign, setup } from 'xstate';
import type { BookingLookupRequest, ManageBookingView } from '../src/contract/manage-booking.ts';
import { notProvided } from './not-provided.ts';
import { rateLimitOf } from './rate-limit.ts';

/**
 * What a manage-booking call answered: the booking, or why there is none. A wrong PNR and a wrong
 * last name are one answer (the server says not which); too many tries is its own.
 */
export type ManageBookingAnswer =
  | { kind: 'found'; booking: ManageBookingView }
  | { kind: 'notFound' }
  /** 429: too many failed tries; `retryAfterSeconds` is the answer's Retry-After. */
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | { kind: 'invalidLink' };

export interface ManageBookingInput {
  /** The signed link's token (the link page); null on the PNR + last name form. */
  token: string | null;
}

export interface ManageBookingContext extends ManageBookingInput {
  /** The PNR and last name last submitted (a booking found by them may be cancelled, with the grant their check answered). */
  query: BookingLookupRequest | null;
  booking: ManageBookingView | null;
  /** When a refused lookup or cancel (429) may be tried again, in seconds, as the server said. */
  retryAfterSeconds: number | null;
}

export type ManageBookingEvent =
  | { type: 'lookup.submit'; query: BookingLookupRequest }
  | { type: 'lookup.retry' }
  | { type: 'cancel.request' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' };

const answerOf = (event: unknown) => (event as { output: ManageBookingAnswer }).output;
/** The booking a lookup or link answer found, if any. */
const bookingOf = (event: unknown) => {
  const answer = answerOf(event);
  return answer.kind === 'found' ? answer.booking : null;
};

/**
 * Manage my booking (issue 12). The form page looks a booking up by PNR + last name (found, not
 * found, too many tries, or a failed call that can be retried); the link page opens the booking of a
 * signed link. A found, unpaid booking reached by the form can be cancelled after a confirmation.
 */
export const manageBookingMachine = setup({
  types: {
    context: {} as ManageBookingContext,
    events: {} as ManageBookingEvent,
    input: {} as ManageBookingInput,
  },
  actors: {
    /** POST /api/bookings/lookup */
    lookUpBooking: notProvided<ManageBookingAnswer, BookingLookupRequest>('lookUpBooking'),
    /** GET /api/bookings/link/{token} */
    openLink: notProvided<ManageBookingAnswer, { token: string }>('openLink'),
    /** POST /api/bookings/cancel */
    cancelBooking: notProvided<ManageBookingView, { orderId: string }>('cancelBooking'),
  },
  actions: {
    rememberQuery: assign({
      query: ({ event }) => {
        assertEvent(event, 'lookup.submit');
        return event.query;
      },
    }),
    storeBooking: assign({ booking: ({ event }) => bookingOf(event) }),
    storeLookupWait: assign({
      retryAfterSeconds: ({ event }) => {
        const answer = answerOf(event);
        return answer.kind === 'rateLimited' ? answer.retryAfterSeconds : null;
      },
    }),
    storeCancelWait: assign({ retryAfterSeconds: ({ event }) => rateLimitOf((event as unknown as { error: unknown }).error)?.retryAfterSeconds ?? null }),
    // The cancel answers the booking as it now is (order POC).
    storeCancelledBooking: assign({ booking: ({ event }) => (event as unknown as { output: ManageBookingView }).output }),
  },
  guards: {
    hasLink: ({ context }) => context.token !== null,
    found: ({ event }) => answerOf(event).kind === 'found',
    rateLimited: ({ event }) => answerOf(event).kind === 'rateLimited',
    invalidLink: ({ event }) => answerOf(event).kind === 'invalidLink',
    /** The cancel was refused for too many requests, not for the booking's state. */
    cancelRateLimited: ({ event }) => rateLimitOf((event as unknown as { error: unknown }).error) !== null,
    cancellable: ({ context }) => context.booking?.cancellable === true && context.query !== null,
  },
}).createMachine({
  id: 'manageBooking',
  context: ({ input }) => ({ ...input, query: null, booking: null, retryAfterSeconds: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasLink', target: 'openingLink' }, { target: 'idle' }] },
    idle: {},
    lookingUp: {
      invoke: {
        id: 'lookUpBooking',
        src: 'lookUpBooking',
        input: ({ context }) => context.query!,
        onDone: [
          { guard: 'found', target: 'found', actions: 'storeBooking' },
          { guard: 'rateLimited', target: 'rateLimited', actions: 'storeLookupWait' },
          { target: 'notFound' },
        ],
        onError: 'failed',
      },
    },
    openingLink: {
      invoke: {
        id: 'openLink',
        src: 'openLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          { guard: 'found', target: 'found', actions: 'storeBooking' },
          { guard: 'invalidLink', target: 'invalidLink' },
          { target: 'notFound' },
        ],
        onError: 'failed',
      },
    },
    notFound: {},
    rateLimited: {},
    /** A link this server did not sign. */
    invalidLink: {},
    failed: { on: { 'lookup.retry': [{ guard: 'hasLink', target: 'openingLink' }, { target: 'lookingUp' }] } },
    found: {
      initial: 'viewing',
      states: {
        viewing: { on: { 'cancel.request': { guard: 'cancellable', target: 'confirmingCancel' } } },
        confirmingCancel: { on: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': 'viewing' } },
        cancelling: {
          invoke: {
            id: 'cancelBooking',
            src: 'cancelBooking',
            input: ({ context }) => ({ orderId: context.booking!.orderId }),
            onDone: { target: 'cancelled', actions: 'storeCancelledBooking' },
            onError: [{ guard: 'cancelRateLimited', target: 'cancelRateLimited', actions: 'storeCancelWait' }, { target: 'cancelFailed' }],
          },
        },
        cancelled: {},
        cancelFailed: { on: { 'cancel.dismiss': 'viewing' } },
        /** Too many requests (429): the booking is as it was; the page says when to try again. */
        cancelRateLimited: { on: { 'cancel.dismiss': 'viewing', 'cancel.confirm': 'cancelling' } },
      },
    },
  },
  // The form stays on the page: a new PNR + last name may be submitted from any state (it replaces a call in flight).
  on: { 'lookup.submit': { target: '.lookingUp', actions: 'rememberQuery' } },
});
