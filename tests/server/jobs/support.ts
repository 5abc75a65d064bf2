import { eq } from 'drizzle-orm';
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
