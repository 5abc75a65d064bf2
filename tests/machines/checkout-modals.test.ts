import { describe, expect, it } from 'vitest';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { ancillaryBaggageOptions, fareRules } from '../../src/contract/fixtures/checkout.ts';
import { extraBaggageMachine, optionsFor, selectedExtrasOf, type ExtraBaggageEvent } from '../../machines/extra-baggage.machine.ts';
import { fareRulesMachine, type FareRulesEvent } from '../../machines/fare-rules.machine.ts';
import { expectFullCoverage, planMachinePaths, replayPath } from './support/path-plan.ts';

const pending = <TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

describe('fare rules machine', () => {
  const events: FareRulesEvent[] | object[] = [
    { type: 'rules.open' },
    { type: 'rules.close' },
    { type: 'rules.retry' },
    { type: 'xstate.done.actor.loadFareRules', output: fareRules },
    { type: 'xstate.error.actor.loadFareRules', error: new Error('down') },
  ];
  const tested = fareRulesMachine.provide({ actors: { loadFareRules: pending() } });
  const plan = planMachinePaths(tested, {
    events: () => events as never,
    contextKey: ({ context }) => `${context.rules !== null}|${context.errorMessage}`,
  });

  it('reaches every state and takes every transition', () => expectFullCoverage('fareRules', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(tested, path)) {
      // Rules on screen only once loaded; a failure always says why.
      expect(!snapshot.matches('showing') || snapshot.context.rules !== null).toBe(true);
      expect(!snapshot.matches('failed') || snapshot.context.errorMessage === 'down').toBe(true);
    }
  });
});

describe('extra baggage machine', () => {
  const input = { legs: [{ origin: 'LIM', destination: 'CUZ' }, { origin: 'CUZ', destination: 'LIM' }], passengerTypes: ['ADT', 'CHD', 'INF'] as const };
  const events: ExtraBaggageEvent[] | object[] = [
    { type: 'extras.open' },
    { type: 'xstate.done.actor.loadAncillaries', output: ancillaryBaggageOptions },
    { type: 'xstate.error.actor.loadAncillaries', error: new Error('down') },
    { type: 'extras.pick', passengerIndex: 0, legIndex: 0, optionId: 'OPT-LIMCUZ-0C3' },
    { type: 'extras.pick', passengerIndex: 0, legIndex: 0, optionId: null },
    // Not sold on this leg, and an infant: both refused.
    { type: 'extras.pick', passengerIndex: 0, legIndex: 1, optionId: 'OPT-LIMCUZ-0C3' },
    { type: 'extras.pick', passengerIndex: 2, legIndex: 0, optionId: 'OPT-LIMCUZ-0C3' },
    { type: 'extras.accept' },
    { type: 'extras.cancel' },
  ];
  const tested = extraBaggageMachine.provide({ actors: { loadAncillaries: pending() } });
  const plan = planMachinePaths(tested, {
    inputs: [{ ...input, passengerTypes: [...input.passengerTypes] }],
    events: () => events as never,
    contextKey: ({ context }) => `${context.options.length}|${JSON.stringify(context.choices)}|${JSON.stringify(context.confirmed)}`,
  });

  it('reaches every state and takes every transition', () => expectFullCoverage('extraBaggage', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(tested, path)) {
      // Extras show only once confirmed; a closed modal keeps nothing unconfirmed.
      expect(snapshot.matches('confirmed')).toBe(Object.keys(snapshot.context.confirmed).length > 0 && !snapshot.matches('choosing') && !snapshot.matches('loading'));
      const modalClosed = snapshot.matches('closed') || snapshot.matches('confirmed');
      expect(modalClosed && JSON.stringify(snapshot.context.choices) !== JSON.stringify(snapshot.context.confirmed)).toBe(false);
      expect(snapshot.context.choices['2:0']).toBeUndefined();
    }
  });

  it('offers children the adult bags of the leg and infants none, and builds the book form extras', () => {
    const leg = input.legs[0]!;
    expect(optionsFor(ancillaryBaggageOptions, leg, 'CHD').map((option) => option.id)).toEqual(['OPT-LIMCUZ-0C1', 'OPT-LIMCUZ-0C3']);
    expect(optionsFor(ancillaryBaggageOptions, leg, 'INF')).toEqual([]);
    const extras = selectedExtrasOf({ ...input, passengerTypes: [...input.passengerTypes], options: ancillaryBaggageOptions }, { '0:0': 'OPT-LIMCUZ-0C3', '0:1': 'OPT-CUZLIM-0C3' });
    expect(extras.baggage.passengers[0]!.options.map((choice) => [choice.option.id, choice.currentIndex])).toEqual([
      ['OPT-LIMCUZ-0C3', 0],
      ['OPT-CUZLIM-0C3', 1],
    ]);
    expect(extras.baggage.passengers[1]!.options).toEqual([]);
  });
});
