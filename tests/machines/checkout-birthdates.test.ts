import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { isCompleteBirthdate } from '../../machines/checkout.rules.ts';
import { insuranceMachine } from '../../machines/insurance.machine.ts';
import { insuranceProducts, limCuzFlights, limCuzRecommendation, limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { searchRequestSchema } from '../../src/contract/search.ts';

describe('birthdates on their way to the insurance age check', () => {
  it('counts only whole, real dates', () => {
    expect(isCompleteBirthdate({ year: 1950, month: 1, day: 1 })).toBe(true);
    expect(isCompleteBirthdate({ year: 1950, month: 2, day: 30 })).toBe(false);
    expect(isCompleteBirthdate({ year: 1950 } as never)).toBe(false);
    expect(isCompleteBirthdate(undefined)).toBe(false);
  });

  it('keeps the checkout alive while a birthdate is half typed, and drops insurance once a whole date is over 70', async () => {
    const engine = engineFixtures.find((candidate) => candidate.id === '9132868')!;
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadSession: fromPromise(() => new Promise<never>(() => {})),
          book: fromPromise(() => new Promise<never>(() => {})),
          insurance: insuranceMachine.provide({ actors: { loadInsuranceProducts: fromPromise(async () => insuranceProducts) } }),
        },
      }),
      { input: { sessionID: '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10', business: false, today: '2026-11-21', engine } },
    ).start();
    actor.send({
      type: 'xstate.done.actor.loadSession',
      output: {
        searchParams: searchRequestSchema.parse({ ...limCuzSearchParams, passengers: { adults: 1, children: 0, infants: 0 } }),
        flights: limCuzFlights,
        recommendation: limCuzRecommendation,
      },
    } as never);
    const insurance = () => actor.getSnapshot().children.insurance!.getSnapshot() as ReturnType<typeof insuranceMachine.getInitialSnapshot>;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(insurance().value).toBe('choosing');
    actor.send({ type: 'passenger.change', index: 0, changes: { birthdate: { year: 1950 } as never } });
    expect(actor.getSnapshot().status).toBe('active');
    expect(insurance().value).toBe('choosing');
    actor.send({ type: 'passenger.change', index: 0, changes: { birthdate: { year: 1950, month: 1, day: 1 } } });
    expect(insurance().value).toBe('rejected');
    expect(actor.getSnapshot().context.draft.insurance).toMatchObject({ offered: false, selection: null });
    actor.stop();
  });
});
