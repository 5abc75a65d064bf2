import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine, loadPhoneCountry, type BookingAttempt } from '../../machines/checkout.machine.ts';
import type { PhoneToCheck } from '../../machines/checkout.rules.ts';
import type { PhoneCountryIssue } from '../../src/contract/phone-country.ts';
import { contactForm } from '../../src/contract/fixtures/checkout.ts';
import { adultPassenger, allTerms, checkoutInputs, checkoutSession, pending } from './plans.ts';

/*
 * The contact phone's country check needs libphonenumber-js, which the page loads on first need
 * (phone-country.ts). Until it answers, nothing is said of the phone's country and a submit waits for
 * it. This file loads phone-country.ts only where a test says so: the answers come from the tests.
 */
function checkoutWithPhoneCheck() {
  const checks: { input: PhoneToCheck; answer: (issue: PhoneCountryIssue | null) => void; fail: (error: Error) => void }[] = [];
  const book = vi.fn<(attempt: BookingAttempt) => Promise<never>>(() => new Promise(() => {}));
  const checkPhone = fromPromise<PhoneCountryIssue | null, PhoneToCheck>(({ input }) => new Promise((answer, fail) => checks.push({ input, answer, fail })));
  const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: fromPromise(({ input }) => book(input)), checkPhone } }), {
    input: checkoutInputs.consumer,
  }).start();
  actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
  actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger });
  actor.send({ type: 'terms.change', changes: allTerms });
  return { actor, book, checks };
}

describe('the contact phone country check, loaded on first need', () => {
  it('holds a submit until the check answers, then books once', async () => {
    const { actor, book, checks } = checkoutWithPhoneCheck();
    actor.send({ type: 'contact.change', changes: contactForm });
    expect(checks.map((check) => check.input)).toEqual([{ key: 'PE+51 987654321', digits: '987654321', dialOption: 'PE+51' }]);
    actor.send({ type: 'checkout.submit' });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(book).not.toHaveBeenCalled();
    checks[0]!.answer(null);
    await waitFor(actor, (snapshot) => snapshot.matches('booking'));
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it("stops the held submit at the contact when the number is not one of the dial code's country", async () => {
    const { actor, book, checks } = checkoutWithPhoneCheck();
    actor.send({ type: 'contact.change', changes: { ...contactForm, phoneNumber: '123456789' } });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    checks[0]!.answer('invalidForCountry');
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'contact' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(book).not.toHaveBeenCalled();
    actor.stop();
  });

  it('checks a number typed during a check once that check answers; the last number counts', async () => {
    const { actor, checks } = checkoutWithPhoneCheck();
    actor.send({ type: 'contact.change', changes: { ...contactForm, phoneNumber: '123456789' } });
    actor.send({ type: 'contact.change', changes: { phoneNumber: '987654321' } });
    expect(checks).toHaveLength(1);
    checks[0]!.answer('invalidForCountry');
    await waitFor(actor, () => checks.length === 2);
    expect(checks[1]!.input.key).toBe('PE+51 987654321');
    checks[1]!.answer(null);
    await waitFor(actor, (snapshot) => snapshot.context.phoneCheck?.key === 'PE+51 987654321');
    expect(actor.getSnapshot().context.phoneChecking).toBeNull();
    actor.stop();
  });

  it('lets a held submit go when the check cannot load (offline): the server checks the number again', async () => {
    const { actor, book, checks } = checkoutWithPhoneCheck();
    actor.send({ type: 'contact.change', changes: contactForm });
    actor.send({ type: 'checkout.submit' });
    checks[0]!.fail(new Error('offline'));
    await waitFor(actor, (snapshot) => snapshot.matches('booking'));
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('answers at once once phone-country.ts is in', async () => {
    await loadPhoneCountry();
    const { actor, book, checks } = checkoutWithPhoneCheck();
    actor.send({ type: 'contact.change', changes: { ...contactForm, phoneNumber: '123456789' } });
    expect(checks).toHaveLength(0);
    expect(actor.getSnapshot().context.phoneCheck).toEqual({ key: 'PE+51 123456789', issue: 'invalidForCountry' });
    actor.send({ type: 'contact.change', changes: { phoneNumber: '987654321' } });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('booking');
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
