/** The payment waiting page's side effects: read the session, post the order to the provider's page. */
import { fromPromise } from 'xstate';
import type { SessionLookup } from '../../../../machines/session-lookup.ts';
import { paymentProcessMachine, type ProviderPaymentPost } from '../../../../machines/payment-process.machine.ts';
import { lookUpSession } from '../confirmation/confirmation-api.ts';

/** The name of the hidden field the provider's page reads (spec 3 §7 "external form posts"). */
const PAYMENT_ORDER_FIELD = 'paymentOrderNumber';

/**
 * Posts paymentOrderNumber to the provider's page the way a plain HTML form does, so the provider gets
 * a top-level navigation (its page sets its own cookies and security headers). Never settles: the
 * browser leaves the app.
 */
export function postPaymentForm(post: ProviderPaymentPost): Promise<void> {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = post.url;
  form.hidden = true;
  for (const [name, value] of [
    [PAYMENT_ORDER_FIELD, post.paymentOrderNumber],
    ['token', post.token],
    ['lang', post.language],
  ] as const) {
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = name;
    field.value = value;
    form.append(field);
  }
  document.body.append(form);
  form.submit();
  return new Promise<void>(() => {});
}

/** The waiting page's machine with the browser's API and form post. */
export const paymentProcessLogic = paymentProcessMachine.provide({
  actors: {
    loadSession: fromPromise<SessionLookup, { sessionID: string }>(({ input, signal }) => lookUpSession(input.sessionID, signal)),
    postToProvider: fromPromise<void, ProviderPaymentPost>(({ input }) => postPaymentForm(input)),
  },
});
