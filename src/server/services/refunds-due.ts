/**
 * Refunds due (issue 36): money that arrived for an order that no longer takes it (expired, cancelled,
 * already paid by another payment), and extras paid on a booking that expired or was cancelled. Each is
 * recorded once per provider payment, with the operator's mail, in the caller's transaction: never taken
 * silently, never dropped.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { bookings, refundsDue, type RefundDueReason } from '../db/schema/index.ts';
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
