import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { isCompleteBirthdate } from '../../machines/checkout.rules.ts';
import { insuranceMachine } from '../../machines/insurance.machine.ts';
import { insuranceProducts } from '../../src/contract/fixtures/checkout.ts';
import { checkoutSession, consumerEngine, pending, sessionID, today } from './plans.ts';

describe('birthdates on their way to the insurance age check', () => {
  it('counts only whole, real dates', () => {
    expect(isCompleteBirthdate({ year: 1950, month: 1, day: 1 })).toBe(true);
    expect(isCompleteBirthdate({ year: 1950, month: 2, day: 30 })).toBe(false);
    expect(isCompleteBirthdate({ year: 1950 } as never)).toBe(false);
    expect(isCompleteBirthdate(undefined)).toBe(false);
  });

  it('keeps the checkout alive while a birthdate is half typed, and drops insurance once a whole date is over 70', async () => {
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadSession: pending(),
          book: pending(),
          insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: fromPromise(async () => insuranceProducts) } }),
        },
      }),
      { input: { sessionID, business: false, today, engine: consumerEngine } },
    ).start();
    actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
    const insurance = () => actor.getSnapshot().children.insurance!.getSnapshot() as ReturnType<typeof insuranceMachine.getInitialSnapshot>;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(insurance().matches('choosing')).toBe(true);
    actor.send({ type: 'passenger.change', index: 0, changes: { birthdate: { year: 1950 } as never } });
    expect(actor.getSnapshot().status).toBe('active');
    expect(insurance().matches('choosing')).toBe(true);
    actor.send({ type: 'passenger.change', index: 0, changes: { birthdate: { year: 1950, month: 1, day: 1 } } });
    expect(insurance().value).toBe('rejected');
    // The book form says why there is no plan: the server checks the ages again.
    expect(actor.getSnapshot().context.draft.insurance).toMatchObject({ offered: false, selection: { isSelect: false, isRejected: true } });
    actor.stop();
  });
});
