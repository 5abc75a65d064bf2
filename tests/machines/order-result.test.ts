import { describe, expect, it } from 'vitest';
import { bookingPaid, seatBookingOutcomeOf, seatBookingReasonOf } from '../../machines/order-result.rules.ts';
import { confirmationSession, SEAT_FAILURE_REASON, SEAT_WARNING_REASON } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('order result machine', () => {
  const { machine, ...plan } = planOf('orderResult');

  it('reaches every state and takes every transition', () => expectFullCoverage('orderResult', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      const { claim, session } = snapshot.context;
      // A success is only ever shown for what the server wrote into the loaded session.
      expect(snapshot.matches('paid') && !bookingPaid(session)).toBe(false);
      // A decline is shown only for a booking the server has and has not seen paid.
      expect(snapshot.matches('paymentDeclined') && (bookingPaid(session) || session?.booking?.pnr === undefined)).toBe(false);
      expect(snapshot.matches('seatOutcome') && (claim.kind !== 'seatBooking' || claim.outcome !== seatBookingOutcomeOf(session))).toBe(false);
    }
  });
});

describe('order result rules', () => {
  it('calls a booking paid only when its status is paid or the payment service processed it', () => {
    expect(bookingPaid(confirmationSession('paidCard'))).toBe(true);
    expect(bookingPaid({ ...confirmationSession('card'), paymentWasProcessed: true })).toBe(true);
    expect(bookingPaid(confirmationSession('card'))).toBe(false);
    expect(bookingPaid(confirmationSession('failedBooking'))).toBe(false);
    expect(bookingPaid(null)).toBe(false);
  });

  it('reads the stored seat-booking answer: its outcome by status code and its first reason', () => {
    expect(seatBookingOutcomeOf(confirmationSession('seatsBooked'))).toBe('booked');
    expect(seatBookingOutcomeOf(confirmationSession('seatsWarning'))).toBe('warning');
    expect(seatBookingOutcomeOf(confirmationSession('seatsFailed'))).toBe('failed');
    expect(seatBookingOutcomeOf(confirmationSession('cashDeposit'))).toBeNull();
    expect(seatBookingReasonOf(confirmationSession('seatsWarning'))).toBe(SEAT_WARNING_REASON);
    expect(seatBookingReasonOf(confirmationSession('seatsFailed'))).toBe(SEAT_FAILURE_REASON);
    expect(seatBookingReasonOf(confirmationSession('seatsBooked'))).toBeNull();
  });
});
