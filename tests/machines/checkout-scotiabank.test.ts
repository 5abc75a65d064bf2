import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, type BookingAttempt } from '../../machines/checkout.machine.ts';
import { contactForm } from '../../src/contract/fixtures/checkout.ts';
import type { ScotiabankLookup } from '../../src/contract/scotiabank.ts';
import type { PhoneCountryIssue } from '../../src/contract/phone-country.ts';
import type { PhoneToCheck } from '../../machines/checkout.rules.ts';
import { adultPassenger, allTerms, checkoutInputs, checkoutSession, pending } from './plans.ts';

/** The Scotiabank card (123, spec 2 §7): its lookup when chosen, and what the submit makes of the answer. */
function checkoutWithLookup() {
  const lookups: { sessionID: string; answer: (lookup: ScotiabankLookup) => void; fail: (error: Error) => void }[] = [];
  const book = vi.fn<(attempt: BookingAttempt) => Promise<never>>(() => new Promise(() => {}));
  const lookupScotiabank = fromPromise<ScotiabankLookup, { sessionID: string }>(({ input }) => new Promise((answer, fail) => lookups.push({ sessionID: input.sessionID, answer, fail })));
  const checkPhone = fromPromise<PhoneCountryIssue | null, PhoneToCheck>(async () => null);
  const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: fromPromise(({ input }) => book(input)), lookupScotiabank, checkPhone } }), {
    input: checkoutInputs.consumer,
  }).start();
  actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
  actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger });
  actor.send({ type: 'contact.change', changes: contactForm });
  actor.send({ type: 'terms.change', changes: allTerms });
  return { actor, book, lookups };
}

/** The contact phone's country check answers first (it holds a submit while it runs). */
const phoneChecked = (actor: ReturnType<typeof checkoutWithLookup>['actor']) => waitFor(actor, (snapshot) => snapshot.context.phoneChecking === null);

const validCard = { type: 'card.update', valid: true, stored: { token: 'tok_sandbox_0001', brand: 'visa', last4: '4242' } } as const;

describe('the Scotiabank card lookup in the checkout', () => {
  it('asks once, when the card is chosen, for this session; a refusal stops the submit with its reason', async () => {
    const { actor, book, lookups } = checkoutWithLookup();
    expect(lookups).toHaveLength(0);
    actor.send({ type: 'payment.select', code: 123 });
    actor.send({ type: 'payment.select', code: 122 });
    actor.send({ type: 'payment.select', code: 123 });
    expect(lookups.map((lookup) => lookup.sessionID)).toEqual([checkoutInputs.consumer.sessionID]);
    expect(actor.getSnapshot().context.scotiabank).toEqual({ status: 'checking' });
    actor.send(validCard);
    await phoneChecked(actor);
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'payment', issue: 'scotiabankUnchecked' });
    lookups[0]!.answer({ reservable: false, refusal: 'ORIGIN_OUTSIDE_PERU' });
    await waitFor(actor, (snapshot) => snapshot.context.scotiabank.status === 'answered');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'payment', issue: 'scotiabankRefused' });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(book).not.toHaveBeenCalled();
    actor.stop();
  });

  it('offers to ask again when the bank does not answer, and books once it accepts', async () => {
    const { actor, book, lookups } = checkoutWithLookup();
    actor.send({ type: 'payment.select', code: 123 });
    lookups[0]!.fail(new Error('offline'));
    await waitFor(actor, (snapshot) => snapshot.context.scotiabank.status === 'unreachable');
    actor.send({ type: 'scotiabank.retry' });
    expect(lookups).toHaveLength(2);
    lookups[1]!.answer({ reservable: true, refusal: null });
    await waitFor(actor, (snapshot) => snapshot.context.scotiabank.status === 'answered');
    actor.send(validCard);
    await phoneChecked(actor);
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('booking');
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('asks at once when a reload brings the Scotiabank card back', () => {
    const lookups: string[] = [];
    const lookupScotiabank = fromPromise<ScotiabankLookup, { sessionID: string }>(({ input }) => {
      lookups.push(input.sessionID);
      return new Promise(() => {});
    });
    // What the tab kept before the reload: the draft as the checkout saves it.
    let storedDraft: unknown = null;
    const before = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending(), lookupScotiabank: pending() }, actions: { saveDraft: (_, draft) => (storedDraft = draft) } }), { input: checkoutInputs.consumer }).start();
    before.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
    before.send({ type: 'payment.select', code: 123 });
    before.stop();
    const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending(), lookupScotiabank } }), { input: { ...checkoutInputs.consumer, storedDraft } }).start();
    actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
    expect(actor.getSnapshot().context.draft.paymentCode).toBe(123);
    expect(lookups).toEqual([checkoutInputs.consumer.sessionID]);
    actor.stop();
  });
});
