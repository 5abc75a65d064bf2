/**
 * Bank transfer (provider 130, issue #13): the pending booking's payment tab lists the accounts to pay
 * into (per currency) with the order code to quote; the bank's signed notification marks the order paid
 * (once). In the sandbox a tester confirms the transfer on the sandbox bank page.
 */
import { z } from 'zod';

export const BANK_TRANSFER_ACCOUNTS_PATH = '/payments/bank-transfer/accounts';
export const BANK_TRANSFER_NOTIFICATION_PATH = '/payments/bank-transfer/notifications';
/** The sandbox bank's page for one order (server-rendered, no app chrome). */
export const BANK_TRANSFER_SANDBOX_PATH = '/sandbox/bank-transfer';

export const transferAccountSchema = z.object({
  bank: z.string().min(1),
  currency: z.enum(['USD', 'PEN']),
  holder: z.string().min(1),
  accountNumber: z.string().min(1),
  /** Código de Cuenta Interbancario: for transfers from another bank. */
  interbankCode: z.string().min(1),
});
export type TransferAccount = z.infer<typeof transferAccountSchema>;

export const transferAccountsResponseSchema = z.object({ status: z.literal(200), data: z.object({ accounts: z.array(transferAccountSchema) }) });

/** What the bank reports: its own transfer id, the order code the payer quoted, and the money received. */
export const transferNotificationSchema = z.strictObject({
  transferId: z.string().min(1).max(100),
  orderNumber: z.string().regex(/^\d{1,20}$/),
  amount: z.number().positive(),
  currency: z.literal('USD'),
});
export type TransferNotification = z.infer<typeof transferNotificationSchema>;

export const transferNotificationResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ duplicate: z.boolean(), payment: z.enum(['paid', 'pending', 'expired', 'cancelled']) }),
});

/** The header carrying the bank's HMAC-SHA256 (base64url) of the raw notification body. */
export const TRANSFER_SIGNATURE_HEADER = 'x-bank-signature';
