/**
 * Cuotéalo BCP (137): the encrypted form for a pending order (the order's own amount, sealed with
 * AES-256-GCM under a key derived from the gateway's secret, so the payer's page cannot change it), and
 * the bank's signed notification, taken once per operation id, that settles the order through settle.ts.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PaymentProvider } from '../../contract/checkout.ts';
import { languageSchema } from '../../contract/common.ts';
import { CUOTEALO_SANDBOX_PATH, CUOTEALO_SIGNATURE_HEADER, cuotealoNotificationSchema, type CuotealoForm, type CuotealoFormRequest, type CuotealoNotification } from '../../contract/cuotealo.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { isPaymentPageToken, readProviderReport, requireProviderSignature, sameCents, signProviderReport } from './sandbox.ts';
import { providerOrderOf, settleReportOnce, type SettledOrder } from './settle.ts';

const keyOf = (secret: string) => createHash('sha256').update(`cuotealo-form:${secret}`).digest();

/** The sealed order the bank's page receives. */
export const sealedOrderSchema = z.object({ orderNumber: z.string(), amount: z.number(), currency: z.literal('USD'), language: languageSchema, expiresAt: z.string() });
export type SealedOrder = z.infer<typeof sealedOrderSchema>;

export function sealOrder(secret: string, order: SealedOrder): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(order), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed order, or null when it was not sealed with this secret (or was changed). */
export function openSealedOrder(secret: string, data: unknown): SealedOrder | null {
  if (typeof data !== 'string' || data.length > 4000) return null;
  try {
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return sealedOrderSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

export const signCuotealoNotification = (secret: string, rawBody: string) => signProviderReport(secret, 'cuotealo', rawBody);

const secretOrFail = (deps: AppDeps) => {
  if (!deps.sandboxPaymentSecret) throw new ApiFailure(404, 'PAYMENT_METHOD_UNAVAILABLE', 'Cuotéalo BCP is not configured on this server.');
  return deps.sandboxPaymentSecret;
};

/** A Cuotéalo order with its booking, or a 404. */
export const cuotealoOrderOf = (deps: AppDeps, orderNumber: string) => providerOrderOf(deps, orderNumber, (code) => code === PaymentProvider.instalmentBank, 'Cuotéalo');

/**
 * POST /api/engines/getFormEncrypted: the form for a pending, unexpired Cuotéalo order whose page token
 * the caller has; the amount is the order's as stored, never the caller's.
 */
export async function cuotealoForm(deps: AppDeps, request: CuotealoFormRequest): Promise<CuotealoForm> {
  const secret = secretOrFail(deps);
  if (!isPaymentPageToken(secret, request.orderNumber, request.token)) throw new ApiFailure(403, 'PAYMENT_TOKEN_INVALID', 'This payment link is not valid.');
  const { order } = await cuotealoOrderOf(deps, request.orderNumber);
  if (order.status !== 'PP' || order.expiresAt <= deps.now()) throw new ApiFailure(409, 'PAYMENT_ORDER_NOT_PENDING', `Payment order ${order.number} is not waiting for payment.`);
  const data = sealOrder(secret, { orderNumber: order.number, amount: order.amount, currency: 'USD', language: request.language, expiresAt: order.expiresAt.toISOString() });
  return { action: CUOTEALO_SANDBOX_PATH, data };
}

/**
 * POST /api/payments/cuotealo/notifications: the bank's outcome. Unsigned: 403; another amount than the
 * order's: 409, not taken; an operation id already taken changes nothing; an approval settles a pending
 * order (paid, or expired past its time limit); a decline leaves it pending, payable again.
 */
export async function takeCuotealoNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  requireProviderSignature(secretOrFail(deps), 'cuotealo', rawBody, headers.get(CUOTEALO_SIGNATURE_HEADER), 'the bank');
  const notification: CuotealoNotification = readProviderReport(cuotealoNotificationSchema, rawBody, 'a Cuotéalo report');
  const { order } = await cuotealoOrderOf(deps, notification.orderNumber);
  if (!sameCents(notification.amount, order.amount)) throw new ApiFailure(409, 'PAYMENT_AMOUNT_MISMATCH', `Payment order ${order.number} is for ${order.amount.toFixed(2)} USD.`);
  const report = { eventId: `cuotealo:${notification.operationId}`, providerCode: PaymentProvider.instalmentBank, eventType: notification.result };
  const payment = { providerCode: PaymentProvider.instalmentBank, reference: report.eventId, amount: notification.amount, currency: order.currency };
  return settleReportOnce(deps, order, report, notification.result !== 'declined' && payment);
}
