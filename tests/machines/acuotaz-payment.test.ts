import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { acuotazAccessOf, acuotazPaymentMachine, type AcuotazPageAnswer } from '../../machines/acuotaz-payment.machine.ts';
import { ACUOTAZ_PAGE_TOKEN, confirmationSession } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('ACuotaz payment machine', () => {
  const { machine, ...plan } = planOf('acuotazPayment');

  it('reaches every state and takes every transition', () => expectFullCoverage('acuotazPayment', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The frame and the link show only the provider page's own address, from the server.
      expect(!(snapshot.matches('framed') || snapshot.matches('linked')) || snapshot.context.page?.url.startsWith('/sandbox/acuotaz/')).toBe(true);
    }
  });

  it('frames the page first, then switches to the link view and back; an answer naming another address fails', async () => {
    const answers: AcuotazPageAnswer[] = [
      { kind: 'page', page: { url: 'https://evil.example/collect', amount: 1, currency: 'PEN', exchangeRate: 3.75, rateDate: '2026-11-24' } },
      { kind: 'page', page: { url: '/sandbox/acuotaz/1002345678?lang=en&token=t', amount: 2947.54, currency: 'PEN', exchangeRate: 3.75, rateDate: '2026-11-24' } },
    ];
    const actor = createActor(acuotazPaymentMachine.provide({ actors: { loadPage: fromPromise(async () => answers.shift()!) } }), {
      input: { orderNumber: '1002345678', token: 't', language: 'en' },
    }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'page.retry' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('framed');
    actor.send({ type: 'view.link' });
    expect(actor.getSnapshot().value).toBe('linked');
    actor.send({ type: 'view.frame' });
    expect({ state: actor.getSnapshot().value, url: actor.getSnapshot().context.page?.url }).toEqual({ state: 'framed', url: '/sandbox/acuotaz/1002345678?lang=en&token=t' });
  });
});

describe('ACuotaz access of a session', () => {
  it('is the order number and token of a whole, unpaid 125 booking only', () => {
    expect(acuotazAccessOf(confirmationSession('acuotaz'))).toEqual({ orderNumber: '1002345678', token: ACUOTAZ_PAGE_TOKEN });
    expect(acuotazAccessOf(confirmationSession('cuotealo'))).toBeNull();
    expect(acuotazAccessOf(confirmationSession('failedBooking'))).toBeNull();
    expect(acuotazAccessOf(null)).toBeNull();
  });
});
