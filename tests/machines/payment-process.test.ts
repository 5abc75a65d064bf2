import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionLookup } from '../../machines/session-lookup.ts';
import { paymentProcessMachine, providerPaymentPageOf, type ProviderPaymentPost } from '../../machines/payment-process.machine.ts';
import { confirmationSession, PAYME_PAGE_TOKEN, SAFETYPAY_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('payment process machine', () => {
  const { machine, ...plan } = planOf('paymentProcess');

  it('reaches every state and takes every transition', () => expectFullCoverage('paymentProcess', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The post is only ever made with a provider page in hand.
      expect(snapshot.context.paymentPage !== null).toBe(snapshot.matches('redirecting') || snapshot.matches('postFailed'));
    }
  });

  it('posts the PayMe order to its page as soon as the session loads, and again when asked', async () => {
    const posts: ProviderPaymentPost[] = [];
    const actor = createActor(
      paymentProcessMachine.provide({
        actors: {
          loadSession: fromPromise<SessionLookup, { sessionID: string }>(async () => ({ kind: 'found', session: confirmationSession('payMe') })),
          postToProvider: fromPromise<void, ProviderPaymentPost>(async ({ input }) => {
            posts.push(input);
            if (posts.length === 1) throw new Error('blocked by the browser');
            await new Promise<void>(() => {});
          }),
        },
      }),
      { input: { sessionID: confirmationSession('payMe').sessionID, language: 'es' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('postFailed'));
    actor.send({ type: 'payment.post' });
    await waitFor(actor, () => posts.length === 2);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(posts).toEqual([
      { url: '/sandbox/payme', paymentOrderNumber: '1002345678', token: PAYME_PAGE_TOKEN, language: 'es' },
      { url: '/sandbox/payme', paymentOrderNumber: '1002345678', token: PAYME_PAGE_TOKEN, language: 'es' },
    ]);
    actor.stop();
  });
});

describe('provider payment page of a session', () => {
  it('is the booking’s payment URL, order number and token, only for a whole PayMe or redirect-provider booking with an allowed URL', () => {
    const payMe = confirmationSession('payMe');
    expect(providerPaymentPageOf(payMe)).toEqual({ url: '/sandbox/payme', paymentOrderNumber: '1002345678', token: PAYME_PAGE_TOKEN });
    // A stored address off the provider's allow-list is never posted to, nor one without its token.
    const storedElsewhere = (url: string) => ({ booking: { ...payMe.booking!, paymentDetails: { ...payMe.booking!.paymentDetails!, url } } }) as typeof payMe;
    expect(providerPaymentPageOf(storedElsewhere('https://evil.example/collect'))).toBeNull();
    expect(providerPaymentPageOf(storedElsewhere('/vuelos/elsewhere'))).toBeNull();
    const { pageToken: _token, ...withoutToken } = payMe.booking!.paymentDetails!;
    expect(providerPaymentPageOf({ booking: { ...payMe.booking!, paymentDetails: withoutToken } } as typeof payMe)).toBeNull();
    // SafetyPay (105) is paid on its own page, its provider's address only.
    const safetyPay = confirmationSession('safetyPay');
    expect(providerPaymentPageOf(safetyPay)).toEqual({ url: '/sandbox/redirect/105', paymentOrderNumber: '1002345678', token: SAFETYPAY_PAGE_TOKEN });
    const onPayMesPage = { booking: { ...safetyPay.booking!, paymentDetails: { ...safetyPay.booking!.paymentDetails!, url: '/sandbox/payme' } } } as typeof safetyPay;
    expect(providerPaymentPageOf(onPayMesPage)).toBeNull();
    // PagoEfectivo's CIP page is its CIP's, shown on the confirmation (pagoEfectivoCip machine), not posted to.
    expect(providerPaymentPageOf(confirmationSession('cashDeposit'))).toBeNull();
    expect(providerPaymentPageOf(confirmationSession('pagoEfectivo'))).toBeNull();
    expect(providerPaymentPageOf(confirmationSession('card'))).toBeNull();
    expect(providerPaymentPageOf(confirmationSession('failedBooking'))).toBeNull();
    expect(providerPaymentPageOf(null)).toBeNull();
  });
});
