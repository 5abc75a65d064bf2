import { describe, expect, it } from 'vitest';
import { ancillaryBaggageOptions } from '../../src/contract/fixtures/checkout.ts';
import { optionsFor, preselectedChoices, selectedExtrasOf } from '../../machines/extra-baggage.machine.ts';
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
      expect(snapshot.context.choices['2:0:checked']).toBeUndefined();
      expect(snapshot.context.choices['0:0:carryOn']).toBeUndefined();
    }
  });

  it('offers children the adult bags of the leg and infants none, and builds the book form extras', () => {
    const leg = input.legs[0]!;
    expect(optionsFor(ancillaryBaggageOptions, leg, 'CHD').map((option) => option.id)).toEqual(['OPT-LIMCUZ-0C1', 'OPT-LIMCUZ-0C3']);
    expect(optionsFor(ancillaryBaggageOptions, leg, 'INF')).toEqual([]);
    const extras = selectedExtrasOf({ ...input, passengerTypes: [...input.passengerTypes], options: ancillaryBaggageOptions }, { '0:0:checked': 'OPT-LIMCUZ-0C3', '0:1:checked': 'OPT-CUZLIM-0C3' });
    expect(extras.baggage.passengers[0]!.options.map((choice) => [choice.option.id, choice.currentIndex])).toEqual([
      ['OPT-LIMCUZ-0C3', 0],
      ['OPT-CUZLIM-0C3', 1],
    ]);
    expect(extras.baggage.passengers[1]!.options).toEqual([]);
  });

  it('adds the bags chosen on the results: the standard option of the missing pieces for every traveller but the infant, only on the legs that lack them', () => {
    const context = { ...input, passengerTypes: [...input.passengerTypes], options: ancillaryBaggageOptions, preselected: [{ carryOn: 0, checked: 1 }, { carryOn: 0, checked: 0 }] };
    const choices = preselectedChoices(context);
    // The 23 kg bag, not the 15 kg one: the adult and the child, not the infant, on the outbound leg only.
    expect(choices).toEqual({ '0:0:checked': 'OPT-LIMCUZ-0C3', '1:0:checked': 'OPT-LIMCUZ-0C3' });
    expect(preselectedChoices({ ...context, preselected: [{ carryOn: 1, checked: 0 }, { carryOn: 0, checked: 0 }] })).toEqual({});
  });
});
