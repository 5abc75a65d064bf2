import { eq } from 'drizzle-orm';
import { PAYMENT_PROVIDER_NAMES } from '../../contract/checkout.ts';
import type { Database } from '../db/client.ts';
import { bookings, paymentNotifications, paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { transitionPaymentOrder } from '../services/order-lifecycle.ts';
import { recordRefundDue } from '../services/refunds-due.ts';

export type SettledOrder = 'paid' | 'expired' | 'cancelled' | 'pending';

/** A payment order with its booking, where the order is paid with one of the provider's codes (isProvider); otherwise a 404 naming the provider. */
export async function providerOrderOf(deps: Pick<AppDeps, 'db'>, orderNumber: string, isProvider: (providerCode: number) => boolean, provider: string) {
  const [row] = await deps.db.select({ order: paymentOrders, booking: bookings }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, orderNumber));
  if (!row || !isProvider(row.order.providerCode)) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No ${provider} payment order has the number ${orderNumber}.`);
  return row;
}

/** A payment a provider took for an order: its reference at the provider, and the money as the provider took it. */
export interface ArrivedPayment {
  providerCode: number;
  /** Unique per provider payment (a CIP, a transfer id, an operation id): the same payment reported again is this reference again. */
  reference: string;
  amount: number;
  currency: string;
}

const REFUND_REASON_OF = { EPO: 'order-expired', POC: 'order-cancelled', CPO: 'order-already-paid', SQ: 'order-already-paid' } as const;

/**
 * The one place a payment's arrival is taken, in the caller's transaction with the order's row locked (or
 * locked here): a pending order within its time limit is paid by it (CPO, the booking and session with it,
 * the status mail enqueued) and remembers the payment; one past its time limit expires (EPO). Money that
 * arrives for an expired, cancelled or already paid order (by another payment) is a refund due, recorded
 * once with the operator's mail; the order keeps its status. The same payment reported again changes nothing.
 */
async function takeArrivedPayment(deps: AppDeps, orderNumber: string, payment: ArrivedPayment): Promise<void> {
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, orderNumber)).for('update');
  if (!order) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No payment order has the number ${orderNumber}.`);
  let status = order.status;
  if (status === 'PP' && order.expiresAt.getTime() > deps.now().getTime()) {
    await transitionPaymentOrder(deps, order.number, 'order.pay');
    await deps.db.update(paymentOrders).set({ paidBy: payment.reference }).where(eq(paymentOrders.number, order.number));
    return;
  }
  if (status === 'PP') status = (await transitionPaymentOrder(deps, order.number, 'order.expire')).order;
  if (order.paidBy === payment.reference || !(status in REFUND_REASON_OF)) return;
  await recordRefundDue(deps.db, deps, {
    bookingId: order.bookingId,
    paymentOrderNumber: order.number,
    provider: PAYMENT_PROVIDER_NAMES[payment.providerCode as keyof typeof PAYMENT_PROVIDER_NAMES] ?? String(payment.providerCode),
    paymentReference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
    reason: REFUND_REASON_OF[status as keyof typeof REFUND_REASON_OF],
  });
}

/** Runs `work` in a transaction of its own (a savepoint inside the caller's), with deps whose db is that transaction. */
const withinTransaction = <T>(deps: AppDeps, work: (within: AppDeps) => Promise<T>) =>
  deps.db.transaction((tx) => work({ ...deps, db: tx as unknown as Database }));

/**
 * A provider says the order's money is in: taken by takeArrivedPayment (paid, expired past its time limit,
 * or a refund due). A repeated or concurrent report queues on the order's row lock and finds the payment
 * taken; the answer is the order's status as stored.
 */
export async function settlePaidOrder(deps: AppDeps, order: { number: string }, payment: ArrivedPayment): Promise<SettledOrder> {
  await withinTransaction(deps, (within) => takeArrivedPayment(within, order.number, payment));
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
 * What a report does: the payment that came in (taken whatever the order's status: settle it, or a refund
 * due), `'expires'` the provider's payment code lapsed (a pending order expires with it, PagoEfectivo's
 * cip.expired), `false` nothing.
 */
export type ReportEffect = ArrivedPayment | 'expires' | false;

/**
 * Takes a provider's report once per event id and, when it says the money is in (`pays`), takes the
 * payment (takeArrivedPayment); when it says the provider's code expired, expires a pending order.
 * Reports about one order queue behind each other on the order's row lock, in one transaction with the settlement: a redelivery that arrives while
 * the first is still settling answers the settled status, and a failure leaves the report untaken, so the
 * provider's next delivery settles the order.
 */
export async function settleReportOnce(
  deps: AppDeps,
  order: { number: string; expiresAt: Date },
  report: ProviderReport,
  pays: ReportEffect,
): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  // The settlement's own transaction nests in this one (a savepoint).
  return withinTransaction(deps, async (within) => {
    const [locked] = await within.db.select({ status: paymentOrders.status }).from(paymentOrders).where(eq(paymentOrders.number, order.number)).for('update');
    const taken = await within.db
      .insert(paymentNotifications)
      .values({ ...report, receivedAt: deps.now() })
      .onConflictDoNothing({ target: paymentNotifications.eventId })
      .returning({ eventId: paymentNotifications.eventId });
    const duplicate = taken.length === 0;
    if (!duplicate && pays === 'expires' && locked?.status === 'PP') await transitionPaymentOrder(within, order.number, 'order.expire');
    else if (!duplicate && pays && pays !== 'expires') await takeArrivedPayment(within, order.number, pays);
    return { duplicate, payment: await storedOutcome(within, order.number) };
  });
}
