/**
 * ACuotaz (125): the provider's page of a pending order (the sandbox's own page, opened with the order's
 * page token), quoted in soles at the exchange rate the checkout showed (the USD → PEN rate of the day
 * before, in Lima), and ACuotaz's signed notification, taken once per operation id, that settles the order
 * through settle.ts.
 */
import { Temporal } from 'temporal-polyfill';
import { ACUOTAZ_SANDBOX_PATH, ACUOTAZ_SIGNATURE_HEADER, acuotazNotificationSchema, solesOf, type AcuotazNotification, type AcuotazPage, type AcuotazUrlRequest } from '../../contract/acuotaz.ts';
import { PaymentProvider } from '../../contract/checkout.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { paymentOrders, type ProviderQuote } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { exchangeRateFor } from '../services/checkout.ts';
import { businessToday } from '../services/search.ts';
import { closedOrderText } from './sandbox-page.ts';
import { isPaymentPageToken, paymentPageToken, readProviderReport, requireProviderSignature, sameCents, signProviderReport } from './sandbox.ts';
import { providerOrderOf, settleReportOnce, type SettledOrder } from './settle.ts';

export const signAcuotazNotification = (secret: string, rawBody: string) => signProviderReport(secret, 'acuotaz', rawBody);

const secretOrFail = (deps: AppDeps) => {
  if (!deps.sandboxPaymentSecret) throw new ApiFailure(404, 'PAYMENT_METHOD_UNAVAILABLE', 'ACuotaz is not configured on this server.');
  return deps.sandboxPaymentSecret;
};

/** An ACuotaz order with its booking, or a 404. */
export const acuotazOrderOf = (deps: AppDeps, orderNumber: string) => providerOrderOf(deps, orderNumber, (code) => code === PaymentProvider.aCuotaz, 'ACuotaz');

/**
 * The soles ACuotaz charges for an order: its dollars at the rate the checkout showed (the day before, in
 * Lima), quoted the first time the order's page is made and stored on the order, so the page shows, and
 * ACuotaz's notification must carry, that one quote whatever day it is paid (concurrent first quotes: the
 * first stored wins).
 */
export async function acuotazQuote(deps: AppDeps, order: { number: string; amount: number; quote: ProviderQuote | null }): Promise<ProviderQuote & { currency: 'PEN' }> {
  if (order.quote) return { ...order.quote, currency: 'PEN' };
  const yesterday = Temporal.PlainDate.from(businessToday(deps.now())).subtract({ days: 1 }).toString();
  const rate = await exchangeRateFor(deps, yesterday);
  const quote = { amount: solesOf(order.amount, rate.rate), currency: 'PEN' as const, exchangeRate: rate.rate, rateDate: rate.date };
  await deps.db.update(paymentOrders).set({ quote }).where(and(eq(paymentOrders.number, order.number), isNull(paymentOrders.quote)));
  const [stored] = await deps.db.select({ quote: paymentOrders.quote }).from(paymentOrders).where(eq(paymentOrders.number, order.number));
  return { ...(stored?.quote ?? quote), currency: 'PEN' };
}

/** The notification carries the quote this server stored for the order: its soles, currency and rate. */
const matchesQuote = (notification: AcuotazNotification, quote: ProviderQuote | null) =>
  !!quote && notification.currency === quote.currency && sameCents(notification.amount, quote.amount) && Math.abs(notification.exchangeRate - quote.exchangeRate) < 0.00005;

/** The sandbox page of an order, in the payer's language. */
export const acuotazPagePath = (secret: string, orderNumber: string, language: string) =>
  `${ACUOTAZ_SANDBOX_PATH}/${orderNumber}?lang=${language}&token=${encodeURIComponent(paymentPageToken(secret, orderNumber))}`;

/**
 * POST /api/engines/acuotaz/url: the page of a pending, unexpired ACuotaz order whose page token the
 * caller has, with the soles it will charge; 409 when the order no longer waits for payment.
 */
export async function acuotazPage(deps: AppDeps, request: AcuotazUrlRequest): Promise<AcuotazPage> {
  const secret = secretOrFail(deps);
  if (!isPaymentPageToken(secret, request.orderNumber, request.token)) throw new ApiFailure(403, 'PAYMENT_TOKEN_INVALID', 'This payment link is not valid.');
  const { order } = await acuotazOrderOf(deps, request.orderNumber);
  if (closedOrderText(order, deps.now())) throw new ApiFailure(409, 'PAYMENT_ORDER_NOT_PENDING', `Payment order ${order.number} is not waiting for payment.`);
  return { url: acuotazPagePath(secret, order.number, request.language), ...(await acuotazQuote(deps, order)) };
}

/**
 * POST /api/payments/acuotaz/notifications: ACuotaz's outcome. Unsigned: 403; soles, currency or rate
 * other than the quote this server stored for the order (the rate the notification names is not trusted),
 * or an order never quoted: 409, not taken, nothing changed; an operation id already taken changes nothing; an
 * approval settles a pending order (paid, or expired past its time limit); a rejection or a cancel leaves
 * it pending, payable again.
 */
export async function takeAcuotazNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  requireProviderSignature(secretOrFail(deps), 'acuotaz', rawBody, headers.get(ACUOTAZ_SIGNATURE_HEADER), 'ACuotaz');
  const notification: AcuotazNotification = readProviderReport(acuotazNotificationSchema, rawBody, 'an ACuotaz report');
  const { order } = await acuotazOrderOf(deps, notification.orderNumber);
  if (!matchesQuote(notification, order.quote)) {
    const quoted = order.quote ? `${order.quote.amount.toFixed(2)} ${order.quote.currency} at ${order.quote.exchangeRate}` : 'not quoted yet';
    throw new ApiFailure(409, 'PAYMENT_AMOUNT_MISMATCH', `Payment order ${order.number} is for ${order.amount.toFixed(2)} USD (${quoted}).`);
  }
  const report = { eventId: `acuotaz:${notification.operationId}`, providerCode: PaymentProvider.aCuotaz, eventType: notification.result };
  const payment = { providerCode: PaymentProvider.aCuotaz, reference: report.eventId, amount: notification.amount, currency: notification.currency };
  return settleReportOnce(deps, order, report, notification.result === 'approved' && payment);
}
