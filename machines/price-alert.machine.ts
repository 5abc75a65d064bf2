import { assertEvent, assign, setup } from 'xstate';
import { emailSchema, type Language } from '../src/contract/common.ts';
import type { PriceAlertRoute } from '../src/contract/price-alerts.ts';
import type { PriceCalendarRequest } from './price-calendar.machine.ts';
import { notProvided } from './not-provided.ts';

/**
 * "Track price" on a search (issue 21): the traveller opens the tracker, types an e-mail and sends it;
 * the server prices the route and mails a confirmation link (or says the address already tracks this
 * search, or that nothing is sold to track). A failed call is retried; the e-mail stays.
 */

/** What POST /api/price-alerts came to, as the app's createAlert actor reads the answer. */
export type PriceAlertAnswer =
  | { kind: 'confirmationSent' | 'alreadyTracking'; alert: PriceAlertRoute }
  | { kind: 'notSold' }
  /** 429: too many alerts asked from here or for the address; try again after `retryAfterSeconds` (the answer's Retry-After). */
  | { kind: 'rateLimited'; retryAfterSeconds: number | null };

export interface PriceAlertInput {
  /** The search's route, dates, passengers and cabin (the price calendar's request). */
  request: PriceCalendarRequest;
  language: Language;
}

export interface PriceAlertContext extends PriceAlertInput {
  email: string;
  /** The typed e-mail was sent and is not an address: the field says so. */
  emailInvalid: boolean;
  alert: PriceAlertRoute | null;
  failure: 'rateLimited' | 'unavailable' | null;
  /** A 429's wait in seconds, as the server said it. */
  retryAfterSeconds: number | null;
}

export type PriceAlertEvent =
  | { type: 'alert.open' }
  | { type: 'alert.close' }
  | { type: 'alert.type'; email: string }
  | { type: 'alert.submit' }
  | { type: 'alert.retry' };

export interface CreateAlertInput {
  request: PriceCalendarRequest;
  language: Language;
  email: string;
}

const answerOf = (event: unknown) => (event as { output: PriceAlertAnswer }).output;
export const isEmail = (email: string) => emailSchema.safeParse(email).success;

export const priceAlertMachine = setup({
  types: { context: {} as PriceAlertContext, events: {} as PriceAlertEvent, input: {} as PriceAlertInput },
  actors: { createAlert: notProvided<PriceAlertAnswer, CreateAlertInput>('createAlert') },
  actions: {
    takeEmail: assign(({ event }) => {
      assertEvent(event, 'alert.type');
      return { email: event.email, emailInvalid: false };
    }),
    markEmailInvalid: assign({ emailInvalid: true }),
    storeAlert: assign({
      alert: ({ event }) => {
        const answer = answerOf(event);
        return 'alert' in answer ? answer.alert : null;
      },
      failure: null,
    }),
    markRateLimited: assign({
      failure: 'rateLimited' as const,
      retryAfterSeconds: ({ event }) => {
        const answer = answerOf(event);
        return answer.kind === 'rateLimited' ? answer.retryAfterSeconds : null;
      },
    }),
    markUnavailable: assign({ failure: 'unavailable' as const }),
  },
  guards: {
    emailValid: ({ context }) => isEmail(context.email),
    confirmationSent: ({ event }) => answerOf(event).kind === 'confirmationSent',
    alreadyTracking: ({ event }) => answerOf(event).kind === 'alreadyTracking',
    notSold: ({ event }) => answerOf(event).kind === 'notSold',
  },
}).createMachine({
  id: 'priceAlert',
  context: ({ input }) => ({ ...input, email: '', emailInvalid: false, alert: null, failure: null, retryAfterSeconds: null }),
  initial: 'idle',
  states: {
    /** The "Track price" button alone. */
    idle: { on: { 'alert.open': 'editing' } },
    /** The dialog with the e-mail field. */
    editing: {
      on: {
        'alert.type': { actions: 'takeEmail' },
        'alert.submit': [{ guard: 'emailValid', target: 'submitting' }, { actions: 'markEmailInvalid' }],
        'alert.close': 'idle',
      },
    },
    submitting: {
      invoke: {
        id: 'createAlert',
        src: 'createAlert',
        input: ({ context }) => ({ request: context.request, language: context.language, email: context.email.trim() }),
        onDone: [
          { guard: 'confirmationSent', target: 'awaitingConfirmation', actions: 'storeAlert' },
          { guard: 'alreadyTracking', target: 'alreadyTracking', actions: 'storeAlert' },
          { guard: 'notSold', target: 'notSold' },
          { target: 'failed', actions: 'markRateLimited' },
        ],
        onError: { target: 'failed', actions: 'markUnavailable' },
      },
    },
    /** The confirmation mail is on its way: the alert starts once its link is opened. */
    awaitingConfirmation: { on: { 'alert.close': 'idle' } },
    /** This address already follows this search: nothing new was made or mailed. */
    alreadyTracking: { on: { 'alert.close': 'idle' } },
    /** Nothing is sold on the route and dates: no price to follow. */
    notSold: { on: { 'alert.close': 'idle' } },
    failed: {
      on: {
        'alert.retry': 'submitting',
        'alert.type': { target: 'editing', actions: 'takeEmail' },
        'alert.close': 'idle',
      },
    },
  },
});
