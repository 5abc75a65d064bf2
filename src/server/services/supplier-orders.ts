/**
 * Orders a real supplier keeps for our bookings (Duffel's, issue 17) follow the traveller's payment. A booking
 * paid later is held unpaid at the supplier, so the agency's money is not spent on a traveller who never pays:
 * once its payment order is paid (CPO, SQ) the held order is paid from the agency's balance; once it expires or
 * is cancelled (EPO, POC) the supplier's order is cancelled, held or already paid, so neither its seats nor the
 * agency's money stay taken. The traveller's deadline ends before the supplier's hold does
 * (domain/booking.ts heldOrderTimeLimit), and this job runs every minute.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { bookings, paymentOrders, type SupplierOrderStatus } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { PaymentOrderStatus } from '../../contract/postsale.ts';

const PAID: PaymentOrderStatus[] = ['CPO', 'SQ'];
const UNPAID_FOR_GOOD: PaymentOrderStatus[] = ['EPO', 'POC'];

/** The supplier order ids a run moved, by where they went ('kept': never paid, but the supplier would not cancel them). */
export type SupplierOrderRun = Record<Exclude<SupplierOrderStatus, 'held'>, string[]>;

/** The configured supplier's order calls; an order held by a supplier no longer configured fails (and is retried) until it is again. */
function orderCalls(deps: AppDeps) {
  const { supplier } = deps;
  const missing = (orderId: string) => new Error(`No configured supplier keeps order ${orderId} (is DUFFEL_ACCESS_TOKEN set?).`);
  return {
    pay: async (orderId: string) => {
      if (!supplier.payHeld) throw missing(orderId);
      await supplier.payHeld(orderId);
    },
    cancel: async (orderId: string) => {
      if (!supplier.cancelOrder) throw missing(orderId);
      return supplier.cancelOrder(orderId);
    },
  };
}

/**
 * Pays the held orders whose traveller paid and cancels those whose traveller never will; answers the supplier
 * order ids it moved. Each move is written only if the booking's supplier order is still where it was read
 * (another process may have moved it), and the supplier's calls are idempotent anyway: paying a paid order
 * asks nothing, a cancelled one offers no cancellation. A failure is recorded on its booking and retried on the
 * next run; it does not hold the others back, and the run then fails naming it.
 */
export async function settleSupplierOrders(deps: AppDeps): Promise<SupplierOrderRun> {
  const due = await deps.db
    .select({ bookingId: bookings.id, orderId: bookings.supplierOrderId, status: bookings.supplierOrderStatus, payment: paymentOrders.status })
    .from(bookings)
    .innerJoin(paymentOrders, eq(paymentOrders.number, bookings.paymentOrderNumber))
    .where(
      or(
        and(eq(bookings.supplierOrderStatus, 'held'), inArray(paymentOrders.status, PAID)),
        and(inArray(bookings.supplierOrderStatus, ['held', 'paid']), inArray(paymentOrders.status, UNPAID_FOR_GOOD)),
      ),
    )
    .orderBy(asc(bookings.updatedAt));
  const calls = orderCalls(deps);
  const run: SupplierOrderRun = { paid: [], cancelled: [], kept: [] };
  const failures: Error[] = [];
  for (const { bookingId, orderId, status, payment } of due) {
    if (!orderId || !status) continue;
    const stillAsRead = and(eq(bookings.id, bookingId), eq(bookings.supplierOrderStatus, status));
    const move = async (to: keyof SupplierOrderRun) => {
      await deps.db.update(bookings).set({ supplierOrderStatus: to, supplierOrderError: null, updatedAt: deps.now() }).where(stillAsRead);
      run[to].push(orderId);
    };
    try {
      if (PAID.includes(payment)) {
        await calls.pay(orderId);
        await move('paid');
      } else {
        await move((await calls.cancel(orderId)) ? 'cancelled' : 'kept');
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.db.update(bookings).set({ supplierOrderError: message.slice(0, 500), updatedAt: deps.now() }).where(stillAsRead);
      failures.push(new Error(`supplier order ${orderId}: ${message}`, { cause: error }));
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} supplier order(s) could not be settled: ${failures.map((failure) => failure.message).join('; ')}`);
  return run;
}
