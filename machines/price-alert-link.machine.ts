import { assign, setup } from 'xstate';
import type { PriceAlertLinkResponse } from '../src/contract/price-alerts.ts';
import { notProvided } from './not-provided.ts';

/**
 * The pages the price alert mails link to (issue 21): confirm the address, or stop the alert. The page
 * calls the API once with the link's token; the answer is the alert's route, or the link is not (or no
 * longer) valid; a failed call is retried.
 */
export type PriceAlertLinkAction = 'confirm' | 'unsubscribe';

export type PriceAlertLinkAnswer = { kind: 'done'; alert: PriceAlertLinkResponse['data'] } | { kind: 'invalid' };

export interface PriceAlertLinkContext {
  action: PriceAlertLinkAction;
  token: string;
  alert: PriceAlertLinkResponse['data'] | null;
}

export type PriceAlertLinkEvent = { type: 'link.retry' };

const answerOf = (event: unknown) => (event as { output: PriceAlertLinkAnswer }).output;

export const priceAlertLinkMachine = setup({
  types: { context: {} as PriceAlertLinkContext, events: {} as PriceAlertLinkEvent, input: {} as { action: PriceAlertLinkAction; token: string } },
  actors: { followLink: notProvided<PriceAlertLinkAnswer, { action: PriceAlertLinkAction; token: string }>('followLink') },
  actions: {
    storeAlert: assign({
      alert: ({ event }) => {
        const answer = answerOf(event);
        return answer.kind === 'done' ? answer.alert : null;
      },
    }),
  },
  guards: { isDone: ({ event }) => answerOf(event).kind === 'done' },
}).createMachine({
  id: 'priceAlertLink',
  context: ({ input }) => ({ ...input, alert: null }),
  initial: 'working',
  states: {
    working: {
      invoke: {
        id: 'followLink',
        src: 'followLink',
        input: ({ context }) => ({ action: context.action, token: context.token }),
        onDone: [
          { guard: 'isDone', target: 'done', actions: 'storeAlert' },
          { target: 'invalid' },
        ],
        onError: 'failed',
      },
    },
    /** Confirmed or unsubscribed: the alert's `state` says which (a confirm link of an unsubscribed alert tells so). */
    done: {},
    invalid: {},
    failed: { on: { 'link.retry': 'working' } },
  },
});
