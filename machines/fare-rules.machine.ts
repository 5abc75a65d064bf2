import { assign, setup } from 'xstate';
import type { FareRule } from '../src/contract/checkout.ts';
import { notProvided } from './not-provided.ts';

export interface FareRulesContext {
  rules: FareRule[] | null;
  errorMessage: string | null;
}

export type FareRulesEvent = { type: 'rules.open' } | { type: 'rules.close' } | { type: 'rules.retry' };

/**
 * The fare rules modal (spec 2 §2, §4): a loading placeholder until the rules arrive, then one tab per
 * route. Rules are asked for once; opening again shows them at once.
 */
export const fareRulesMachine = setup({
  types: { context: {} as FareRulesContext, events: {} as FareRulesEvent },
  actors: {
    /** POST /api/flights/fare_rules?terminalId= */
    loadFareRules: notProvided<FareRule[], void>('loadFareRules'),
  },
  actions: {
    storeRules: assign({ rules: ({ event }) => (event as unknown as { output: FareRule[] }).output, errorMessage: null }),
    storeError: assign({ errorMessage: ({ event }) => (event as unknown as { error: unknown }).error instanceof Error ? ((event as unknown as { error: Error }).error.message) : 'Error' }),
  },
  guards: {
    hasRules: ({ context }) => context.rules !== null,
  },
}).createMachine({
  id: 'fareRules',
  context: { rules: null, errorMessage: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'rules.open': [{ guard: 'hasRules', target: 'showing' }, { target: 'loading' }] },
    },
    loading: {
      invoke: { id: 'loadFareRules', src: 'loadFareRules', onDone: { target: 'showing', actions: 'storeRules' }, onError: { target: 'failed', actions: 'storeError' } },
      on: { 'rules.close': 'closed' },
    },
    showing: { on: { 'rules.close': 'closed' } },
    failed: { on: { 'rules.retry': 'loading', 'rules.close': 'closed' } },
  },
});
