import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookingFailureKind, closeReturnsToForm, retriesSameAttempt } from '../../machines/booking-failures.ts';
import { segmentsUnavailableFailure } from '../../machines/segments-unavailable.ts';
import { checkoutMachine, loadPhoneCountry, type BookingAttempt } from '../../machines/checkout.machine.ts';
import { extraBaggageMachine } from '../../machines/extra-baggage.machine.ts';
import { seatPickerMachine } from '../../machines/seat-picker.machine.ts';
import type { BookingFailure, BookingResult } from '../../src/contract/checkout.ts';
import { bookingResult, contactForm } from '../../src/contract/fixtures/checkout.ts';
import { adultPassenger, allTerms, bookCallFailures, checkoutInputs, checkoutSession, pending, segmentsUnavailableAnswer } from './plans.ts';

// The contact phone's country check answers at once, as on a page where it has loaded (checkout-phone-check.test.ts: before).
await loadPhoneCountry();

const business = (statusCode: number): BookingFailure => ({ statusCode, error: { status: 409, code: statusCode, message: 'x', errors: [] } });

describe('booking failures', () => {
  it('tells the failures of the call from the error catalogue of spec 2 §8', () => {
    expect(bookingFailureKind({ statusCode: 0, error: { status: 0, code: 'NETWORK', message: 'Failed to fetch', errors: [] } })).toBe('unreachable');
    expect(bookingFailureKind(bookCallFailures.timeout as BookingFailure)).toBe('timeout');
    expect(bookingFailureKind({ statusCode: 503, error: { status: 503, code: 'INTERNAL', message: 'x', errors: [] } })).toBe('unavailable');
    expect(bookingFailureKind({ statusCode: 409, error: { status: 409, code: 'BOOKING_IN_PROGRESS', message: 'x', errors: [] } })).toBe('inProgress');
    expect(bookingFailureKind(bookCallFailures.seatTaken as BookingFailure)).toBe('seatTaken');
    expect(bookingFailureKind(bookCallFailures.invalid as BookingFailure)).toBe('invalid');
    expect(bookingFailureKind(bookCallFailures.sessionExpired as BookingFailure)).toBe('sessionExpired');
    expect([1003, 1004, 1010, 1020].map((code) => bookingFailureKind(business(code)))).toEqual(Array(4).fill('unexpected'));
    expect(bookingFailureKind(business(1303))).toBe('providerError');
    expect(bookingFailureKind(business(402))).toBe('itError');
    expect(bookingFailureKind(business(1500))).toBe('other');
  });

  it('sends the same attempt again only where the booking may have been made', () => {
    expect(retriesSameAttempt(bookCallFailures.timeout as BookingFailure)).toBe(true);
    expect(retriesSameAttempt({ statusCode: 0, error: { status: 0, code: 'NETWORK', message: '', errors: [] } })).toBe(true);
    expect(retriesSameAttempt(business(1303))).toBe(false);
    expect(retriesSameAttempt(business(1000))).toBe(false);
  });

  it('goes back on close, except where the dialog asks for something on the form', () => {
    expect([1003, 1004, 1010, 1020].every((code) => closeReturnsToForm(business(code)))).toBe(true);
    expect(closeReturnsToForm(bookCallFailures.seatTaken as BookingFailure)).toBe(true);
    expect(closeReturnsToForm(bookCallFailures.invalid as BookingFailure)).toBe(true);
    expect([1000, 1001, 1007, 402, 1500].some((code) => closeReturnsToForm(business(code)))).toBe(false);
  });
});

describe('checkout machine after a failed booking', () => {
  /** A one-adult checkout, filled in and submitted once; `answers` are the book call's outcomes in order. */
  function submitted(answers: Array<BookingResult | Error>) {
    const book = vi.fn<(input: BookingAttempt) => Promise<BookingResult>>(() => {
      const next = answers.shift() ?? new Promise<never>(() => {});
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next as BookingResult);
    });
    const goBack = vi.fn<() => void>();
    const searchOtherFlights = vi.fn<() => void>();
    const actor = createActor(
      checkoutMachine.provide({ actors: { loadSession: pending(), book: fromPromise(({ input }) => book(input)) }, actions: { goBack, searchOtherFlights } }),
      { input: checkoutInputs.consumer },
    ).start();
    actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
    actor.send({ type: 'passenger.change', index: 0, changes: adultPassenger });
    actor.send({ type: 'contact.change', changes: contactForm });
    actor.send({ type: 'terms.change', changes: allTerms });
    actor.send({ type: 'checkout.submit' });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, book, goBack, searchOtherFlights, settled };
  }

  it.each([
    ['a dropped connection', new Error('Failed to fetch')],
    ['a provider timeout (504)', bookCallFailures.timeout as BookingResult],
  ])('after %s, "try again" sends the same attempt (same idempotency key) and books once', async (_, answer) => {
    const { actor, book, settled } = submitted([answer, bookingResult as BookingResult]);
    await settled();
    expect(actor.getSnapshot().value).toBe('bookingUnanswered');
    actor.send({ type: 'booking.retry' });
    await settled();
    expect(actor.getSnapshot().value).toBe('booked');
    expect(book.mock.calls.map(([input]) => input.attempt)).toEqual([1, 1]);
    actor.stop();
  });

  it('offers other flights after no answer', async () => {
    const { actor, searchOtherFlights, settled } = submitted([new Error('Failed to fetch')]);
    await settled();
    actor.send({ type: 'search.other' });
    expect(actor.getSnapshot().value).toBe('left');
    expect(searchOtherFlights).toHaveBeenCalledTimes(1);
  });

  it('retries a provider error (1303) as a new attempt', async () => {
    const { actor, book, settled } = submitted([business(1303) as BookingResult]);
    await settled();
    expect(actor.getSnapshot().value).toBe('bookingFailed');
    actor.send({ type: 'booking.retry' });
    expect(book.mock.calls.map(([input]) => input.attempt)).toEqual([1, 2]);
    actor.stop();
  });

  it('goes back when the generic error dialog closes, and stays on the form for a taken seat', async () => {
    const other = submitted([business(1500) as BookingResult]);
    await other.settled();
    other.actor.send({ type: 'dialog.close' });
    expect(other.actor.getSnapshot().value).toBe('left');
    expect(other.goBack).toHaveBeenCalledTimes(1);

    const seat = submitted([bookCallFailures.seatTaken as BookingResult]);
    await seat.settled();
    seat.actor.send({ type: 'dialog.close' });
    expect(seat.actor.getSnapshot().value).toBe('editing');
    expect(seat.actor.getSnapshot().context.failure).toBeNull();
    expect(seat.goBack).not.toHaveBeenCalled();
    seat.actor.stop();
  });

  it('shows the session-expired dialog when the session expired while filling in the form', async () => {
    const { actor, settled } = submitted([bookCallFailures.sessionExpired as BookingResult]);
    await settled();
    expect(actor.getSnapshot().value).toBe('sessionExpired');
    actor.stop();
  });
});

describe('an offer the airline sells no more, met before the booking (409 code 1001)', () => {
  it('reads the answer of any checkout call as the booking’s 1001, and nothing else as it', () => {
    const failure = segmentsUnavailableFailure(segmentsUnavailableAnswer);
    expect(failure?.statusCode).toBe(1001);
    expect(failure && bookingFailureKind(failure)).toBe('segmentsCancelled');
    expect(segmentsUnavailableFailure({ body: { status: 400, code: 'UNKNOWN_OFFER', message: 'x', errors: [] } })).toBeNull();
    expect(segmentsUnavailableFailure({ body: { status: 409, code: 'SEAT_TAKEN', message: 'x', errors: [] } })).toBeNull();
    expect(segmentsUnavailableFailure(new Error('offline'))).toBeNull();
  });

  it('opens the 1001 dialog on the form; closing it goes back, and other flights go to the results', () => {
    const goBack = vi.fn<() => void>();
    const searchOtherFlights = vi.fn<() => void>();
    const start = () => {
      const actor = createActor(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending() }, actions: { goBack, searchOtherFlights } }), {
        input: checkoutInputs.consumer,
      }).start();
      actor.send({ type: 'xstate.done.actor.loadSession', output: checkoutSession(1) } as never);
      actor.send({ type: 'offer.unavailable', failure: segmentsUnavailableFailure(segmentsUnavailableAnswer) as BookingFailure });
      return actor;
    };
    const closed = start();
    expect(closed.getSnapshot().value).toBe('bookingFailed');
    expect(closed.getSnapshot().context.failure?.statusCode).toBe(1001);
    closed.send({ type: 'dialog.close' });
    expect(closed.getSnapshot().value).toBe('left');
    expect(goBack).toHaveBeenCalledTimes(1);
    const other = start();
    other.send({ type: 'search.other' });
    expect(other.getSnapshot().value).toBe('left');
    expect(searchOtherFlights).toHaveBeenCalledTimes(1);
  });

  it('the seat picker hands a 1001 to the checkout and closes, instead of its own error', async () => {
    const reported = vi.fn<(failure: BookingFailure) => void>();
    const actor = createActor(
      seatPickerMachine.provide({
        actors: { loadSeatMap: fromPromise(() => Promise.reject(segmentsUnavailableAnswer)) },
        actions: { reportOfferUnavailable: (_, failure) => reported(failure) },
      }),
    ).start();
    actor.send({ type: 'seats.open' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ statusCode: 1001 }));
  });

  it('the extra baggage card hands a 1001 from the ancillaries call to the checkout and closes, instead of an empty list', async () => {
    const reported = vi.fn<(failure: BookingFailure) => void>();
    const actor = createActor(
      extraBaggageMachine.provide({
        actors: { loadAncillaries: fromPromise(() => Promise.reject(segmentsUnavailableAnswer)) },
        actions: { reportOfferUnavailable: (_, failure) => reported(failure) },
      }),
      { input: { legs: [], passengerTypes: ['ADT'] } },
    ).start();
    actor.send({ type: 'extras.open' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ statusCode: 1001 }));
  });
});
