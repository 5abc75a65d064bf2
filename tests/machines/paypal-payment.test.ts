import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isApprovalAddress, payPalAccessOf, payPalCheckoutMachine, payPalReturnMachine, type PayPalOrderAccess } from '../../machines/paypal-payment.machine.ts';
import type { SessionLookup } from '../../machines/session-lookup.ts';
import type { WalletPaymentOutcome } from '../../src/contract/paypal.ts';
import { confirmationSession, PAYPAL_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('PayPal button machine', () => {
  const { machine, ...plan } = planOf('payPalCheckout');

  it('reaches every state and takes every transition', () => expectFullCoverage('payPalCheckout', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The browser is sent only to the approval page's own address.
      expect(!snapshot.matches('redirecting') || isApprovalAddress(snapshot.context.approveUrl ?? '')).toBe(true);
    }
  });
});

describe('PayPal return machine', () => {
  const { machine, ...plan } = planOf('payPalReturn');

  it('reaches every state and takes every transition', () => expectFullCoverage('payPalReturn', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // A capture is only ever asked for an unpaid PayPal booking with its token.
      expect(!snapshot.matches('capturing') || payPalAccessOf(snapshot.context.session) !== null).toBe(true);
    }
  });
});

describe('the approval addresses followed', () => {
  it('are the sandbox’s page and PayPal’s own approval pages, nothing else', () => {
    expect(isApprovalAddress('/sandbox/paypal/SBX1?token=t')).toBe(true);
    expect(isApprovalAddress('https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T')).toBe(true);
    expect(isApprovalAddress('https://www.paypal.com/checkoutnow?token=5O190127TN364715T')).toBe(true);
    expect(isApprovalAddress('https://www.paypal.com.evil.example/checkoutnow')).toBe(false);
    expect(isApprovalAddress('https://evil.example/?https://www.paypal.com/')).toBe(false);
  });
});

describe('PayPal access of a session', () => {
  it('is the order number and token of a whole, unpaid PayPal booking only', () => {
    expect(payPalAccessOf(confirmationSession('payPal'))).toEqual({ orderNumber: '1002345678', token: PAYPAL_PAGE_TOKEN });
    expect(payPalAccessOf(confirmationSession('paidPayPal'))).toBeNull();
    expect(payPalAccessOf(confirmationSession('payMe'))).toBeNull();
    expect(payPalAccessOf(confirmationSession('failedBooking'))).toBeNull();
    expect(payPalAccessOf(null)).toBeNull();
  });
});

describe('the return page', () => {
  it('captures the session’s order, then shows the payment read again from the server', async () => {
    const captured: PayPalOrderAccess[] = [];
    const reads = [confirmationSession('payPal'), confirmationSession('paidPayPal')];
    const actor = createActor(
      payPalReturnMachine.provide({
        actors: {
          loadSession: fromPromise<SessionLookup, { sessionID: string }>(async () => ({ kind: 'found', session: reads.shift()! })),
          capture: fromPromise<WalletPaymentOutcome, PayPalOrderAccess>(async ({ input }) => {
            captured.push(input);
            return 'paid';
          }),
        },
      }),
      { input: { sessionID: confirmationSession('payPal').sessionID } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.status === 'active' && (snapshot.matches('paid') || snapshot.matches('failed')));
    expect({ state: actor.getSnapshot().value, captured }).toEqual({ state: 'paid', captured: [{ orderNumber: '1002345678', token: PAYPAL_PAGE_TOKEN }] });
    actor.stop();
  });

  it('goes back to the button when the order is made: an approval address elsewhere is a failure', async () => {
    const actor = createActor(
      payPalCheckoutMachine.provide({
        actors: {
          createOrder: fromPromise(async () => ({ approveUrl: 'https://evil.example/collect' })),
          goToApproval: fromPromise<void, { url: string }>(() => new Promise<void>(() => {})),
        },
      }),
      { input: { orderNumber: '1002345678', token: PAYPAL_PAGE_TOKEN, language: 'en' } },
    ).start();
    actor.send({ type: 'payment.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.approveUrl).toBeNull();
    actor.stop();
  });
});
