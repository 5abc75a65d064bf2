/**
 * The redirect-type providers of spec 3 §9 that pay on their own page (SafetyPay 105 and 106, Cuotéalo
 * BCP's redirect 124): /payment/process/:id posts the order to the provider's page; the provider
 * notifies the server (signed, taken once per operation) and sends the payer back to the booking. In
 * sandbox mode the provider's page is the sandbox's own, one page for the three codes.
 */
import { z } from 'zod';
import { PaymentProvider } from './checkout.ts';

export const REDIRECT_NOTIFICATION_PATH = '/payments/redirect/notifications';
/** The sandbox's page of a redirect provider: `${REDIRECT_SANDBOX_PATH}/${providerCode}`. */
export const REDIRECT_SANDBOX_PATH = '/sandbox/redirect';
/** The providers paid on their page in the sandbox. */
export const REDIRECT_PAGE_PROVIDER_CODES = [PaymentProvider.safetyPayCash, PaymentProvider.safetyPay, PaymentProvider.cuotealoBcp] as const;

export const redirectNotificationSchema = z.strictObject({
  operationId: z.string().min(1).max(100),
  orderNumber: z.string().regex(/^\d{1,20}$/),
  providerCode: z.number().int(),
  result: z.enum(['paid', 'declined']),
  amount: z.number().positive(),
});
export type RedirectNotification = z.infer<typeof redirectNotificationSchema>;
export const redirectNotificationResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ duplicate: z.boolean(), payment: z.enum(['paid', 'pending', 'expired', 'cancelled']) }),
});

/** The header carrying the provider's HMAC-SHA256 (base64url) of the raw notification body. */
export const REDIRECT_SIGNATURE_HEADER = 'x-provider-signature';
