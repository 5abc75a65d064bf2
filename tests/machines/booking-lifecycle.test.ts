import { describe, expect, it } from 'vitest';
import { BOOKING_PAYMENT_STATUS } from '../../src/contract/checkout.ts';
import { PAYMENT_ORDER_TRANSITIONS, type PaymentOrderStatus } from '../../src/contract/postsale.ts';
import {
  bookingStatusCodeOf,
  bookingStatusMachine,
  nextBookingStatus,
  type BookingStatusEvent,
} from '../../machines/booking-status.machine.ts';
import { nextPaymentOrderStatus, paymentOrderMachine } from '../../machines/payment-order.machine.ts';
import { paymentOrderEvents, planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('booking status machine', () => {
  const plan = planOf('bookingStatus');

  it('reaches every state and takes every transition', () => {
    expectFullCoverage('bookingStatus', plan.coverage);
  });

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    const snapshots = replayPath(bookingStatusMachine, path);
    // Every state it passes through is one of the spec's numeric statuses.
    for (const snapshot of snapshots) expect(Object.keys(BOOKING_PAYMENT_STATUS).map(Number)).toContain(bookingStatusCodeOf(snapshot));
  });

  it('names its states after the spec’s statuses, numbered 0–8 and 15', () => {
    const names = Object.keys(bookingStatusMachine.root.states).sort();
    expect(names).toEqual(Object.values(BOOKING_PAYMENT_STATUS).sort());
  });

  it('goes 0 → 1 → 2 → 3 → 6 → 15 for a paid and ticketed booking', () => {
    const steps: Array<[number, BookingStatusEvent['type']]> = [
      [0, 'booking.start'],
      [1, 'booking.confirm'],
      [2, 'payment.complete'],
      [3, 'ticketing.start'],
      [6, 'ticketing.process'],
    ];
    expect(steps.map(([status, event]) => nextBookingStatus(status, event))).toEqual([1, 2, 3, 6, 15]);
  });

  it('refuses illegal moves: paying an expired order, ticketing an unpaid booking, anything after 15 or 8, unknown statuses', () => {
    expect(nextBookingStatus(7, 'payment.complete')).toBeNull();
    expect(nextBookingStatus(2, 'ticketing.start')).toBeNull();
    expect(nextBookingStatus(15, 'booking.cancel')).toBeNull();
    expect(nextBookingStatus(8, 'booking.start')).toBeNull();
    expect(nextBookingStatus(3, 'booking.cancel')).toBeNull();
    expect(nextBookingStatus(9, 'booking.start')).toBeNull();
  });

  it('lets a denied card be retried, and an unpaid booking be cancelled', () => {
    expect(nextBookingStatus(4, 'payment.retry')).toBe(2);
    for (const status of [2, 4, 5, 7]) expect(nextBookingStatus(status, 'booking.cancel')).toBe(8);
  });
});

describe('payment order machine', () => {
  const plan = planOf('paymentOrder');

  it('reaches every state and takes every transition', () => {
    expectFullCoverage('paymentOrder', plan.coverage);
  });

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    const snapshots = replayPath(paymentOrderMachine, path);
    expect(snapshots).toHaveLength(path.steps.length - 1);
  });

  it('allows exactly the moves of PAYMENT_ORDER_TRANSITIONS: PP to CPO, SQ, POC or EPO, nothing after', () => {
    for (const from of Object.keys(PAYMENT_ORDER_TRANSITIONS) as PaymentOrderStatus[]) {
      const reachable = paymentOrderEvents.map((event) => nextPaymentOrderStatus(from, event.type)).filter((to) => to !== null);
      expect(reachable.sort()).toEqual([...PAYMENT_ORDER_TRANSITIONS[from]].sort());
    }
    expect(nextPaymentOrderStatus('XX', 'order.pay')).toBeNull();
  });
});
