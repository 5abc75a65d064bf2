import { assign, setup } from 'xstate';
import { PROVIDER_PAGE_ALLOW_LIST } from '../src/contract/checkout.ts';
import type { Language } from '../src/contract/common.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { loadingSessionState, retryAfterOfLookup, sessionLookupGuards, sessionOf, type SessionLookup, type SessionLookupContext } from './session-lookup.ts';

/** Where the traveller pays: the provider's payment-processing page and the order it is told to charge. */
export interface ProviderPaymentPage {
  url: string;
  paymentOrderNumber: string;
  /** The order's token for the provider's page, posted with the order number. */
  token: string;
}

/**
 * The provider page of a session's booking: a whole booking paid with a provider that pays on its own
 * page (PayMe 119, spec 3 §4; the redirect providers SafetyPay 105 and 106 and Cuotéalo BCP's 124, spec 3
 * §9), whose order has a page to post to. Other providers are paid as the confirmation page shows. The
 * page must be on the provider's allow-list: a stored address that is not is never posted to.
 */
export function providerPaymentPageOf(session: Pick<Session, 'booking'> | null): ProviderPaymentPage | null {
  const booking = completeBookingOf(session);
  const { providerCode, url, orderNumber, pageToken } = booking?.paymentDetails ?? {};
  if (providerCode === undefined || !url || !pageToken) return null;
  if (!PROVIDER_PAGE_ALLOW_LIST[providerCode]?.includes(url)) return null;
  return { url, paymentOrderNumber: orderNumber!, token: pageToken };
}

/** What the hidden form carries to the provider's page. */
export type ProviderPaymentPost = ProviderPaymentPage & { language: Language };

export interface PaymentProcessInput {
  sessionID: string;
  /** The language the provider's page opens in: the one the traveller booked in. */
  language: Language;
}

export interface PaymentProcessContext extends PaymentProcessInput, SessionLookupContext {
  session: Session | null;
  paymentPage: ProviderPaymentPage | null;
}

export type PaymentProcessEvent = { type: 'session.retry' } | { type: 'payment.post' };

/**
 * The payment waiting page (spec 3 §2 /payment/process/:id, reached after booking with provider 119, and
 * from the confirmation's payment tab for the redirect providers 105, 106 and 124):
 * loads the session, then posts a hidden form carrying paymentOrderNumber to the provider's page. A
 * session without a whole booking shows the booking error, a booking without a provider page leads to
 * its confirmation, unknown and expired sessions say so, and a failed load can be retried. The post is
 * sent again on request, for a browser that held the first one back.
 */
export const paymentProcessMachine = setup({
  types: {
    context: {} as PaymentProcessContext,
    events: {} as PaymentProcessEvent,
    input: {} as PaymentProcessInput,
  },
  actors: {
    /** GET /api/sessions?id= */
    loadSession: notProvided<SessionLookup, { sessionID: string }>('loadSession'),
    /** Submits the hidden form to the provider's page; the browser then leaves the app. */
    postToProvider: notProvided<void, ProviderPaymentPost>('postToProvider'),
  },
  actions: {
    rememberRetryAfter: assign({ retryAfterSeconds: ({ event }) => retryAfterOfLookup(event) }),
    storeSession: assign(({ event }) => {
      const session = sessionOf(event);
      return { session, paymentPage: providerPaymentPageOf(session) };
    }),
  },
  guards: {
    ...sessionLookupGuards,
    paysOnProviderPage: ({ event }) => providerPaymentPageOf(sessionOf(event)) !== null,
  },
}).createMachine({
  id: 'paymentProcess',
  context: ({ input }) => ({ ...input, session: null, paymentPage: null, retryAfterSeconds: null }),
  initial: 'loading',
  states: {
    loading: loadingSessionState([
      { guard: 'paysOnProviderPage', target: 'redirecting', actions: 'storeSession' },
      { guard: 'bookingComplete', target: 'noPaymentPage', actions: 'storeSession' },
      { guard: 'sessionFound', target: 'incomplete', actions: 'storeSession' },
    ]),
    redirecting: {
      invoke: {
        id: 'postToProvider',
        src: 'postToProvider',
        input: ({ context }) => ({ ...(context.paymentPage as ProviderPaymentPage), language: context.language }),
        onError: 'postFailed',
      },
      on: { 'payment.post': { target: 'redirecting', reenter: true } },
    },
    /** The browser refused the automatic post: the view offers the same post as a button. */
    postFailed: { on: { 'payment.post': 'redirecting' } },
    /** The booking is whole but its order is not paid on a provider page: the confirmation shows how to pay. */
    noPaymentPage: {},
    /** The session has no whole booking: 'UPS! Ocurrio un error durante la reserva ...'. */
    incomplete: {},
    notFound: {},
    otherBrowser: {},
    rateLimited: { on: { 'session.retry': 'loading' } },
    expired: {},
    failed: { on: { 'session.retry': 'loading' } },
  },
});
