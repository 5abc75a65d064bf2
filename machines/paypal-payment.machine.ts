/**
 * PayPal (provider 139) after booking (spec 3 §2 "Instalment and wallet screens"): the pending booking's
 * "Pay with PayPal" button, and the page the payer returns to from approving.
 */
import { assign, setup } from 'xstate';
import { PaymentProvider } from '../src/contract/checkout.ts';
import type { Language } from '../src/contract/common.ts';
import { PAYPAL_APPROVE_ORIGINS, PAYPAL_APPROVE_PATH_PREFIX, type WalletPaymentOutcome } from '../src/contract/paypal.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid } from './order-result.rules.ts';
import { loadingSessionState, retryAfterOfLookup, sessionLookupGuards, sessionOf, type SessionLookup, type SessionLookupContext } from './session-lookup.ts';

/** What the server needs to open a booking's PayPal payment: its order and the order's token. */
export interface PayPalOrderAccess {
  orderNumber: string;
  token: string;
}

/** The PayPal payment of a whole, unpaid PayPal booking whose answer carries the order's token; null otherwise. */
export function payPalAccessOf(session: Pick<Session, 'booking' | 'paymentWasProcessed'> | null): PayPalOrderAccess | null {
  const booking = completeBookingOf(session);
  const details = booking?.paymentDetails;
  if (!details || details.providerCode !== PaymentProvider.payPal || !details.pageToken || bookingPaid(session)) return null;
  return { orderNumber: details.orderNumber, token: details.pageToken };
}

/** Only an approval page's own address is followed (the sandbox's, or PayPal's): an answer naming anywhere else is a failure. */
export const isApprovalAddress = (url: string) => url.startsWith(PAYPAL_APPROVE_PATH_PREFIX) || PAYPAL_APPROVE_ORIGINS.some((origin) => url.startsWith(origin));

export type PayPalCheckoutInput = PayPalOrderAccess & { language: Language };

export type PayPalCheckoutEvent = { type: 'payment.start' };

/**
 * The "Pay with PayPal" button of a pending PayPal booking: pressed, the server makes (or finds) the
 * PayPal order, and the browser goes to its approval page. A failed call, or an approval address off the
 * allow-list, offers the button again.
 */
export const payPalCheckoutMachine = setup({
  types: {
    context: {} as PayPalCheckoutInput & { approveUrl: string | null },
    events: {} as PayPalCheckoutEvent,
    input: {} as PayPalCheckoutInput,
  },
  actors: {
    /** POST /api/payments/paypal/orders: the approval address. */
    createOrder: notProvided<{ approveUrl: string }, PayPalCheckoutInput>('createOrder'),
    /** Sends the browser to the approval page; never settles (the app is left). */
    goToApproval: notProvided<void, { url: string }>('goToApproval'),
  },
}).createMachine({
  id: 'payPalCheckout',
  context: ({ input }) => ({ ...input, approveUrl: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'payment.start': 'creating' } },
    creating: {
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ orderNumber: context.orderNumber, token: context.token, language: context.language }),
        onDone: [
          { guard: ({ event }) => isApprovalAddress(event.output.approveUrl), target: 'redirecting', actions: assign({ approveUrl: ({ event }) => event.output.approveUrl }) },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    redirecting: {
      invoke: { id: 'goToApproval', src: 'goToApproval', input: ({ context }) => ({ url: context.approveUrl ?? '' }), onError: 'failed' },
    },
    failed: { on: { 'payment.start': 'creating' } },
  },
});

export interface PayPalReturnInput {
  sessionID: string;
}

export interface PayPalReturnContext extends PayPalReturnInput, SessionLookupContext {
  session: Session | null;
}

export type PayPalReturnEvent = { type: 'session.retry' };

/**
 * The page PayPal returns the payer to: the session's PayPal order is captured by the server, then the
 * session is read again and the page says what the server stored (paid, or not received yet). A booking
 * already paid says so without a capture; anything else is not found.
 */
export const payPalReturnMachine = setup({
  types: {
    context: {} as PayPalReturnContext,
    events: {} as PayPalReturnEvent,
    input: {} as PayPalReturnInput,
  },
  actors: {
    /** GET /api/sessions?id= */
    loadSession: notProvided<SessionLookup, { sessionID: string }>('loadSession'),
    /** POST /api/payments/paypal/capture */
    capture: notProvided<WalletPaymentOutcome, PayPalOrderAccess>('capture'),
  },
  actions: {
    rememberRetryAfter: assign({ retryAfterSeconds: ({ event }) => retryAfterOfLookup(event) }),
    storeSession: assign({ session: ({ event }) => sessionOf(event) }),
  },
  guards: {
    ...sessionLookupGuards,
    paid: ({ event }) => bookingPaid(sessionOf(event)),
    awaitingPayPal: ({ event }) => payPalAccessOf(sessionOf(event)) !== null,
  },
}).createMachine({
  id: 'payPalReturn',
  context: ({ input }) => ({ ...input, session: null, retryAfterSeconds: null }),
  initial: 'loading',
  states: {
    loading: loadingSessionState([
      { guard: 'paid', target: 'paid', actions: 'storeSession' },
      { guard: 'awaitingPayPal', target: 'capturing', actions: 'storeSession' },
    ]),
    capturing: {
      invoke: {
        id: 'capture',
        src: 'capture',
        input: ({ context }) => payPalAccessOf(context.session) as PayPalOrderAccess,
        onDone: 'confirming',
        onError: 'failed',
      },
    },
    /** The page reads the payment from the server, whatever the capture answered. */
    confirming: loadingSessionState([
      { guard: 'paid', target: 'paid', actions: 'storeSession' },
      { guard: 'bookingComplete', target: 'paymentPending', actions: 'storeSession' },
    ]),
    /** 'Your payment was successful'. */
    paid: {},
    /** Not approved (or not captured yet): the booking's page shows its status and the button again. */
    paymentPending: {},
    notFound: {},
    otherBrowser: {},
    rateLimited: { on: { 'session.retry': 'loading' } },
    expired: {},
    failed: { on: { 'session.retry': 'loading' } },
  },
});
