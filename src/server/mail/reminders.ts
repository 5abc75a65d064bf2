/**
 * One payment reminder per unpaid cash or bank order (PagoEfectivo, SafetyPay): two hours before its
 * deadline, or half-way through it when the whole deadline is shorter than four hours. A periodic job
 * enqueues it; the outbox's dedupe key keeps it to one whatever the runs and processes.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { BANK_ORDER_PROVIDER_CODES } from '../../../machines/booking-confirmation.rules.ts';
import { paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueBookingMail } from './outbox.ts';

const REMINDER_LEAD_MS = 2 * 60 * 60_000;

/** When an order created at `createdAt` and due at `expiresAt` gets its reminder. */
export function reminderTimeOf(order: { createdAt: Date; expiresAt: Date }): Date {
  const halfWay = order.createdAt.getTime() + (order.expiresAt.getTime() - order.createdAt.getTime()) / 2;
  return new Date(Math.max(order.expiresAt.getTime() - REMINDER_LEAD_MS, halfWay));
}

const unpaidBankOrder = (now: Date) =>
  and(eq(paymentOrders.status, 'PP'), inArray(paymentOrders.providerCode, [...BANK_ORDER_PROVIDER_CODES]), gt(paymentOrders.expiresAt, now));

/** Enqueues the reminders now due; returns the order numbers reminded by this run. */
export async function enqueuePaymentReminders(deps: AppDeps): Promise<string[]> {
  const now = deps.now();
  const unpaid = await deps.db.select().from(paymentOrders).where(unpaidBankOrder(now));
  const reminded: string[] = [];
  for (const order of unpaid.filter((candidate) => reminderTimeOf(candidate) <= now)) {
    // Under the order's lock, still unpaid: a payment committed meanwhile gets no reminder.
    const created = await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(paymentOrders).where(and(eq(paymentOrders.number, order.number), unpaidBankOrder(now))).for('update');
      return locked ? enqueueBookingMail(tx, deps, { bookingId: locked.bookingId, kind: 'payment-reminder' }) : null;
    });
    if (created?.created) reminded.push(order.number);
  }
  return reminded;
}
