/**
 * Bank transfer (provider 130): the accounts the payer transfers into (the sandbox's from its seed file),
 * and the bank's notification that the money arrived. The notification is signed with the gateway's
 * secret (HMAC-SHA256 of the raw body), taken once per transfer id, and must carry the order's own amount;
 * it settles the order through settle.ts, so a replayed notification changes the order once.
 */
import { z } from 'zod';
import { transferAccountSchema, transferNotificationSchema, TRANSFER_SIGNATURE_HEADER, type TransferAccount, type TransferNotification } from '../../contract/bank-transfer.ts';
import { PaymentProvider } from '../../contract/checkout.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import sandboxAccounts from './data/sandbox-transfer-accounts.json' with { type: 'json' };
import { readProviderReport, requireProviderSignature, sameCents, signProviderReport } from './sandbox.ts';
import { providerOrderOf, settleReportOnce, type SettledOrder } from './settle.ts';

const SANDBOX_ACCOUNTS: readonly TransferAccount[] = z.array(transferAccountSchema).parse(sandboxAccounts);

/** The accounts to transfer into: the sandbox bank's, where the sandbox gateway is configured; none elsewhere. */
export function transferAccountsOf(deps: Pick<AppDeps, 'sandboxPaymentSecret'>): readonly TransferAccount[] {
  return deps.sandboxPaymentSecret ? SANDBOX_ACCOUNTS : [];
}

export const signTransferNotification = (secret: string, rawBody: string) => signProviderReport(secret, 'bank-transfer', rawBody);

/** A transfer-paid order with its booking, or a 404. */
export const transferOrderOf = (deps: AppDeps, orderNumber: string) => providerOrderOf(deps, orderNumber, (code) => code === PaymentProvider.bankTransfer, 'bank-transfer');

/**
 * POST /api/payments/bank-transfer/notifications: the bank saw a transfer quoting an order code. Refused
 * (403) unless signed; a transfer id already taken changes nothing; an amount other than the order's is
 * refused (409) and not taken, so a corrected notification can follow. A pending order becomes paid (or
 * expired past its time limit); any other order is answered as stored.
 */
export async function takeTransferNotification(deps: AppDeps, headers: Headers, rawBody: string): Promise<{ duplicate: boolean; payment: SettledOrder }> {
  requireProviderSignature(deps.sandboxPaymentSecret, 'bank-transfer', rawBody, headers.get(TRANSFER_SIGNATURE_HEADER), 'the bank');
  const notification: TransferNotification = readProviderReport(transferNotificationSchema, rawBody, 'a bank transfer report');
  const { order } = await transferOrderOf(deps, notification.orderNumber);
  if (!sameCents(notification.amount, order.amount)) {
    throw new ApiFailure(409, 'TRANSFER_AMOUNT_MISMATCH', `Payment order ${order.number} is for ${order.amount.toFixed(2)} USD, not ${notification.amount.toFixed(2)}.`);
  }
  const reference = `transfer:${notification.transferId}`;
  const payment = { providerCode: PaymentProvider.bankTransfer, reference, amount: notification.amount, currency: order.currency };
  return settleReportOnce(deps, order, { eventId: reference, providerCode: PaymentProvider.bankTransfer, eventType: 'TRANSFER.RECEIVED' }, payment);
}
