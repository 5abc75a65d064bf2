import { assign, setup } from 'xstate';
import type { Session } from '../src/contract/session.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid, seatBookingOutcomeOf, type SeatBookingOutcome } from './order-result.rules.ts';
import { loadingSessionState, retryAfterOfLookup, sessionLookupGuards, sessionOf, type SessionLookup, type SessionLookupContext } from './session-lookup.ts';

/** How the traveller paid on the provider's side: the pages word a payment that reached the booking by it. */
export type PaymentMethod = 'card' | 'payMe' | 'instalments';

/**
 * What the page's address claims happened: a payment (approved, or declined with the provider's reason
 * when it gives one), or a seat booking with this outcome.
 */
export type OrderResultClaim =
  | { kind: 'payment'; method: PaymentMethod; declined?: { reasonCode?: string | undefined } }
  | { kind: 'seatBooking'; outcome: SeatBookingOutcome };

export interface OrderResultInput {
  sessionID: string;
  claim: OrderResultClaim;
}

export interface OrderResultContext extends OrderResultInput, SessionLookupContext {
  session: Session | null;
}

export type OrderResultEvent = { type: 'session.retry' };

type LookupGuardArgs = { context: OrderResultContext; event: unknown };

/**
 * A result page after booking (card, PayMe or instalment payment success or decline, seat booking success / warning /
 * error): loads the session like the confirmation page and shows only what the server wrote. A paid booking
 * is 'paid' (whatever the address claims), a booked but unpaid one 'paymentDeclined' on a decline's page and
 * 'paymentPending' on a success's; a stored seat-booking answer with the claimed
 * outcome is shown as such. Anything else (no session, no booking, no answer, another outcome) is
 * 'notFound', so an address alone never shows a success.
 */
export const orderResultMachine = setup({
  types: {
    context: {} as OrderResultContext,
    events: {} as OrderResultEvent,
    input: {} as OrderResultInput,
  },
  actors: {
    /** GET /api/sessions?id= */
    loadSession: notProvided<SessionLookup, { sessionID: string }>('loadSession'),
  },
  actions: {
    rememberRetryAfter: assign({ retryAfterSeconds: ({ event }) => retryAfterOfLookup(event) }),
    storeSession: assign({ session: ({ event }) => sessionOf(event) }),
  },
  guards: {
    ...sessionLookupGuards,
    paymentPaid: ({ context, event }: LookupGuardArgs) => context.claim.kind === 'payment' && bookingPaid(sessionOf(event)),
    paymentBooked: ({ context, event }: LookupGuardArgs) => context.claim.kind === 'payment' && sessionLookupGuards.bookingComplete({ event }),
    declinedPaymentBooked: ({ context, event }: LookupGuardArgs) =>
      context.claim.kind === 'payment' && context.claim.declined !== undefined && sessionLookupGuards.bookingComplete({ event }),
    seatOutcomeStored: ({ context, event }: LookupGuardArgs) =>
      context.claim.kind === 'seatBooking' && context.claim.outcome === seatBookingOutcomeOf(sessionOf(event)),
  },
}).createMachine({
  id: 'orderResult',
  context: ({ input }) => ({ ...input, session: null, retryAfterSeconds: null }),
  initial: 'loading',
  states: {
    loading: loadingSessionState([
      { guard: 'paymentPaid', target: 'paid', actions: 'storeSession' },
      { guard: 'declinedPaymentBooked', target: 'paymentDeclined', actions: 'storeSession' },
      { guard: 'paymentBooked', target: 'paymentPending', actions: 'storeSession' },
      { guard: 'seatOutcomeStored', target: 'seatOutcome', actions: 'storeSession' },
    ]),
    /** The payment reached the booking: 'Your payment was successful'. */
    paid: {},
    /** Booked, but no paid status yet: a neutral 'not received yet' with the booking's link. */
    paymentPending: {},
    /** The provider declined, and the booking is there and unpaid: the decline, a retry and the booking's link. */
    paymentDeclined: {},
    /** The stored seat-booking answer has the outcome the page stands for: its text and reason. */
    seatOutcome: {},
    notFound: {},
    otherBrowser: {},
    rateLimited: { on: { 'session.retry': 'loading' } },
    expired: {},
    failed: { on: { 'session.retry': 'loading' } },
  },
});
