/** The card checkout's side effects in the browser: our server's token, authorisation and notification, and the provider's hosted fields. */
import { fromPromise } from 'xstate';
import { cardCheckoutMachine, type HostedFormRequest } from '../../../../machines/card-checkout.machine.ts';
import {
  NIUBIZ_AUTHORIZATION_PATH,
  NIUBIZ_NOTIFY_PATH,
  NIUBIZ_SANDBOX_CHALLENGE_PATH,
  NIUBIZ_SANDBOX_TOKENIZE_PATH,
  NIUBIZ_TOKEN_PATH,
  niubizAuthorizationResponseSchema,
  niubizChallengeResponseSchema,
  niubizNotifyResponseSchema,
  niubizTokenizeResponseSchema,
  niubizTokenResponseSchema,
  type NiubizAuthorization,
  type NiubizAuthorizationRequest,
  type NiubizSession,
  type NiubizTokenized,
  type NiubizTokenizeRequest,
  type NiubizTokenRequest,
} from '../../../contract/niubiz.ts';
import { apiPost } from '../../lib/api.ts';

/** Niubiz's checkout.js API (VisanetCheckout.configure and open; lower-case option keys, as Niubiz names them). */
interface VisanetCheckout {
  configure(options: Record<string, unknown>): void;
  open(): void;
}

declare global {
  interface Window {
    VisanetCheckout?: VisanetCheckout;
  }
}

const loadedScripts = new Map<string, Promise<void>>();

/** Loads Niubiz's checkout.js once per address (a failed load is tried again next time). */
function loadScript(src: string): Promise<void> {
  const known = loadedScripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loadedScripts.delete(src);
      script.remove();
      reject(new Error('Niubiz checkout.js did not load'));
    });
    document.head.append(script);
  });
  loadedScripts.set(src, loading);
  return loading;
}

/**
 * Niubiz's hosted form: the payer types the card in it, and its `complete` callback gives the transaction
 * token (the card never reaches this page's code or our API). Closing it (`cancel`) rejects.
 */
export async function openNiubizCheckout(request: HostedFormRequest, signal?: AbortSignal): Promise<{ transactionToken: string }> {
  if (!window.VisanetCheckout) await loadScript(request.scriptUrl);
  const checkout = window.VisanetCheckout;
  if (!checkout) throw new Error('Niubiz checkout.js is not available');
  return new Promise((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new Error('The card checkout was left')));
    checkout.configure({
      sessiontoken: request.sessionKey,
      channel: 'web',
      merchantid: request.merchantId,
      purchasenumber: request.purchaseNumber,
      amount: request.amount.toFixed(2),
      expirationminutes: String(request.expirationMinutes),
      // On the form's own expiry Niubiz sends the payer here: back to this page, whose checkout has expired too.
      timeouturl: window.location.href,
      merchantname: 'Vuelos',
      cardholdername: request.name,
      cardholderlastname: request.lastName,
      cardholderemail: request.email,
      complete: (params: { transactionToken?: unknown }) => {
        if (typeof params?.transactionToken === 'string' && params.transactionToken) resolve({ transactionToken: params.transactionToken });
        else reject(new Error('Niubiz answered no transaction token'));
      },
      cancel: () => reject(new Error('The payer closed Niubiz’s form')),
    });
    checkout.open();
  });
}

export const cardCheckoutLogic = cardCheckoutMachine.provide({
  actors: {
    requestToken: fromPromise<NiubizSession, NiubizTokenRequest>(({ input, signal }) => apiPost(NIUBIZ_TOKEN_PATH, input, niubizTokenResponseSchema, signal).then((answer) => answer.data)),
    // The provider's hosted fields (the sandbox's): the card goes there and only a token, brand and last four come back.
    tokenize: fromPromise<NiubizTokenized, NiubizTokenizeRequest>(({ input, signal }) => apiPost(NIUBIZ_SANDBOX_TOKENIZE_PATH, input, niubizTokenizeResponseSchema, signal).then((answer) => answer.data)),
    confirmChallenge: fromPromise<{ transactionToken: string }, { challengeId: string }>(({ input, signal }) =>
      apiPost(NIUBIZ_SANDBOX_CHALLENGE_PATH, input, niubizChallengeResponseSchema, signal).then((answer) => answer.data),
    ),
    openHostedForm: fromPromise<{ transactionToken: string }, HostedFormRequest>(({ input, signal }) => openNiubizCheckout(input, signal)),
    authorize: fromPromise<NiubizAuthorization, NiubizAuthorizationRequest>(({ input, signal }) => apiPost(NIUBIZ_AUTHORIZATION_PATH, input, niubizAuthorizationResponseSchema, signal).then((answer) => answer.data)),
    notify: fromPromise<unknown, { purchaseNumber: string }>(({ input, signal }) => apiPost(NIUBIZ_NOTIFY_PATH, input, niubizNotifyResponseSchema, signal)),
  },
});
