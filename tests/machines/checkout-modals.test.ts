import { describe, expect, it } from 'vitest';
import { ancillaryBaggageOptions } from '../../src/contract/fixtures/checkout.ts';
import { optionsFor, selectedExtrasOf } from '../../machines/extra-baggage.machine.ts';
import { extraBaggageInput, planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('fare rules machine', () => {
  const { machine: tested, ...plan } = planOf('fareRules');

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
  const input = extraBaggageInput;
  const { machine: tested, ...plan } = planOf('extraBaggage');

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
