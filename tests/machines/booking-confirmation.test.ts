import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingConfirmationMachine } from '../../machines/booking-confirmation.machine.ts';
import type { SessionLookup } from '../../machines/session-lookup.ts';
import {
  additionalProductsOf,
  completeBookingOf,
  hasAdditionalProducts,
  paymentScreenOfBookingStatus,
  paymentTabOf,
  showsRetryWarning,
} from '../../machines/booking-confirmation.rules.ts';
import { yapeAvailableFor } from '../../src/contract/checkout-policy.ts';
import { confirmationSession } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('booking confirmation machine', () => {
  const { machine, ...plan } = planOf('bookingConfirmation');

  it('reaches every state and takes every transition', () => expectFullCoverage('bookingConfirmation', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The page shows a booking exactly when it is whole; the UPS banner keeps the session but no booking.
      expect(snapshot.context.booking !== null).toBe(snapshot.matches('loaded'));
      expect(snapshot.context.session !== null).toBe(snapshot.matches('loaded') || snapshot.matches('incomplete'));
    }
  });

  it('copies the PNR, then the order id, with the clipboard actor and says so until the notice time passes', async () => {
    const copied: string[] = [];
    const actor = createActor(
      bookingConfirmationMachine.provide({
        actors: {
          loadSession: fromPromise<SessionLookup, { sessionID: string }>(async () => ({ kind: 'found', session: confirmationSession('cashDeposit') })),
          copyText: fromPromise<void, { text: string }>(async ({ input }) => {
            copied.push(input.text);
          }),
        },
        delays: { copiedShown: 10 },
      }),
      { input: { sessionID: confirmationSession('cashDeposit').sessionID, process: 1 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'reference.copy', reference: 'pnr' });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: { copy: 'copied' } }));
    expect(actor.getSnapshot().context.copying).toBe('pnr');
    actor.send({ type: 'reference.copy', reference: 'orderId' });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: { copy: 'copied' } }) && snapshot.context.copying === 'orderId');
    expect(copied).toEqual(['KXQ7TZ', 'ORD-20261122-000123']);
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: { copy: 'idle' } }));
    actor.stop();
  });

  it('retries a failed load and then shows the booking', async () => {
    let calls = 0;
    const actor = createActor(
      bookingConfirmationMachine.provide({
        actors: {
          loadSession: fromPromise<SessionLookup, { sessionID: string }>(async () => {
            calls += 1;
            if (calls === 1) throw new Error('offline');
            return { kind: 'found', session: confirmationSession('card') };
          }),
        },
      }),
      { input: { sessionID: confirmationSession('card').sessionID, process: 1 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'session.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context.booking?.paymentDetails.providerCode).toBe(120);
    actor.stop();
  });
});

describe('booking confirmation rules', () => {
  it('treats a booking without PNR, order, time limit, payment details or a success status as incomplete', () => {
    expect(completeBookingOf(confirmationSession('cashDeposit'))?.pnr).toBe('KXQ7TZ');
    expect(completeBookingOf(confirmationSession('failedBooking'))).toBeNull();
    expect(completeBookingOf({ booking: undefined })).toBeNull();
    expect(completeBookingOf(null)).toBeNull();
    const booking = confirmationSession('cashDeposit').booking!;
    expect(completeBookingOf({ booking: { ...booking, pnr: '' } as never })).toBeNull();
    expect(completeBookingOf({ booking: { ...booking, ticketingTimeLimit: undefined } as never })).toBeNull();
    expect(completeBookingOf({ booking: { ...booking, paymentDetails: undefined } as never })).toBeNull();
    expect(completeBookingOf({ booking: { ...booking, orderID: { id: '' } } as never })).toBeNull();
  });

  it('gives 103 its own payment tab (how to pay later, issue 37), bank and cash-deposit orders the payment-order screen and the rest a status', () => {
    expect(paymentTabOf(103)).toBe('withoutPayment');
    expect([102, 105, 106].map(paymentTabOf)).toEqual(['bankOrder', 'bankOrder', 'bankOrder']);
    expect([104, 119, 120, 121, 122, 123, 126, 137, 139].every((code) => paymentTabOf(code) === 'status')).toBe(true);
  });

  it('maps booking payment statuses to the payment-order screens', () => {
    expect([0, 1, 2].map(paymentScreenOfBookingStatus)).toEqual(['pending', 'pending', 'pending']);
    expect([3, 6, 15].map(paymentScreenOfBookingStatus)).toEqual(['paid', 'paid', 'paid']);
    expect([5, 8].map(paymentScreenOfBookingStatus)).toEqual(['cancelled', 'cancelled']);
    expect(paymentScreenOfBookingStatus(7)).toBe('expired');
    expect([4, 11].map(paymentScreenOfBookingStatus)).toEqual(['error', 'error']);
  });

  it('offers Yape only below a total of 500', () => {
    expect(yapeAvailableFor(499.99)).toBe(true);
    expect(yapeAvailableFor(500)).toBe(false);
    expect(yapeAvailableFor(786.01)).toBe(false);
  });

  it('lists the seats from checkout and after booking, and the bags, with passenger and route', () => {
    const products = additionalProductsOf(confirmationSession('withExtras'));
    expect(products.seats.map((seat) => `${seat.passenger} ${seat.route} ${seat.seat}`)).toEqual([
      'Lucía Quispe Mamani LIM-CUZ 5A',
      'Mateo Huamán Quispe LIM-CUZ 5B',
      'Carlos Huamán Torres CUZ-LIM 8C',
    ]);
    // Bags bought at checkout first (the first traveller, both ways), then those bought after booking.
    expect(products.baggage.map((bag) => `${bag.passenger} ${bag.route} ${bag.name} ${bag.price}`)).toEqual([
      'Lucía Quispe Mamani LIM-CUZ Maleta 23 kg 30',
      'Lucía Quispe Mamani CUZ-LIM Maleta 23 kg 30',
      'Lucía Quispe Mamani LIM-CUZ Primera maleta adicional 23 kg 30',
    ]);
    expect(hasAdditionalProducts(products)).toBe(true);
    expect(hasAdditionalProducts(additionalProductsOf(confirmationSession('cashDeposit')))).toBe(false);
  });
});

describe('the confirmation’s retry warning (spec 3 §4)', () => {
  it('shows from the third same-route booking, or the second on LATAM (CM)', () => {
    expect([undefined, 1, 2].map((attempts) => showsRetryWarning(attempts, 'LA'))).toEqual([false, false, false]);
    expect(showsRetryWarning(3, 'LA')).toBe(true);
    expect(showsRetryWarning(2, 'CM')).toBe(true);
    expect(showsRetryWarning(1, 'cm')).toBe(false);
  });
});
