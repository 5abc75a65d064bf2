/**
 * The card provider flow of spec 3 (§2 'Realizar pago', §4 card payment flow, §8 errors): a pending card
 * order (Interbank 104, Scotiabank 123) asks for a card checkout, the card form is filled, its number
 * checked against the card typed at checkout (last four), the card goes to the provider's hosted fields
 * (a transaction token back, or first a challenge to confirm with the bank), the server authorises it, and
 * the page shows success, the denial, the connection error (status '3') or the checkout's 20-minute expiry.
 */
import cardValidator from 'card-validator';
import { assign, setup } from 'xstate';
import { cardLast4, type PaidCard } from '../src/contract/checkout.ts';
import type { Language } from '../src/contract/common.ts';
import {
  cardTypeOf,
  isNiubizCardProvider,
  NIUBIZ_CHECKOUT_MINUTES,
  type NiubizAuthorization,
  type NiubizAuthorizationRequest,
  type NiubizSession,
  type NiubizTokenized,
  type NiubizTokenizeRequest,
  type NiubizTokenRequest,
} from '../src/contract/niubiz.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { rateLimitOf } from './rate-limit.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid } from './order-result.rules.ts';

/** What the card checkout of a booking needs: its order and page token, and what the checkout kept. */
export interface CardCheckoutAccess {
  orderNumber: string;
  token: string;
  providerCode: number;
  amount: number;
  /** The contact's e-mail and lead's document when the session shows them (not masked). */
  email: string | null;
  documentId: string | null;
  /** The last four of the card typed at checkout (the server's copy); null when the session has none. */
  checkoutLast4: string | null;
}

const shown = (value: string | undefined) => (value && !value.includes('*') ? value : null);

/** The card checkout of a whole, unpaid card booking (104, 123) whose answer carries the order's token; null otherwise. */
export function cardCheckoutAccessOf(session: Pick<Session, 'booking' | 'paymentWasProcessed' | 'bookForm'> | null): CardCheckoutAccess | null {
  const booking = completeBookingOf(session);
  const details = booking?.paymentDetails;
  if (!details || !isNiubizCardProvider(details.providerCode) || !details.pageToken || bookingPaid(session)) return null;
  const email = shown(session?.bookForm?.contact?.email);
  return {
    orderNumber: details.orderNumber,
    token: details.pageToken,
    providerCode: details.providerCode,
    amount: details.totalAmount,
    email: email && email.includes('@') ? email : null,
    documentId: shown(session?.bookForm?.passengers[0]?.documentNumber),
    checkoutLast4: session?.bookForm?.paymentCreditCard?.last4 ?? null,
  };
}

export type CardCheckoutInput = CardCheckoutAccess & { language: Language };

/** The card form as typed (nombre, apellido, email, card, expiry MM/YY, CVV; installments for credit cards). */
export interface CardCheckoutForm {
  name: string;
  lastName: string;
  email: string;
  cardNumber: string;
  expirationDate: string;
  securityCode: string;
  /** 0 is 'Sin cuotas'. */
  installments: number;
}

export type CardFormField = 'name' | 'lastName' | 'email' | 'cardNumber' | 'expirationDate' | 'securityCode';
export type CardFormIssue = 'required' | 'invalid';

/** The fields Niubiz's own form (checkout.js) asks for itself: not typed on our page when it opens. */
export const HOSTED_CARD_FIELDS = ['cardNumber', 'expirationDate', 'securityCode'] as const satisfies readonly CardFormField[];

/** Whether the session's card form is Niubiz's hosted checkout.js rather than the sandbox's card fields. */
export const opensHostedForm = (session: NiubizSession | null) => session?.form.kind === 'niubiz';

/**
 * Each field's problem (spec 3 §5 card form rules), none when the form can be sent; with Niubiz's hosted
 * form only the payer's fields (the card is typed there).
 */
export function cardCheckoutFormIssues(form: CardCheckoutForm, today: Date = new Date(), hosted = false): Partial<Record<CardFormField, CardFormIssue>> {
  const issues: Partial<Record<CardFormField, CardFormIssue>> = {};
  for (const field of ['name', 'lastName', 'email', 'cardNumber', 'expirationDate', 'securityCode'] as const) if (!form[field].trim()) issues[field] = 'required';
  if (!issues.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) issues.email = 'invalid';
  const number = cardValidator.number(form.cardNumber.replace(/\D/g, ''));
  if (!issues.cardNumber && !number.isValid) issues.cardNumber = 'invalid';
  const [month, year] = form.expirationDate.split('/');
  const expiry = cardValidator.expirationDate({ month: month ?? '', year: year ?? '' }, today.getUTCFullYear());
  if (!issues.expirationDate && (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(form.expirationDate) || !expiry.isValid)) issues.expirationDate = 'invalid';
  if (!issues.securityCode && !cardValidator.cvv(form.securityCode, number.card?.code.size ?? [3, 4]).isValid) issues.securityCode = 'invalid';
  if (hosted) for (const field of HOSTED_CARD_FIELDS) delete issues[field];
  return issues;
}

/** Whether the typed number is a credit card: only then are installments offered. */
export const isCreditCard = (cardNumber: string) => cardValidator.number(cardNumber.replace(/\D/g, '')).isValid && cardTypeOf(cardNumber) === 'C';

/** Why the form is shown again. */
export type CardCheckoutProblem = 'formIncomplete' | 'cardMismatch' | 'cardInvalid' | 'challengeCancelled' | 'hostedFormClosed' | 'rateLimited';

export interface CardCheckoutContext extends CardCheckoutInput {
  session: NiubizSession | null;
  problem: CardCheckoutProblem | null;
  /** With `rateLimited`: Retry-After's seconds (issue 36), null when the answer gave none. */
  retryAfterSeconds: number | null;
  payer: Pick<CardCheckoutForm, 'name' | 'lastName' | 'email' | 'installments'> | null;
  card: Pick<NiubizTokenized, 'brand' | 'last4' | 'cardType'> | null;
  challengeId: string | null;
  transactionToken: string | null;
  authorization: NiubizAuthorization | null;
}

export type CardCheckoutEvent =
  | { type: 'payment.start' }
  | { type: 'card.submit'; form: CardCheckoutForm }
  | { type: 'challenge.confirm' }
  | { type: 'challenge.cancel' }
  | { type: 'payment.retry' };

/** The card of an approved payment, as the result page shows it. */
export const paidCardOf = (authorization: NiubizAuthorization | null): PaidCard | null =>
  authorization?.status === '1' && authorization.data?.cardBrand && authorization.data.cardMask
    ? { brand: authorization.data.cardBrand, last4: authorization.data.cardMask.slice(-4), authorizationCode: authorization.data.authorizationCode, transactionDate: authorization.data.transactionDate }
    : null;

/** The hosted fields refused the session (closed or expired, 409): the checkout's time is over. */
export const isSessionClosed = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;

/** What Niubiz's checkout.js is configured with (VisanetCheckout.configure). */
export interface HostedFormRequest {
  scriptUrl: string;
  merchantId: string;
  sessionKey: string;
  purchaseNumber: string;
  amount: number;
  /** The form's lifetime, the checkout's 20 minutes. */
  expirationMinutes: number;
  name: string;
  lastName: string;
  email: string;
}

const hostedFormRequestOf = (context: CardCheckoutContext): HostedFormRequest => {
  const form = context.session?.form;
  return {
    scriptUrl: form?.kind === 'niubiz' ? form.scriptUrl : '',
    merchantId: form?.kind === 'niubiz' ? form.merchantId : '',
    sessionKey: context.session?.sessionKey ?? '',
    purchaseNumber: context.session?.purchaseNumber ?? '',
    amount: context.session?.amount ?? context.amount,
    expirationMinutes: NIUBIZ_CHECKOUT_MINUTES,
    name: context.payer?.name ?? '',
    lastName: context.payer?.lastName ?? '',
    email: context.payer?.email ?? '',
  };
};

export const cardCheckoutMachine = setup({
  types: {
    context: {} as CardCheckoutContext,
    events: {} as CardCheckoutEvent,
    input: {} as CardCheckoutInput,
  },
  actors: {
    /** POST engines/niubiz/token */
    requestToken: notProvided<NiubizSession, NiubizTokenRequest>('requestToken'),
    /** The provider's hosted fields: the only call that carries the card. */
    tokenize: notProvided<NiubizTokenized, NiubizTokenizeRequest>('tokenize'),
    /** The provider's challenge step, confirmed by the payer. */
    confirmChallenge: notProvided<{ transactionToken: string }, { challengeId: string }>('confirmChallenge'),
    /** Niubiz's checkout.js form (VisanetCheckout): the payer types the card there; it answers the transaction token. */
    openHostedForm: notProvided<{ transactionToken: string }, HostedFormRequest>('openHostedForm'),
    /** POST engines/niubiz/pay/authorization */
    authorize: notProvided<NiubizAuthorization, NiubizAuthorizationRequest>('authorize'),
    /** POST engines/niubiz/notify, on status '1' */
    notify: notProvided<unknown, { purchaseNumber: string }>('notify'),
  },
  delays: {
    /** Until the session's own expiry (20 minutes after the token, or the order's deadline if sooner). */
    checkoutExpiry: ({ context }) => Math.max(0, (context.session?.expirationTime ?? 0) - Date.now()),
  },
  guards: {
    formIncomplete: ({ context, event }) => event.type === 'card.submit' && Object.keys(cardCheckoutFormIssues(event.form, new Date(), opensHostedForm(context.session))).length > 0,
    cardMismatch: ({ context, event }) => event.type === 'card.submit' && !opensHostedForm(context.session) && context.checkoutLast4 !== null && cardLast4(event.form.cardNumber) !== context.checkoutLast4,
    hostedForm: ({ context }) => opensHostedForm(context.session),
  },
}).createMachine({
  id: 'cardCheckout',
  context: ({ input }) => ({ ...input, session: null, problem: null, retryAfterSeconds: null, payer: null, card: null, challengeId: null, transactionToken: null, authorization: null }),
  initial: 'idle',
  states: {
    /** 'Realizar pago'. */
    idle: { on: { 'payment.start': 'requestingToken' } },
    /** A loader until the token arrives. */
    requestingToken: {
      entry: assign({ session: null, problem: null, card: null, challengeId: null, transactionToken: null, authorization: null }),
      invoke: {
        id: 'requestToken',
        src: 'requestToken',
        input: ({ context }) => ({
          purchaseNumber: context.orderNumber,
          token: context.token,
          paymentProviderCode: context.providerCode,
          amount: context.amount,
          language: context.language,
          ...(context.email ? { email: context.email } : {}),
          ...(context.documentId ? { documentId: context.documentId } : {}),
        }),
        onDone: { target: 'checkout', actions: assign({ session: ({ event }) => event.output }) },
        onError: 'tokenFailed',
      },
    },
    /** The checkout could not be opened: 'Realizar pago' again. */
    tokenFailed: { on: { 'payment.start': 'requestingToken' } },
    /** The open checkout: it expires 20 minutes after the token, wherever the payer is in it. */
    checkout: {
      after: { checkoutExpiry: '#cardCheckout.expired' },
      initial: 'form',
      states: {
        form: {
          on: {
            'card.submit': [
              { guard: 'formIncomplete', target: 'form', reenter: true, actions: assign({ problem: 'formIncomplete' }) },
              { guard: 'cardMismatch', target: 'form', reenter: true, actions: assign({ problem: 'cardMismatch' }) },
              {
                // Niubiz's own form takes the card (and its installments): our page sends only the payer.
                guard: 'hostedForm',
                target: 'hostedForm',
                actions: assign({ problem: null, payer: ({ event }) => ({ name: event.form.name.trim(), lastName: event.form.lastName.trim(), email: event.form.email.trim(), installments: 0 }) }),
              },
              {
                target: 'tokenizing',
                actions: assign({
                  problem: null,
                  payer: ({ event }) => ({ name: event.form.name.trim(), lastName: event.form.lastName.trim(), email: event.form.email.trim(), installments: isCreditCard(event.form.cardNumber) ? event.form.installments : 0 }),
                }),
              },
            ],
          },
        },
        tokenizing: {
          invoke: {
            id: 'tokenize',
            src: 'tokenize',
            // The card goes from the submit straight to the hosted fields: the context never holds it.
            input: ({ context, event }) => {
              const form = (event as Extract<CardCheckoutEvent, { type: 'card.submit' }>).form;
              return { sessionKey: context.session?.sessionKey ?? '', cardNumber: form?.cardNumber ?? '', expirationDate: form?.expirationDate ?? '', securityCode: form?.securityCode ?? '' };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.challengeId !== null,
                target: 'challenge',
                actions: assign({ card: ({ event }) => ({ brand: event.output.brand, last4: event.output.last4, cardType: event.output.cardType }), challengeId: ({ event }) => event.output.challengeId }),
              },
              {
                target: '#cardCheckout.processing',
                actions: assign({ card: ({ event }) => ({ brand: event.output.brand, last4: event.output.last4, cardType: event.output.cardType }), transactionToken: ({ event }) => event.output.transactionToken }),
              },
            ],
            onError: [
              { guard: ({ event }) => isSessionClosed(event.error), target: '#cardCheckout.expired' },
              // Too many cards tried from this address (issue 36): say so and when, not that this card is wrong.
              {
                guard: ({ event }) => rateLimitOf(event.error) !== null,
                target: 'form',
                actions: assign({ problem: 'rateLimited', retryAfterSeconds: ({ event }) => rateLimitOf(event.error)?.retryAfterSeconds ?? null }),
              },
              { target: 'form', actions: assign({ problem: 'cardInvalid' }) },
            ],
          },
        },
        /** Niubiz's checkout.js form is open over the page; closing it brings the payer back to ours. */
        hostedForm: {
          invoke: {
            id: 'openHostedForm',
            src: 'openHostedForm',
            input: ({ context }) => hostedFormRequestOf(context),
            onDone: { target: '#cardCheckout.processing', actions: assign({ transactionToken: ({ event }) => event.output.transactionToken }) },
            onError: [
              { guard: ({ event }) => isSessionClosed(event.error), target: '#cardCheckout.expired' },
              { target: 'form', actions: assign({ problem: 'hostedFormClosed' }) },
            ],
          },
        },
        /** The 3-D-Secure-like step: the bank asks the payer to confirm. */
        challenge: {
          on: {
            'challenge.confirm': 'confirmingChallenge',
            'challenge.cancel': { target: 'form', actions: assign({ problem: 'challengeCancelled', challengeId: null }) },
          },
        },
        confirmingChallenge: {
          invoke: {
            id: 'confirmChallenge',
            src: 'confirmChallenge',
            input: ({ context }) => ({ challengeId: context.challengeId ?? '' }),
            onDone: { target: '#cardCheckout.processing', actions: assign({ transactionToken: ({ event }) => event.output.transactionToken, challengeId: null }) },
            onError: { target: 'form', actions: assign({ problem: 'cardInvalid', challengeId: null }) },
          },
        },
      },
    },
    /** The processing screen while the server authorises. */
    processing: {
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({
          transactionToken: context.transactionToken ?? '',
          amount: context.session?.amount ?? context.amount,
          purchase: context.session?.purchaseNumber ?? '',
          name: context.payer?.name ?? '',
          lastName: context.payer?.lastName ?? '',
          email: context.payer?.email ?? '',
          paymentProviderCode: context.providerCode,
          installments: context.payer?.installments ?? 0,
        }),
        onDone: [
          { guard: ({ event }) => event.output.status === '1', target: 'notifying', actions: assign({ authorization: ({ event }) => event.output }) },
          { guard: ({ event }) => event.output.status === '3', target: 'connectionError', actions: assign({ authorization: ({ event }) => event.output }) },
          { target: 'rejected', actions: assign({ authorization: ({ event }) => event.output }) },
        ],
        onError: 'connectionError',
      },
    },
    /** Status '1': the notification call; the server recorded the payment already, so its answer does not change the result. */
    notifying: {
      invoke: { id: 'notify', src: 'notify', input: ({ context }) => ({ purchaseNumber: context.session?.purchaseNumber ?? '' }), onDone: 'success', onError: 'success' },
    },
    success: {},
    /** Denied: the provider's description and a new try (a new checkout). */
    rejected: { on: { 'payment.retry': 'requestingToken' } },
    /** Status '3': 'No se pudo establecer conexión con Niubiz'. */
    connectionError: { on: { 'payment.retry': 'requestingToken' } },
    /** Twenty minutes passed: a new checkout. */
    expired: { on: { 'payment.retry': 'requestingToken' } },
  },
});
