import { assertEvent, assign, setup } from 'xstate';
import type { BookingSuccess } from '../src/contract/checkout.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { loadingSessionState, retryAfterOfLookup, sessionLookupGuards, sessionOf, type SessionLookup, type SessionLookupContext } from './session-lookup.ts';

/** The two references a traveller can copy. */
export type BookingReference = 'pnr' | 'orderId';

export interface BookingConfirmationInput {
  sessionID: string;
  /** The `process` query parameter (spec 3 §2: an integer, default 1); kept for the page, its meaning is not shown. */
  process: number;
}

export interface BookingConfirmationContext extends BookingConfirmationInput, SessionLookupContext {
  session: Session | null;
  /** The booking when it is whole (PNR, order id, time limit, payment details, status code). */
  booking: BookingSuccess | null;
  /** The reference being copied or last copied. */
  copying: BookingReference | null;
}

export type BookingConfirmationEvent =
  | { type: 'session.retry' }
  | { type: 'notice.dismiss' }
  | { type: 'reference.copy'; reference: BookingReference };

/**
 * The booking confirmation page (spec 3 §2): loads the session; a whole booking shows the page (a
 * dismissible success notice, copyable PNR and order id), a booking missing any part shows the UPS
 * banner, an unknown or expired session says so, and a failed load can be retried.
 */
export const bookingConfirmationMachine = setup({
  types: {
    context: {} as BookingConfirmationContext,
    events: {} as BookingConfirmationEvent,
    input: {} as BookingConfirmationInput,
  },
  actors: {
    /** GET /api/sessions?id= */
    loadSession: notProvided<SessionLookup, { sessionID: string }>('loadSession'),
    /** navigator.clipboard.writeText */
    copyText: notProvided<void, { text: string }>('copyText'),
  },
  delays: {
    /** How long 'Copied' stays after a copy. */
    copiedShown: 4000,
  },
  actions: {
    rememberRetryAfter: assign({ retryAfterSeconds: ({ event }) => retryAfterOfLookup(event) }),
    storeSession: assign(({ event }) => {
      const session = sessionOf(event);
      return { session, booking: completeBookingOf(session) };
    }),
    rememberReference: assign({
      copying: ({ event }) => {
        assertEvent(event, 'reference.copy');
        return event.reference;
      },
    }),
  },
  guards: sessionLookupGuards,
}).createMachine({
  id: 'bookingConfirmation',
  context: ({ input }) => ({ ...input, session: null, booking: null, copying: null, retryAfterSeconds: null }),
  initial: 'loading',
  states: {
    loading: loadingSessionState([
      { guard: 'bookingComplete', target: 'loaded', actions: 'storeSession' },
      { guard: 'sessionFound', target: 'incomplete', actions: 'storeSession' },
    ]),
    loaded: {
      type: 'parallel',
      states: {
        notice: {
          initial: 'shown',
          states: {
            shown: { on: { 'notice.dismiss': 'dismissed' } },
            dismissed: {},
          },
        },
        copy: {
          initial: 'idle',
          // A new copy starts over, whichever reference was copied before.
          on: { 'reference.copy': { target: '.copying', reenter: true, actions: 'rememberReference' } },
          states: {
            idle: {},
            copying: {
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({
                  text: (context.copying === 'orderId' ? context.booking?.orderID.id : context.booking?.pnr) ?? '',
                }),
                onDone: 'copied',
                onError: 'copyFailed',
              },
            },
            copied: { after: { copiedShown: 'idle' } },
            /** The browser refused the clipboard: the view asks to select and copy by hand. */
            copyFailed: {},
          },
        },
      },
    },
    /** The session has no whole booking: 'UPS! Ocurrio un error durante la reserva ...'. */
    incomplete: {},
    notFound: {},
    otherBrowser: {},
    rateLimited: { on: { 'session.retry': 'loading' } },
    expired: {},
    failed: { on: { 'session.retry': 'loading' } },
  },
});
