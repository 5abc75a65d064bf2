/**
 * Paying a booking with PayPal (provider 139): the order made at PayPal for our payment order, the capture
 * when the payer returns, and PayPal's notifications. Whatever way the money's arrival is learnt (the
 * capture or a notification), the order is settled by the same move as every provider's (settle.ts).
 */
import { eq } from 'drizzle-orm';
import { PaymentProvider } from '../../contract/checkout.ts';
import type { Language } from '../../contract/common.ts';
import { PAYPAL_DESCRIPTION, type WalletPaymentOutcome } from '../../contract/paypal.ts';
import { bookings, paymentNotifications, paymentOrders, walletPayments } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import type { WalletGateway, WalletItem, WalletOrderRequest } from './gateway.ts';
import { payPalSandboxGateway } from './paypal-sandbox.ts';
import { payPalApiGateway } from './paypal-api.ts';
import { pageTokenSecret } from './page-token.ts';
import { isPaymentPageToken } from './sandbox.ts';
import { settlePaidOrder, storedOutcome } from './settle.ts';

/**
 * PayPal's gateway under the configured one: PayPal's Orders v2 API when PAYPAL_* is complete, else the
 * sandbox's stand-in, or none (then 139 is not offered).
 */
export function payPalGatewayOf(deps: AppDeps): WalletGateway | null {
  const { sandboxPaymentSecret, payPal } = deps;
  if (payPal) return payPalApiGateway(payPal);
  return sandboxPaymentSecret ? payPalSandboxGateway({ ...deps, sandboxPaymentSecret }) : null;
}

const cents = (amount: number) => Math.round(amount * 100);
const decimal = (amountInCents: number) => (amountInCents / 100).toFixed(2);

/**
 * One line per passenger and flight leg (spec 3 §9: Orders v2 has no airline data, so the itinerary goes
 * in the items). The total is shared out in cents, the odd cents to the first lines, so the items add up
 * to the amount exactly as PayPal checks.
 */
export function payPalItems(total: number, passengers: ReadonlyArray<{ firstName: string; lastName: string; type: string }>, route: string): WalletItem[] {
  const legs = route.split(' / ');
  const lines = passengers.flatMap((passenger) => legs.map((leg) => ({ passenger, leg })));
  const share = Math.floor(cents(total) / lines.length);
  const odd = cents(total) - share * lines.length;
  return lines.map(({ passenger, leg }, index) => ({
    name: `${passenger.firstName} ${passenger.lastName} (${passenger.type}) ${leg}`.slice(0, 127),
    sku: `${passenger.type}-${leg.slice(0, 7)}`,
    quantity: '1',
    unitAmount: { currency: 'USD', value: decimal(share + (index < odd ? 1 : 0)) },
  }));
}

/** The PayPal order of a pending booking, opened with the order's page token; 403 without it. */
async function payPalOrderOf(deps: AppDeps, orderNumber: string, token: string) {
  if (!isPaymentPageToken(pageTokenSecret(deps), orderNumber, token)) {
    throw new ApiFailure(403, 'PAYMENT_TOKEN_INVALID', 'This payment link is not valid: open the payment from your booking.', [{ path: 'json.token', code: 'invalid', value: 'Not this order’s token' }]);
  }
  const [row] = await deps.db.select({ order: paymentOrders, booking: bookings }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, orderNumber));
  if (!row || row.order.providerCode !== PaymentProvider.payPal) throw new ApiFailure(404, 'PAYMENT_ORDER_NOT_FOUND', `No PayPal payment order has the number ${orderNumber}.`);
  return row;
}

/** The money a completed PayPal order took: one PayPal order per payment order, so its id is the payment's reference. */
const payPalPaymentOf = (order: { amount: number; currency: string }, providerOrderId: string) => ({ providerCode: PaymentProvider.payPal, reference: `paypal:${providerOrderId}`, amount: order.amount, currency: order.currency });

const gatewayOrFail = (deps: AppDeps) => {
  const gateway = payPalGatewayOf(deps);
  if (!gateway) throw new ApiFailure(404, 'PAYMENT_METHOD_UNAVAILABLE', 'PayPal is not configured on this server.');
  return gateway;
};

/**
 * POST /api/payments/paypal/orders: the PayPal order for a pending order, and where the payer approves it.
 * Created once per payment order (the request id is the order's), so pressing again continues the same one.
 */
export async function startPayPalPayment(deps: AppDeps, request: { orderNumber: string; token: string; language: Language }) {
  const gateway = gatewayOrFail(deps);
  const { order, booking } = await payPalOrderOf(deps, request.orderNumber, request.token);
  if (order.status !== 'PP' || order.expiresAt <= deps.now()) throw new ApiFailure(409, 'PAYMENT_ORDER_NOT_PENDING', `Payment order ${order.number} is not waiting for payment.`);
  const place = `lang=${request.language}&terminalId=${encodeURIComponent(booking.terminalId)}`;
  const walletOrder: WalletOrderRequest = {
    requestId: `vuelos-order-${order.number}`,
    reference: order.number,
    description: PAYPAL_DESCRIPTION,
    amount: { currency: 'USD', value: decimal(cents(order.amount)) },
    items: payPalItems(order.amount, booking.passengers, booking.route),
    payerCountryCode: 'PE',
    shippingPreference: 'NO_SHIPPING',
    language: request.language,
    returnUrl: `/vuelos/payment/notify/paypal/return?${place}&id=${booking.sessionId}`,
    cancelUrl: `/vuelos/book/confirmation/${booking.sessionId}?${place}`,
    expiresAt: order.expiresAt,
  };
  const created = await gateway.createOrder(walletOrder);
  await deps.db
    .insert(walletPayments)
    .values({ paymentOrderNumber: order.number, providerCode: PaymentProvider.payPal, providerOrderId: created.id, createdAt: deps.now() })
    .onConflictDoNothing({ target: walletPayments.paymentOrderNumber });
  return { approveUrl: created.approveUrl };
}

/** Captures the order's PayPal payment; once PayPal says completed, the order is settled (once). */
async function captureAndSettle(deps: AppDeps, gateway: WalletGateway, order: { number: string; amount: number; currency: string }, providerOrderId: string): Promise<WalletPaymentOutcome> {
  const status = await gateway.capture(providerOrderId, `vuelos-capture-${order.number}`);
  if (status !== 'COMPLETED') return storedOutcome(deps, order.number);
  return settlePaidOrder(deps, order, payPalPaymentOf(order, providerOrderId));
}

/** POST /api/payments/paypal/capture: the payer is back from approving; the answer is the order as stored. */
export async function capturePayPalPayment(deps: AppDeps, request: { orderNumber: string; token: string }): Promise<WalletPaymentOutcome> {
  const gateway = gatewayOrFail(deps);
  const { order } = await payPalOrderOf(deps, request.orderNumber, request.token);
  const [payment] = await deps.db.select().from(walletPayments).where(eq(walletPayments.paymentOrderNumber, order.number));
  if (!payment || order.status !== 'PP') return storedOutcome(deps, order.number);
  return captureAndSettle(deps, gateway, order, payment.providerOrderId);
}

/**
 * POST /api/payments/paypal/notifications: a notification signed by PayPal, taken once per event id. A
 * completed capture settles its order, after asking PayPal for the order's status rather than trusting the
 * event's word.
 */
export async function takePayPalNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean }> {
  const gateway = gatewayOrFail(deps);
  const notification = await gateway.verifyNotification(headers, rawBody);
  if (!notification) throw new ApiFailure(403, 'NOTIFICATION_SIGNATURE_INVALID', 'The notification is not signed by the payment provider.');
  const taken = await deps.db
    .insert(paymentNotifications)
    .values({ eventId: notification.eventId, providerCode: PaymentProvider.payPal, eventType: notification.eventType, receivedAt: deps.now() })
    .onConflictDoNothing({ target: paymentNotifications.eventId })
    .returning({ eventId: paymentNotifications.eventId });
  if (taken.length === 0) return { duplicate: true };
  if (notification.eventType !== 'PAYMENT.CAPTURE.COMPLETED') return { duplicate: false };
  const [row] = await deps.db
    .select({ order: paymentOrders })
    .from(walletPayments)
    .innerJoin(paymentOrders, eq(paymentOrders.number, walletPayments.paymentOrderNumber))
    .where(eq(walletPayments.providerOrderId, notification.providerOrderId));
  try {
    // Whatever the order's status: a capture on an order that expired or was paid otherwise is a refund due.
    if (row && (await gateway.status(notification.providerOrderId)) === 'COMPLETED') await settlePaidOrder(deps, row.order, payPalPaymentOf(row.order, notification.providerOrderId));
  } catch (error) {
    // Not taken after all: PayPal delivers it again and the next delivery settles the order.
    await deps.db.delete(paymentNotifications).where(eq(paymentNotifications.eventId, notification.eventId));
    throw error;
  }
  return { duplicate: false };
}
