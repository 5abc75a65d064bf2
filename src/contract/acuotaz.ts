/**
 * ACuotaz (provider 125, spec 2 §9 "PEN conversion by exchange rate", spec 3 §2 "Instalment and wallet
 * screens"): a pending order's payment tab asks the server for the provider's page of the order
 * (`engines/acuotaz/url`; the server checks the order is waiting for payment) and shows it in a frame, or
 * as a link that opens it in a new tab. ACuotaz charges the order's dollars in soles at its exchange rate,
 * notifies the server (signed, taken once per operation) and returns the traveller to
 * /payment/notify/acuotaz/result/{success|rejected|canceled}/name/{name}/amount/{amount}/id/{session}.
 */
import { z } from 'zod';
import { languageSchema } from './common.ts';

export const ACUOTAZ_URL_PATH = '/engines/acuotaz/url';
export const ACUOTAZ_NOTIFICATION_PATH = '/payments/acuotaz/notifications';
/** The sandbox's ACuotaz page (one per order, opened with the order's page token). */
export const ACUOTAZ_SANDBOX_PATH = '/sandbox/acuotaz';

/** The dollars of an order in soles at a USD → PEN rate, to the cent. */
export const solesOf = (dollars: number, rate: number) => Math.round(dollars * rate * 100) / 100;

export const acuotazUrlRequestSchema = z.strictObject({
  orderNumber: z.string().regex(/^\d{1,20}$/, 'Expected a payment order number'),
  token: z.string().min(1).max(200),
  language: languageSchema,
});
export type AcuotazUrlRequest = z.infer<typeof acuotazUrlRequestSchema>;

/** The provider's page of the order, and what it will charge: the order's dollars in soles at the rate of the day it names. */
export const acuotazPageSchema = z.object({
  url: z.string().startsWith(`${ACUOTAZ_SANDBOX_PATH}/`),
  amount: z.number().positive(),
  currency: z.literal('PEN'),
  exchangeRate: z.number().positive().max(100),
  rateDate: z.iso.date(),
});
export type AcuotazPage = z.infer<typeof acuotazPageSchema>;
export const acuotazUrlResponseSchema = z.object({ status: z.literal(200), data: acuotazPageSchema });

/** What ACuotaz reports: its operation id, the order, the outcome, and the soles it charged at its rate. */
export const acuotazNotificationSchema = z.strictObject({
  operationId: z.string().min(1).max(100),
  orderNumber: z.string().regex(/^\d{1,20}$/),
  result: z.enum(['approved', 'rejected', 'canceled']),
  amount: z.number().positive(),
  currency: z.literal('PEN'),
  exchangeRate: z.number().positive().max(100),
});
export type AcuotazNotification = z.infer<typeof acuotazNotificationSchema>;
export const acuotazNotificationResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ duplicate: z.boolean(), payment: z.enum(['paid', 'pending', 'expired', 'cancelled']) }),
});

/** The header carrying ACuotaz's HMAC-SHA256 (base64url) of the raw notification body. */
export const ACUOTAZ_SIGNATURE_HEADER = 'x-acuotaz-signature';
