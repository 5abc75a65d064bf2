/** PayPal's side effects in the browser: the server's order and capture calls, and the way to the approval page. */
import { fromPromise } from 'xstate';
import { payPalCheckoutMachine, payPalReturnMachine, type PayPalCheckoutInput, type PayPalOrderAccess } from '../../../../machines/paypal-payment.machine.ts';
import type { SessionLookup } from '../../../../machines/session-lookup.ts';
import { PAYPAL_CAPTURE_PATH, PAYPAL_ORDER_PATH, payPalCaptureResponseSchema, payPalOrderResponseSchema, type WalletPaymentOutcome } from '../../../contract/paypal.ts';
import { apiPost } from '../../lib/api.ts';
import { lookUpSession } from '../confirmation/confirmation-api.ts';

export const payPalCheckoutLogic = payPalCheckoutMachine.provide({
  actors: {
    createOrder: fromPromise<{ approveUrl: string }, PayPalCheckoutInput>(({ input, signal }) => apiPost(PAYPAL_ORDER_PATH, input, payPalOrderResponseSchema, signal).then((answer) => answer.data)),
    goToApproval: fromPromise<void, { url: string }>(({ input }) => {
      window.location.assign(input.url);
      return new Promise<void>(() => {});
    }),
  },
});

export const payPalReturnLogic = payPalReturnMachine.provide({
  actors: {
    loadSession: fromPromise<SessionLookup, { sessionID: string }>(({ input, signal }) => lookUpSession(input.sessionID, signal)),
    capture: fromPromise<WalletPaymentOutcome, PayPalOrderAccess>(({ input, signal }) => apiPost(PAYPAL_CAPTURE_PATH, input, payPalCaptureResponseSchema, signal).then((answer) => answer.data.payment)),
  },
});
