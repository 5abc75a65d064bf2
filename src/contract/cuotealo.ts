/**
 * Cuotéalo BCP (provider 137, spec 3 §2 "Instalment and wallet screens", §7): a pending order's payment tab
 * asks the server for the encrypted form (`engines/getFormEncrypted`; the server signs and encrypts the
 * order's own amount) and shows 'Pagar con Cuotealo', which posts it as a hidden field to the bank's page
 * (the sandbox's own page in sandbox mode). The bank approves or declines, notifies the server (signed,
 * taken once) and sends the payer back to the booking, which reads the outcome from the server.
 */
import { z } from 'zod';
import { languageSchema } from './common.ts';

export const CUOTEALO_FORM_PATH = '/engines/getFormEncrypted';
export const CUOTEALO_NOTIFICATION_PATH = '/payments/cuotealo/notifications';
/** The sandbox bank's page the form posts to. */
export const CUOTEALO_SANDBOX_PATH = '/sandbox/cuotealo';

export const cuotealoFormRequestSchema = z.strictObject({
  orderNumber: z.string().regex(/^\d{1,20}$/, 'Expected a payment order number'),
  token: z.string().min(1).max(200),
  language: languageSchema,
});
export type CuotealoFormRequest = z.infer<typeof cuotealoFormRequestSchema>;

/** Where the form posts, and its one hidden field (`data`, the encrypted order). */
export const cuotealoFormSchema = z.object({ action: z.string().startsWith(CUOTEALO_SANDBOX_PATH), data: z.string().min(1) });
export type CuotealoForm = z.infer<typeof cuotealoFormSchema>;
export const cuotealoFormResponseSchema = z.object({ status: z.literal(200), data: cuotealoFormSchema });

/** What the bank reports: its operation id, the order, the outcome and the amount it charged. */
export const cuotealoNotificationSchema = z.strictObject({
  operationId: z.string().min(1).max(100),
  orderNumber: z.string().regex(/^\d{1,20}$/),
  result: z.enum(['approved', 'declined']),
  amount: z.number().positive(),
});
export type CuotealoNotification = z.infer<typeof cuotealoNotificationSchema>;
export const cuotealoNotificationResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ duplicate: z.boolean(), payment: z.enum(['paid', 'pending', 'expired', 'cancelled']) }),
});

/** The header carrying the bank's HMAC-SHA256 (base64url) of the raw notification body. */
export const CUOTEALO_SIGNATURE_HEADER = 'x-cuotealo-signature';
