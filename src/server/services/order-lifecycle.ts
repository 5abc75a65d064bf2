/**
 * Lifecycle moves after booking: bookings and their payment orders change status only as the
 * booking-status and payment-order machines allow.
 */
import { and, asc, eq, lte, type SQL } from 'drizzle-orm';
import { errorCodes } from '../../contract/common.ts';
import { bookingPaymentStatusSchema } from '../../contract/checkout.ts';
import { completeBookingOf } from '../../../machines/booking-confirmation.rules.ts';
import { nextBookingStatus, type BookingStatusEventType } from '../../../machines/booking-status.machine.ts';
import { nextPaymentOrderStatus, type PaymentOrderEventType } from '../../../machines/payment-order.machine.ts';
import type { Transaction } from '../db/client.ts';
import { bookings, paymentOrders, sessions } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { enqueueBookingMail } from '../mail/outbox.ts';
import { releaseExtrasOfClosedBooking } from './refunds-due.ts';

export function requireStatus(current: number, event: BookingStatusEventType): number {
  const next = nextBookingStatus(current, event);
  if (next === null) throw new ApiFailure(409, 'ILLEGAL_TRANSITION', `A booking in status ${current} cannot take ${event}.`);
  return next;
}

/** Moves a booking along its lifecycle; 409 when the machine does not allow the move. */
export async function transitionBooking(deps: AppDeps, bookingId: string, event: BookingStatusEventType): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!row) throw new ApiFailure(404, errorCodes.notFound, `No booking has the id ${bookingId}.`);
    const status = requireStatus(row.status, event);
    await tx.update(bookings).set({ status, updatedAt: deps.now() }).where(eq(bookings.id, bookingId));
    return status;
  });
}

const orderToBookingEvent: Record<PaymentOrderEventType, BookingStatusEventType> = {
  'order.pay': 'payment.complete',
  'order.settle': 'payment.complete',
  'order.cancel': 'payment.cancel',
  'order.expire': 'payment.expire',
};

/**
 * Moves a payment order (and its booking) along the PP → CPO/SQ/POC/EPO lifecycle; 409 when illegal.
 * The booking's session moves with them in the same transaction, so the pages after booking read the
 * new payment status (and `paymentWasProcessed` once paid), and the payment status mail is enqueued.
 */
export async function transitionPaymentOrder(deps: AppDeps, orderNumber: string, event: PaymentOrderEventType) {
  const moved = await movePaymentOrder(deps, orderNumber, event);
  if (!moved) throw new ApiFailure(404, errorCodes.notFound, `No payment order has the number ${orderNumber}.`);
  return moved;
}

/**
 * The move itself, on the order's locked row; null when no order has that number or, with `onlyIf`,
 * when the locked row no longer meets it (checked after the lock: what another transaction committed
 * meanwhile is what counts).
 */
async function movePaymentOrder(deps: AppDeps, orderNumber: string, event: PaymentOrderEventType, onlyIf?: SQL) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(and(eq(paymentOrders.number, orderNumber), onlyIf)).for('update');
    if (!order) return null;
    const next = nextPaymentOrderStatus(order.status, event);
    if (next === null) throw new ApiFailure(409, 'ILLEGAL_TRANSITION', `A payment order in status ${order.status} cannot take ${event}.`);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, order.bookingId)).for('update');
    const bookingStatus = booking ? requireStatus(booking.status, orderToBookingEvent[event]) : null;
    const at = deps.now();
    await tx.update(paymentOrders).set({ status: next, updatedAt: at }).where(eq(paymentOrders.number, orderNumber));
    if (booking && bookingStatus !== null) {
      await tx.update(bookings).set({ status: bookingStatus, updatedAt: at }).where(eq(bookings.id, booking.id));
      await recordPaymentStatusInSession(tx, booking.sessionId, orderNumber, bookingStatus, PAID_ORDER_STATUSES.includes(next));
      // A booking that closes unpaid frees its extras and owes back those paid, before its mail tells them.
      if (event === 'order.expire' || event === 'order.cancel') await releaseExtrasOfClosedBooking(tx, deps, booking.id, event === 'order.expire' ? 'booking-expired' : 'booking-cancelled');
      // The traveller hears of the new status by mail, written with the move: committed together or not at all.
      await enqueueBookingMail(tx, deps, { bookingId: booking.id, kind: 'payment-status' });
    }
    return { order: next, booking: bookingStatus };
  });
}

const PAID_ORDER_STATUSES: readonly string[] = ['CPO', 'SQ'];

/** The session's copy of the booking takes the booking's new payment status, when it is that order's booking. */
async function recordPaymentStatusInSession(tx: Transaction, sessionId: string, orderNumber: string, status: number, paid: boolean) {
  const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  const booking = completeBookingOf(session?.data ?? null);
  if (!session || !booking || booking.paymentDetails.orderNumber !== orderNumber) return;
  const moved = { ...booking, paymentDetails: { ...booking.paymentDetails, status: bookingPaymentStatusSchema.parse(status) } };
  await tx
    .update(sessions)
    .set({ data: { ...session.data, booking: moved, ...(paid ? { paymentWasProcessed: true } : {}) } })
    .where(eq(sessions.id, session.id));
}

/**
 * Pending orders past their deadline (cash within 6 h) become EPO, their bookings expired (7); returns
 * the orders this call expired. Safe with several processes running it at once: each order is checked
 * again under its row lock, so one already moved (expired by another process, or paid meanwhile) is
 * skipped, never an error, and each order expires once. An order that fails does not hold the others
 * back: the rest expire, then the run fails naming it.
 */
export async function expireOverduePaymentOrders(deps: AppDeps): Promise<string[]> {
  const overdue = and(eq(paymentOrders.status, 'PP'), lte(paymentOrders.expiresAt, deps.now()));
  // The longest overdue first: a run cut short (its process killed) leaves the latest ones for the next.
  const due = await deps.db.select({ number: paymentOrders.number }).from(paymentOrders).where(overdue).orderBy(asc(paymentOrders.expiresAt), asc(paymentOrders.number));
  const expired: string[] = [];
  const failures: Error[] = [];
  for (const { number } of due) {
    try {
      if (await movePaymentOrder(deps, number, 'order.expire', overdue)) expired.push(number);
    } catch (error) {
      failures.push(new Error(`order ${number}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} overdue order(s) could not expire: ${failures.map((failure) => failure.message).join('; ')}`);
  return expired;
}
