import { assign, setup } from 'xstate';
import type { CreditLimit } from '../src/contract/postsale.ts';
import { notProvided } from './not-provided.ts';

export interface CreditLineInput {
  /** The agency's account: the terminal id of its engine. */
  accountId: string;
}

export interface CreditLineContext extends CreditLineInput {
  credit: CreditLimit | null;
}

export type CreditLineEvent = { type: 'credit.retry' };

/** What asking for a credit line answered: the line, or that the agency has none. */
export type CreditLineAnswer = { kind: 'found'; credit: CreditLimit } | { kind: 'none' };

/**
 * The agency's credit line page (the navbar's 'Mi línea de crédito', spec 3 §3 "Credit limit"): its
 * available credit and debts in US$; an agency without a line says so; a failed call can be retried.
 */
export const creditLineMachine = setup({
  types: { context: {} as CreditLineContext, events: {} as CreditLineEvent, input: {} as CreditLineInput },
  actors: {
    /** GET /api/engines/creditLimit/{accountId} */
    loadCredit: notProvided<CreditLineAnswer, string>('loadCredit'),
  },
  actions: {
    storeCredit: assign({
      credit: ({ event }) => {
        const answer = (event as unknown as { output: CreditLineAnswer }).output;
        return answer.kind === 'found' ? answer.credit : null;
      },
    }),
  },
  guards: {
    found: ({ event }) => (event as unknown as { output: CreditLineAnswer }).output.kind === 'found',
  },
}).createMachine({
  id: 'creditLine',
  context: ({ input }) => ({ ...input, credit: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCredit',
        src: 'loadCredit',
        input: ({ context }) => context.accountId,
        onDone: [{ guard: 'found', target: 'shown', actions: 'storeCredit' }, { target: 'none', actions: 'storeCredit' }],
        onError: 'failed',
      },
    },
    shown: {},
    /** The agency has no credit line. */
    none: {},
    failed: { on: { 'credit.retry': 'loading' } },
  },
});
