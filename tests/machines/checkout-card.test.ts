import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkoutMachine, loadPhoneCountry, type BookingAttempt } from '../../machines/checkout.machine.ts';
import { paymentIssueOf, submitBlockedByCard } from '../../machines/checkout.rules.ts';
import type { BookingResult } from '../../src/contract/checkout.ts';
import { contactForm, limCuzRecommendation } from '../../src/contract/fixtures/checkout.ts';
import { adultPassenger, allTerms, checkoutInputs, checkoutSession, pending } from './plans.ts';

// The contact phone's country check answers at once, as on a page where it has loaded (checkout-phone-check.test.ts: before).
await loadPhoneCountry();

const approved = { token: 'tok_sandbox_0001', brand: 'visa', last4: '4242' };
const noCard = { valid: false, declined: null };

describe('the payment check of the submit', () => {
  it('asks Interbank and Scotiabank (104, 123) for no card where no vault takes it (a real Niubiz alone), and the other card methods still for one', () => {
    expect(paymentIssueOf(104, noCard, 300, 'USD', false)).toBeNull();
    expect(paymentIssueOf(123, noCard, 300, 'USD', false)).toBeNull();
    expect(submitBlockedByCard(104, false, false)).toBe(false);
    expect(submitBlockedByCard(104, false)).toBe(true);
    expect(paymentIssueOf(123, noCard, 300, 'USD')).toBe('incomplete');
    expect(paymentIssueOf(120, noCard, 300, 'USD', false)).toBe('incomplete');
  });

  it('asks a card method for an approved card, and names a declined one', () => {
    expect(paymentIssueOf(120, noCard, 300, 'USD')).toBe('incomplete');
    expect(paymentIssueOf(119, { valid: false, declined: 'issuerDeclined' }, 300, 'USD')).toBe('declined');
    expect(paymentIssueOf(104, { valid: false, declined: 'insufficientFunds' }, 300, 'USD')).toBe('declined');
    expect(paymentIssueOf(120, { valid: true, declined: null }, 300, 'USD')).toBeNull();
    // Cash and pay-later methods take no card.
    expect(paymentIssueOf(102, noCard, 300, 'USD')).toBeNull();
    expect(paymentIssueOf(103, noCard, 300, 'USD')).toBeNull();
  });

  it('refuses Cuotéalo BCP (124 and 137) below 30 dollars or 100 soles', () => {
    expect(paymentIssueOf(137, noCard, 29.99, 'USD')).toBe('belowMinimum');
    expect(paymentIssueOf(124, noCard, 29.99, 'USD')).toBe('belowMinimum');
    expect(paymentIssueOf(137, noCard, 30, 'USD')).toBeNull();
    expect(paymentIssueOf(137, noCard, 99.99, 'PEN')).toBe('belowMinimum');
    expect(paymentIssueOf(137, noCard, 100, 'PEN')).toBeNull();
    // Other methods have no minimum.
    expect(paymentIssueOf(125, noCard, 5, 'USD')).toBeNull();
  });
});

/** A consumer checkout (one adult, contact, terms filled) whose bookings and focus moves are recorded. */
function readyCheckout(session = checkoutSession(1)) {
  const book = vi.fn<(input: BookingAttempt) => Promise<BookingResult>>(() => new Promise(() => {}));
  const focusFirstInvalidField = vi.fn<() => void>();
  const machine = checkoutMachine.provide({
    actors: { loadSession: pending(), book: fromPromise<BookingResult, BookingAttempt>(({ input }) => book(input)) },
    actions: { focusFirstInvalidField },
  });
  const actor = createActor(machine, { input: checkoutInputs.consumer }).start();
  actor.send({ type: 'xstate.done.actor.loadSession', output: session } as never);
  actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger });
  actor.send({ type: 'contact.change', changes: contactForm });
  actor.send({ type: 'terms.change', changes: allTerms });
  return { actor, book, focusFirstInvalidField };
}

describe('a declined card at checkout', () => {
  it('stops the submit at the card with the decline, and another, approved card books', () => {
    const { actor, book, focusFirstInvalidField } = readyCheckout();
    actor.send({ type: 'payment.select', code: 120 });
    actor.send({ type: 'card.update', valid: false, stored: null, declined: 'issuerDeclined' });
    expect(actor.getSnapshot().context.draft.card).toEqual({ valid: false, stored: null, declined: 'issuerDeclined' });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'payment', issue: 'declined' });
    expect(focusFirstInvalidField).toHaveBeenCalledTimes(1);
    expect(book).not.toHaveBeenCalled();

    // Another card: the gateway approves it, the problem goes, and the booking carries its token.
    actor.send({ type: 'card.update', valid: true, stored: approved, declined: null });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('booking');
    expect(book).toHaveBeenCalledTimes(1);
    expect(book.mock.calls[0]?.[0].context.draft.card).toEqual({ valid: true, stored: approved, declined: null });
    actor.stop();
  });

  it('never submits a card method without an approved card, and choosing another method forgets the decline', () => {
    const { actor, book } = readyCheckout();
    actor.send({ type: 'payment.select', code: 119 });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'payment', issue: 'incomplete' });
    actor.send({ type: 'card.update', valid: false, stored: null, declined: 'insufficientFunds' });
    // The problem follows the card: now it is the decline.
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'payment', issue: 'declined' });
    actor.send({ type: 'payment.select', code: 102 });
    expect(actor.getSnapshot().context.draft.card).toEqual({ valid: false, stored: null, declined: null });
    expect(book).not.toHaveBeenCalled();
    actor.send({ type: 'checkout.submit' });
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describe("Cuotéalo BCP's minimum at checkout", () => {
  const cheap = (total: number) => ({ ...checkoutSession(1), recommendation: { ...limCuzRecommendation, pricing: { ...limCuzRecommendation.pricing, total } } });

  it('refuses a total below US$ 30 with Cuotéalo and books it with another method', () => {
    const { actor, book, focusFirstInvalidField } = readyCheckout(cheap(29.5));
    actor.send({ type: 'payment.select', code: 137 });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'payment', issue: 'belowMinimum' });
    expect(focusFirstInvalidField).toHaveBeenCalledTimes(1);
    expect(book).not.toHaveBeenCalled();
    actor.send({ type: 'payment.select', code: 103 });
    actor.send({ type: 'checkout.submit' });
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('books with Cuotéalo from US$ 30', () => {
    const { actor, book } = readyCheckout(cheap(30));
    actor.send({ type: 'payment.select', code: 137 });
    actor.send({ type: 'checkout.submit' });
    expect(actor.getSnapshot().value).toBe('booking');
    expect(book).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
