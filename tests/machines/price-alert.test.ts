import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { priceAlertMachine, type CreateAlertInput, type PriceAlertAnswer } from '../../machines/price-alert.machine.ts';
import { priceAlertLinkMachine, type PriceAlertLinkAnswer } from '../../machines/price-alert-link.machine.ts';
import { priceCalendarRequest } from '../../src/contract/fixtures/price-calendar.ts';
import { trackedRoute } from '../../src/contract/fixtures/price-alerts.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('price alert machine', () => {
  const { machine, ...plan } = planOf('priceAlert');

  it('reaches every state and takes every transition', () => expectFullCoverage('priceAlert', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // Only a valid address is ever sent; the confirmation and "already tracking" states know the alert.
      expect(!snapshot.matches('submitting') || snapshot.context.email === 'ana@example.com').toBe(true);
      expect(!(snapshot.matches('awaitingConfirmation') || snapshot.matches('alreadyTracking')) || snapshot.context.alert === trackedRoute).toBe(true);
      expect(!snapshot.matches('failed') || snapshot.context.failure !== null).toBe(true);
    }
  });

  it('sends the trimmed e-mail with the search and the page language, refuses a non-address without calling, and retries a failure', async () => {
    const calls: CreateAlertInput[] = [];
    const answers: Array<PriceAlertAnswer | Error> = [new Error('down'), { kind: 'confirmationSent', alert: trackedRoute }];
    const actor = createActor(
      priceAlertMachine.provide({
        actors: {
          createAlert: fromPromise(async ({ input }: { input: CreateAlertInput }) => {
            calls.push(input);
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
      }),
      { input: { request: priceCalendarRequest('2026-12-19'), language: 'es' } },
    ).start();
    actor.send({ type: 'alert.open' });
    actor.send({ type: 'alert.type', email: 'ana@' });
    actor.send({ type: 'alert.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.emailInvalid).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'alert.type', email: ' ana@example.com ' });
    expect(actor.getSnapshot().context.emailInvalid).toBe(false);
    actor.send({ type: 'alert.submit' });
    await settle();
    expect(actor.getSnapshot().context.failure).toBe('unavailable');
    actor.send({ type: 'alert.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
    expect(calls).toEqual([
      { request: priceCalendarRequest('2026-12-19'), language: 'es', email: 'ana@example.com' },
      { request: priceCalendarRequest('2026-12-19'), language: 'es', email: 'ana@example.com' },
    ]);
  });
});

describe('price alert link machine', () => {
  const { machine, ...plan } = planOf('priceAlertLink');

  it('reaches every state and takes every transition', () => expectFullCoverage('priceAlertLink', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) expect(snapshot.matches('done')).toBe(snapshot.context.alert !== null);
  });

  it('follows the link once with its action and token, and again on retry', async () => {
    const calls: unknown[] = [];
    const answers: Array<PriceAlertLinkAnswer | Error> = [new Error('down'), { kind: 'done', alert: { ...trackedRoute, state: 'unsubscribed' } }];
    const actor = createActor(
      priceAlertLinkMachine.provide({
        actors: {
          followLink: fromPromise(async ({ input }) => {
            calls.push(input);
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
      }),
      { input: { action: 'unsubscribe', token: 't'.repeat(43) } },
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'link.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.alert?.state).toBe('unsubscribed');
    expect(calls).toEqual([
      { action: 'unsubscribe', token: 't'.repeat(43) },
      { action: 'unsubscribe', token: 't'.repeat(43) },
    ]);
  });
});
