import { eq, sql, type SQL } from 'drizzle-orm';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { bookings, paymentOrders } from '../../../src/server/db/schema/index.ts';
import type { AppDeps } from '../../../src/server/deps.ts';
import { periodicJobs } from '../../../src/server/jobs/registry.ts';
import { book, bookingFor, searchOffers, withLeadLastName, type TestApi } from '../checkout/support.ts';

/** The registry's jobs, every `seconds`: a test sees runs without waiting a minute. */
export const periodicJobsEvery = (seconds: number) => periodicJobs.map((job) => ({ ...job, everySeconds: seconds }));

/** A cash booking whose payment order is pending (PP) and due within 6 hours of the test clock. */
export async function bookPendingCashOrder(api: TestApi, leadLastName: string): Promise<BookingSuccess> {
  const offer = (await searchOffers(api)).find((candidate) => candidate.pos.systemProviderCode === 102)!;
  return (await book(api, withLeadLastName(await bookingFor(api, offer), leadLastName))).result as BookingSuccess;
}

/** The stored statuses of a booking and of its payment order. */
export async function statusesOf(deps: AppDeps, booked: BookingSuccess) {
  const [booking] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.pnr, booked.pnr));
  const [order] = await deps.db.select({ status: paymentOrders.status }).from(paymentOrders).where(eq(paymentOrders.number, booked.paymentDetails.orderNumber));
  return { booking: booking?.status, order: order?.status };
}

/** The rows of a raw query on PostgreSQL (node-postgres answers `{ rows }`; the Database type leaves it unknown). */
export const rowsOf = async <Row>(deps: AppDeps, query: SQL) => ((await deps.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** From now on every UPDATE of a payment order is written down (PostgreSQL), whoever makes it: the orders' status history. */
export async function recordPaymentOrderUpdates(deps: AppDeps) {
  await deps.db.execute(
    sql.raw(`
      CREATE TABLE payment_order_updates (number text NOT NULL, old_status text NOT NULL, new_status text NOT NULL);
      CREATE FUNCTION record_payment_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO payment_order_updates VALUES (OLD.number, OLD.status, NEW.status); RETURN NEW; END $$;
      CREATE TRIGGER payment_order_updates AFTER UPDATE ON payment_orders FOR EACH ROW EXECUTE FUNCTION record_payment_order_update();
    `),
  );
}

/** The status moves of one payment order since recordPaymentOrderUpdates. */
export const paymentOrderUpdatesOf = (deps: AppDeps, orderNumber: string) =>
  rowsOf<{ old_status: string; new_status: string }>(deps, sql`SELECT old_status, new_status FROM payment_order_updates WHERE number = ${orderNumber}`);
