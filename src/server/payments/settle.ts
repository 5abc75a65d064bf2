import { eq } from 'drizzle-orm';
import { paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { transitionPaymentOrder } from '../services/order-lifecycle.ts';

export type SettledOrder = 'paid' | 'expired' | 'cancelled' | 'pending';

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
