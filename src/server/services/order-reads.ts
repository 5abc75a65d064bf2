import { and, eq } from 'drizzle-orm';
import { cardBrandSchema, PaymentProvider, type BookingSuccess } from '../../contract/checkout.ts';
import { postSaleErrorCodes, type PaymentOrder } from '../../contract/postsale.ts';
import { bookings, paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';

type BookingRow = typeof bookings.$inferSelect;

const orderNotFound = () => new ApiFailure(404, postSaleErrorCodes.orderNotFound, 'No order you may see has this number.');

/** PayMe's two codes (spec 2 §9: 119 and 126 pay-me). */
const PAYME_CODES: readonly number[] = [PaymentProvider.payMe, PaymentProvider.payMeAlt];

/**
 * A payment order as the payment screens show it (spec 3 §3 `GET engines/orderNumber/{orderNumber}`): its
 * number, status, amount and provider, the booking's code and lead passenger, and the card only masked.
 * `booking` is the one the access guard proved the caller may see: a number of another booking is not found.
 */
export async function paymentOrderOf(deps: Pick<AppDeps, 'db'>, booking: BookingRow, orderNumber: string): Promise<PaymentOrder> {
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.number, orderNumber), eq(paymentOrders.bookingId, booking.id)));
  if (!order || !booking.pnr) throw orderNotFound();
  const lead = booking.passengers[0];
  const card = booking.storedCard;
  const brand = card ? cardBrandSchema.safeParse(card.brand) : null;
  return {
    number: order.number,
    status: order.status,
    amount: order.amount,
    datetime: order.createdAt.toISOString(),
    reference: booking.pnr,
    provider: { id: order.providerCode, currency: order.currency },
    client: { name: lead?.firstName ?? '', lastName: lead?.lastName ?? '', document: { docID: '' } },
    paymentDetail:
      card && brand?.success
        ? { paymentCard: { name: lead?.firstName ?? '', lastName: lead?.lastName ?? '', email: booking.contactEmail, cardMask: `******${card.last4}`, cardBrand: brand.data } }
        : null,
  };
}

/** The payment provider that collects an order (spec 2 §7 "payment-provider code by order number"). */
export async function paymentProviderCodeOf(deps: Pick<AppDeps, 'db'>, booking: BookingRow, orderNumber: string): Promise<number> {
  return (await paymentOrderOf(deps, booking, orderNumber)).provider.id;
}

/** An order (spec 3 §7 `GET engines/order/{id}`): the booking's answer, with its booking payment status (spec 3 §6) as it is now. */
export function orderOf(booking: BookingRow): BookingSuccess {
  const result = booking.result;
  if (!result) throw orderNotFound();
  return { ...result, paymentDetails: { ...result.paymentDetails, status: booking.status as BookingSuccess['paymentDetails']['status'] } };
}

/** The PayMe payment of an order (spec 3 §7 `GET engines/payme/{id}`): its order number, status and page; 404 when PayMe does not collect it. */
export async function payMeOrderOf(deps: Pick<AppDeps, 'db'>, booking: BookingRow): Promise<PaymentOrder> {
  const number = booking.paymentOrderNumber;
  if (!number || !PAYME_CODES.includes(booking.paymentProviderCode)) throw orderNotFound();
  return paymentOrderOf(deps, booking, number);
}
