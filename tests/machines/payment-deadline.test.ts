import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { hoursAndMinutes, minutesUntil, paymentDeadlineMachine } from '../../machines/payment-deadline.machine.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('payment deadline machine', () => {
  const { machine, ...plan } = planOf('paymentDeadline');

  it('reaches every state and takes every transition', () => expectFullCoverage('paymentDeadline', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // Expired has no time left.
      expect(!snapshot.matches('expired') || snapshot.context.minutesLeft === 0).toBe(true);
    }
  });

  it('counts down per minute and expires when the deadline passes', () => {
    const actor = createActor(paymentDeadlineMachine.provide({ actors: { minuteClock: fromCallback(() => {}) } }), { input: { deadline: '2026-11-22T20:14:00Z', now: Date.parse('2026-11-21T15:00:00Z') } }).start();
    expect(actor.getSnapshot().value).toBe('counting');
    expect(hoursAndMinutes(actor.getSnapshot().context.minutesLeft)).toEqual({ hours: 29, minutes: 14 });
    actor.send({ type: 'clock.tick', now: Date.parse('2026-11-22T20:13:01Z') });
    expect(actor.getSnapshot().context.minutesLeft).toBe(1);
    actor.send({ type: 'clock.tick', now: Date.parse('2026-11-22T20:14:00Z') });
    expect(actor.getSnapshot().value).toBe('expired');
    actor.stop();
  });

  it('expires at once when opened past its deadline (the clock tells the time on start)', () => {
    const actor = createActor(paymentDeadlineMachine, { input: { deadline: '2000-01-01T00:00:00Z', now: 0 } }).start();
    expect(actor.getSnapshot().value).toBe('expired');
    actor.stop();
  });

  it('reads whole minutes rounded up, and none once past', () => {
    expect(minutesUntil('2026-11-22T20:14:00Z', Date.parse('2026-11-22T20:13:59Z'))).toBe(1);
    expect(minutesUntil('2026-11-22T20:14:00Z', Date.parse('2026-11-22T21:00:00Z'))).toBe(0);
  });
});
