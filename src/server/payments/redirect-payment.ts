/**
 * The redirect-type providers paid on their own page (SafetyPay 105 and 106, Cuotéalo BCP's redirect 124,
 * spec 3 §9): the provider's signed notification (HMAC-SHA256 of the raw body under the gateway's secret),
 * taken once per provider operation, settles the order through settle.ts. A decline is taken and leaves
 * the order pending, payable again.
 */
import { eq } from 'drizzle-orm';
import { REDIRECT_PAGE_PROVIDER_CODES, REDIRECT_SIGNATURE_HEADER, redirectNotificationSchema, type RedirectNotification } from '../../contract/redirect-payment.ts';
import { bookings, paymentOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { settleReportOnce, type SettledOrder } from './settle.ts';
import { sameSignature, signProviderReport } from './sandbox.ts';

export const signRedirectNotification = (secret: string, rawBody: string) => signProviderReport(secret, 'redirect-provider', rawBody);

export const isRedirectPageProvider = (providerCode: number) => (REDIRECT_PAGE_PROVIDER_CODES as readonly number[]).includes(providerCode);

/** A redirect provider's order with its booking, or a 404 (another provider's order too). */
export async function redirectOrderOf(deps: Pick<AppDeps, 'db'>, orderNumber: string, providerCode: number) {
  const [row] = await deps.db.select({ order: paymentOrders, booking: bookings }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, orderNumber));
  if (!row || row.order.providerCode !== providerCode || !isRedirectPageProvider(providerCode)) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No payment order of provider ${providerCode} has the number ${orderNumber}.`);
  return row;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * POST /api/payments/redirect/notifications: the provider's outcome. Unsigned: 403; another provider's
 * order: 404; another amount: 409, not taken; an operation already taken changes nothing; paid settles a
 * pending order (or expires it past its deadline), declined leaves it pending.
 */
export async function takeRedirectNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  const secret = deps.sandboxPaymentSecret;
  if (!secret || !sameSignature(signRedirectNotification(secret, rawBody), headers.get(REDIRECT_SIGNATURE_HEADER))) {
    throw new ApiFailure(403, 'NOTIFICATION_SIGNATURE_INVALID', 'The notification is not signed by the provider.');
  }
  let notification: RedirectNotification;
  try {
    notification = redirectNotificationSchema.parse(JSON.parse(rawBody));
  } catch {
    throw new ApiFailure(400, 'BAD_REQUEST', 'The notification is not a provider report.');
  }
  const { order } = await redirectOrderOf(deps, notification.orderNumber, notification.providerCode);
  if (cents(notification.amount) !== cents(order.amount)) throw new ApiFailure(409, 'PAYMENT_AMOUNT_MISMATCH', `Payment order ${order.number} is for ${order.amount.toFixed(2)} USD.`);
  const report = { eventId: `redirect:${notification.providerCode}:${notification.operationId}`, providerCode: notification.providerCode, eventType: notification.result };
  return settleReportOnce(deps, order, report, notification.result === 'paid');
}
