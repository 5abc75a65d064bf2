import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, paymentNotifications, paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { transitionPaymentOrder } from '../services/order-lifecycle.ts';

export type SettledOrder = 'paid' | 'expired' | 'cancelled' | 'pending';

/** A payment order with its booking, where the order is paid with one of the provider's codes (isProvider); otherwise a 404 naming the provider. */
export async function providerOrderOf(deps: Pick<AppDeps, 'db'>, orderNumber: string, isProvider: (providerCode: number) => boolean, provider: string) {
  const [row] = await deps.db.select({ order: paymentOrders, booking: bookings }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, orderNumber));
  if (!row || !isProvider(row.order.providerCode)) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No ${provider} payment order has the number ${orderNumber}.`);
  return row;
}

/**
 * A provider says the order's money is in: PP becomes CPO (its booking and session completed payment, the
 * status mail enqueued, all in the move's transaction), or EPO past its time limit. A repeated or
 * concurrent report finds the order already moved (the order row lock orders them) and changes nothing;
 * the answer is the order's status as stored.
 */
export async function settlePaidOrder(deps: AppDeps, order: { number: string; expiresAt: Date }): Promise<SettledOrder> {
  const overdue = order.expiresAt.getTime() <= deps.now().getTime();
  try {
    await transitionPaymentOrder(deps, order.number, overdue ? 'order.expire' : 'order.pay');
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 409)) throw error;
  }
  return storedOutcome(deps, order.number);
}

/** The order's status as stored, in the words of the pages. */
export async function storedOutcome(deps: AppDeps, orderNumber: string): Promise<SettledOrder> {
  const [row] = await deps.db.select({ status: paymentOrders.status }).from(paymentOrders).where(eq(paymentOrders.number, orderNumber));
  switch (row?.status) {
    case 'CPO':
    case 'SQ':
      return 'paid';
    case 'EPO':
      return 'expired';
    case 'PP':
      return 'pending';
    default:
      return 'cancelled';
  }
}

/** A provider's report about one order, taken once per event id. */
export interface ProviderReport {
  eventId: string;
  providerCode: number;
  eventType: string;
}

/**
 * What a report does to a pending order: `true` the money is in (settle it), `'expires'` the provider's
 * payment code lapsed (the order expires with it, PagoEfectivo's cip.expired), `false` nothing.
 */
export type ReportEffect = boolean | 'expires';

/**
 * Takes a provider's report once per event id and, when it says the money is in (`pays`), settles the
 * order; when it says the provider's code expired, expires it. Reports about one order queue behind each
 * other on the order's row lock, in one transaction with the settlement: a redelivery that arrives while
 * the first is still settling answers the settled status, and a failure leaves the report untaken, so the
 * provider's next delivery settles the order.
 */
export async function settleReportOnce(
  deps: AppDeps,
  order: { number: string; expiresAt: Date },
  report: ProviderReport,
  pays: ReportEffect,
): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  return deps.db.transaction(async (tx) => {
    // The settlement's own transaction nests in this one (a savepoint).
    const within: AppDeps = { ...deps, db: tx as unknown as Database };
    const [locked] = await tx.select({ status: paymentOrders.status }).from(paymentOrders).where(eq(paymentOrders.number, order.number)).for('update');
    const taken = await tx
      .insert(paymentNotifications)
      .values({ ...report, receivedAt: deps.now() })
      .onConflictDoNothing({ target: paymentNotifications.eventId })
      .returning({ eventId: paymentNotifications.eventId });
    const duplicate = taken.length === 0;
    if (duplicate || !pays || locked?.status !== 'PP') return { duplicate, payment: await storedOutcome(within, order.number) };
    if (pays === 'expires') {
      await transitionPaymentOrder(within, order.number, 'order.expire');
      return { duplicate, payment: await storedOutcome(within, order.number) };
    }
    return { duplicate, payment: await settlePaidOrder(within, order) };
  });
}
