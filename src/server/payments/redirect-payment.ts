/**
 * The redirect-type providers paid on their own page (SafetyPay 105 and 106, Cuotéalo BCP's redirect 124,
 * spec 3 §9): the provider's signed notification (HMAC-SHA256 of the raw body under the gateway's secret),
 * taken once per provider operation, settles the order through settle.ts. A decline is taken and leaves
 * the order pending, payable again.
 */
import { REDIRECT_PAGE_PROVIDER_CODES, REDIRECT_SIGNATURE_HEADER, redirectNotificationSchema, type RedirectNotification } from '../../contract/redirect-payment.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { providerOrderOf, settleReportOnce, type SettledOrder } from './settle.ts';
import { readProviderReport, requireProviderSignature, sameCents, signProviderReport } from './sandbox.ts';

export const signRedirectNotification = (secret: string, rawBody: string) => signProviderReport(secret, 'redirect-provider', rawBody);

export const isRedirectPageProvider = (providerCode: number) => (REDIRECT_PAGE_PROVIDER_CODES as readonly number[]).includes(providerCode);

/** A redirect provider's order with its booking, or a 404 (another provider's order too). */
export const redirectOrderOf = (deps: Pick<AppDeps, 'db'>, orderNumber: string, providerCode: number) =>
  providerOrderOf(deps, orderNumber, (code) => code === providerCode && isRedirectPageProvider(code), `provider ${providerCode}`);

/**
 * POST /api/payments/redirect/notifications: the provider's outcome. Unsigned: 403; another provider's
 * order: 404; another amount: 409, not taken; an operation already taken changes nothing; paid settles a
 * pending order (or expires it past its deadline), declined leaves it pending.
 */
export async function takeRedirectNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  requireProviderSignature(deps.sandboxPaymentSecret, 'redirect-provider', rawBody, headers.get(REDIRECT_SIGNATURE_HEADER), 'the provider');
  const notification: RedirectNotification = readProviderReport(redirectNotificationSchema, rawBody, 'a provider report');
  const { order } = await redirectOrderOf(deps, notification.orderNumber, notification.providerCode);
  if (!sameCents(notification.amount, order.amount)) throw new ApiFailure(409, 'PAYMENT_AMOUNT_MISMATCH', `Payment order ${order.number} is for ${order.amount.toFixed(2)} USD.`);
  const report = { eventId: `redirect:${notification.providerCode}:${notification.operationId}`, providerCode: notification.providerCode, eventType: notification.result };
  const payment = { providerCode: notification.providerCode, reference: report.eventId, amount: notification.amount, currency: order.currency };
  return settleReportOnce(deps, order, report, notification.result === 'paid' && payment);
}
