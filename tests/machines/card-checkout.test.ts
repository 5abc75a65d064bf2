import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cardCheckoutAccessOf, cardCheckoutFormIssues, cardCheckoutMachine, type HostedFormRequest } from '../../machines/card-checkout.machine.ts';
import { cardLast4 } from '../../src/contract/checkout.ts';
import { approvedAuthorization, cardCheckoutForm, cardCheckoutHostedSession, cardCheckoutInput, cardCheckoutSession } from '../../src/contract/fixtures/card-checkout.ts';
import { confirmationSession } from '../../src/contract/fixtures/confirmation.ts';
import type { NiubizAuthorization, NiubizAuthorizationRequest, NiubizTokenized, NiubizTokenizeRequest } from '../../src/contract/niubiz.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('card checkout machine', () => {
  const { machine, ...plan } = planOf('cardCheckout');

  it('reaches every state and takes every transition', () => expectFullCoverage('cardCheckout', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The context never holds a card number or CVV: only the hosted fields' token, brand and last four.
      expect(JSON.stringify(snapshot.context)).not.toMatch(/4111\s?1111\s?1111\s?1111|5555\s?5555/);
      // The authorisation is asked only with a session and a token.
      expect(!snapshot.matches('processing') || (snapshot.context.session !== null && snapshot.context.transactionToken !== null)).toBe(true);
    }
  });
});

describe('the card checkout', () => {
  /**
   * The checkout started on a session the server answers, recording what it sends to the hosted fields
   * (tokenized), to Niubiz's own form (opened) and to the authorisation (authorized). The hosted fields
   * give a token for the card as typed; Niubiz's form gives its own token.
   */
  function recordedCheckout(session: typeof cardCheckoutSession | typeof cardCheckoutHostedSession) {
    const tokenized: NiubizTokenizeRequest[] = [];
    const opened: HostedFormRequest[] = [];
    const authorized: NiubizAuthorizationRequest[] = [];
    const actor = createActor(
      cardCheckoutMachine.provide({
        actors: {
          requestToken: fromPromise(async () => session),
          tokenize: fromPromise<NiubizTokenized, NiubizTokenizeRequest>(async ({ input }) => {
            tokenized.push(input);
            return { transactionToken: 'tok', challengeId: null, brand: 'visa', last4: cardLast4(input.cardNumber), cardType: 'C' };
          }),
          openHostedForm: fromPromise<{ transactionToken: string }, HostedFormRequest>(async ({ input }) => {
            opened.push(input);
            return { transactionToken: 'niubiz-token' };
          }),
          authorize: fromPromise<NiubizAuthorization, NiubizAuthorizationRequest>(async ({ input }) => {
            authorized.push(input);
            return approvedAuthorization;
          }),
          notify: fromPromise<unknown, { purchaseNumber: string }>(async () => null),
        },
      }),
      { input: cardCheckoutInput },
    ).start();
    return { actor, tokenized, opened, authorized };
  }

  it('sends the card only to the hosted fields and the server’s amount to the authorisation; a card ending otherwise is stopped before', async () => {
    const { actor, tokenized, authorized } = recordedCheckout({ ...cardCheckoutSession, amount: 500 });
    actor.send({ type: 'payment.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ checkout: 'form' }));
    actor.send({ type: 'card.submit', form: cardCheckoutForm({ cardNumber: '5555 5555 5555 4444' }) });
    expect(actor.getSnapshot().context.problem).toBe('cardMismatch');
    expect(tokenized).toEqual([]);
    actor.send({ type: 'card.submit', form: cardCheckoutForm({ installments: 3 }) });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(tokenized).toEqual([{ sessionKey: cardCheckoutSession.sessionKey, cardNumber: '4111111111111111', expirationDate: '12/30', securityCode: '123' }]);
    expect(authorized).toEqual([
      { transactionToken: 'tok', amount: 500, purchase: cardCheckoutSession.purchaseNumber, name: 'Lucía', lastName: 'Quispe', email: 'lucia.quispe@correo.pe', paymentProviderCode: 104, installments: 3 },
    ]);
    actor.stop();
  });

  it('opens Niubiz’s own form when the session says so: no card on this page, no last-four check, the token from checkout.js authorised', async () => {
    const { actor, tokenized, authorized, opened } = recordedCheckout(cardCheckoutHostedSession);
    actor.send({ type: 'payment.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ checkout: 'form' }));
    actor.send({ type: 'card.submit', form: cardCheckoutForm({ name: '' }) });
    expect(actor.getSnapshot().context.problem).toBe('formIncomplete');
    // The card fields are Niubiz's: empty here, and no check against the checkout's last four.
    actor.send({ type: 'card.submit', form: cardCheckoutForm({ cardNumber: '', expirationDate: '', securityCode: '', installments: 3 }) });
    await waitFor(actor, (snapshot) => snapshot.matches('success'));
    expect(tokenized).toEqual([]);
    expect(opened).toEqual([
      {
        scriptUrl: 'https://static-content-qas.vnforapps.com/env/sandbox/js/checkout.js',
        merchantId: '456879852',
        sessionKey: cardCheckoutHostedSession.sessionKey,
        purchaseNumber: cardCheckoutHostedSession.purchaseNumber,
        amount: cardCheckoutHostedSession.amount,
        expirationMinutes: 20,
        name: 'Lucía',
        lastName: 'Quispe',
        email: 'lucia.quispe@correo.pe',
      },
    ]);
    expect(authorized).toEqual([{ transactionToken: 'niubiz-token', amount: cardCheckoutHostedSession.amount, purchase: cardCheckoutHostedSession.purchaseNumber, name: 'Lucía', lastName: 'Quispe', email: 'lucia.quispe@correo.pe', paymentProviderCode: 104, installments: 0 }]);
    actor.stop();
  });

  it('checks the form as spec 3 §5 says', () => {
    expect(cardCheckoutFormIssues(cardCheckoutForm())).toEqual({});
    expect(cardCheckoutFormIssues(cardCheckoutForm({ name: ' ', cardNumber: '4111111111111112', expirationDate: '13/30', securityCode: '12', email: 'x' }))).toEqual({
      name: 'required',
      email: 'invalid',
      cardNumber: 'invalid',
      expirationDate: 'invalid',
      securityCode: 'invalid',
    });
    // With Niubiz's hosted form only the payer's fields are ours.
    expect(cardCheckoutFormIssues(cardCheckoutForm({ cardNumber: '', expirationDate: '', securityCode: '', email: 'x' }), new Date(), true)).toEqual({ email: 'invalid' });
  });

  it('is offered for a whole, unpaid card booking with its page token only', () => {
    expect(cardCheckoutAccessOf(confirmationSession('payPal'))).toBeNull();
    expect(cardCheckoutAccessOf(null)).toBeNull();
  });
});
