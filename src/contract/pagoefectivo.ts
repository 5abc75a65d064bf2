/**
 * PagoEfectivo (provider 102, issue #13): a pending order's payment tab asks the server for the order's
 * cash code (CIP), made once per order at PagoEfectivo with the order's amount and its deadline (at most
 * six hours, spec 3 §9). The payer pays the CIP at a bank, an agent or online from PagoEfectivo's voucher
 * page; PagoEfectivo's signed notification (HMAC-SHA256 of the raw body, `PE-Signature`) says the CIP was
 * paid or expired, and the order follows, once. In sandbox mode the voucher page is the sandbox's own.
 */
import { z } from 'zod';
import { languageSchema } from './common.ts';

export const PAGOEFECTIVO_CIP_PATH = '/payments/pagoefectivo/cip';
export const PAGOEFECTIVO_NOTIFICATION_PATH = '/payments/pagoefectivo/notifications';
/** The sandbox's CIP voucher page (server-rendered, no app chrome). */
export const PAGOEFECTIVO_SANDBOX_PATH = '/sandbox/pagoefectivo';
/** PagoEfectivo's signature header: hex HMAC-SHA256 of the raw body under the merchant's secret key. */
export const PAGOEFECTIVO_SIGNATURE_HEADER = 'pe-signature';

export const cipRequestSchema = z.strictObject({
  orderNumber: z.string().regex(/^\d{1,20}$/, 'Expected a payment order number'),
  token: z.string().min(1).max(200),
  language: languageSchema,
});
export type CipRequest = z.infer<typeof cipRequestSchema>;

/** The order's CIP: the code to pay, the amount, until when, and PagoEfectivo's voucher page. */
export const cipSchema = z.object({
  cip: z.string().min(1),
  cipUrl: z.string().min(1),
  amount: z.number().positive(),
  currency: z.literal('USD'),
  expiresAt: z.string().datetime({ offset: true }),
});
export type Cip = z.infer<typeof cipSchema>;
export const cipResponseSchema = z.object({ status: z.literal(200), data: cipSchema });

/** PagoEfectivo's notification body (reference §2.4); other event types (cip.refunded…) are taken and change nothing. */
export const pagoEfectivoNotificationSchema = z.object({
  eventType: z.string().min(1).max(50),
  operationNumber: z.string().min(1).max(100),
  data: z.object({
    cip: z.union([z.string(), z.number()]).transform(String),
    currency: z.enum(['USD', 'PEN']),
    amount: z.coerce.number().positive(),
    paymentDate: z.string().optional(),
    transactionCode: z.string().min(1),
  }),
});
export type PagoEfectivoNotification = z.input<typeof pagoEfectivoNotificationSchema>;

export const PAGOEFECTIVO_EVENTS = { paid: 'cip.paid', expired: 'cip.expired' } as const;

export const pagoEfectivoNotificationResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ duplicate: z.boolean(), payment: z.enum(['paid', 'pending', 'expired', 'cancelled']) }),
});
