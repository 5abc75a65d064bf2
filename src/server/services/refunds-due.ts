/**
 * Refunds due (issue 36): money that arrived for an order that no longer takes it (expired, cancelled,
 * already paid by another payment), and extras paid on a booking that expired or was cancelled. Each is
 * recorded once per provider payment, with the operator's mail, in the caller's transaction: never taken
 * silently, never dropped.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { BOOK_SEATS_STATUS } from '../../contract/postsale.ts';
import { bookings, postSalePurchases, refundsDue, soldBaggages, soldSeats, type RefundDueReason } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueRefundDueMail } from '../mail/refund-due.ts';

export interface RefundDue {
  bookingId: string;
  paymentOrderNumber: string | null;
  provider: string;
  paymentReference: string;
  amount: number;
  currency: string;
  reason: RefundDueReason;
}

/** Records one refund due and its operator mail in `tx`; false when that payment's refund was recorded already. */
export async function recordRefundDue(tx: Transaction | Database, deps: Pick<AppDeps, 'now'>, due: RefundDue): Promise<boolean> {
  const at = deps.now();
  const inserted = await tx
    .insert(refundsDue)
    .values({ id: randomUUID(), ...due, createdAt: at })
    .onConflictDoNothing({ target: refundsDue.paymentReference })
    .returning({ id: refundsDue.id });
  if (inserted.length === 0) return false;
  const [booking] = await tx.select({ pnr: bookings.pnr, orderId: bookings.orderId }).from(bookings).where(eq(bookings.id, due.bookingId));
  await enqueueRefundDueMail(tx, due.bookingId, { ...due, pnr: booking?.pnr ?? booking?.orderId ?? due.bookingId }, at);
  return true;
}

/** The booking's refunds due, oldest first. */
export const refundsDueOf = (db: Transaction | Database, bookingId: string) => db.select().from(refundsDue).where(eq(refundsDue.bookingId, bookingId)).orderBy(asc(refundsDue.createdAt), asc(refundsDue.id));

/** A post-sale purchase that took money: issued (in full or in part) for an amount. */
const PAID_PURCHASE_CODES: readonly number[] = [BOOK_SEATS_STATUS.ok, BOOK_SEATS_STATUS.partial];

/**
 * A booking that expired or was cancelled gives up its extras, in `tx` (the move's transaction): its
 * seats and bags are freed for others, and each post-sale purchase that was paid (card or credit line)
 * becomes a refund due, once per purchase. Safe to run again: a freed seat is gone, a refund is recorded once.
 */
export async function releaseExtrasOfClosedBooking(tx: Transaction | Database, deps: Pick<AppDeps, 'now'>, bookingId: string, reason: Extract<RefundDueReason, 'booking-expired' | 'booking-cancelled'>): Promise<void> {
  await tx.delete(soldSeats).where(eq(soldSeats.bookingId, bookingId));
  await tx.delete(soldBaggages).where(eq(soldBaggages.bookingId, bookingId));
  const purchases = await tx.select().from(postSalePurchases).where(eq(postSalePurchases.bookingId, bookingId)).orderBy(asc(postSalePurchases.createdAt), asc(postSalePurchases.id));
  for (const purchase of purchases) {
    if (purchase.statusCode === null || !PAID_PURCHASE_CODES.includes(purchase.statusCode) || purchase.amount <= 0) continue;
    await recordRefundDue(tx, deps, {
      bookingId,
      paymentOrderNumber: null,
      provider: purchase.paymentType === 'CASH' ? `Línea de crédito ${purchase.creditAccountId ?? ''}`.trim() : `Tarjeta${purchase.card ? ` ${purchase.card.brand} •••• ${purchase.card.last4}` : ''}`,
      paymentReference: `postsale:${purchase.id}`,
      amount: purchase.amount,
      currency: 'USD',
      reason,
    });
  }
}
