/**
 * PayPal (provider 139) after booking (spec 3 §2 "Instalment and wallet screens", §7, §9): the pending
 * booking's page asks the server for a PayPal order and sends the payer to approve it; back on the return
 * page it asks the server to capture. Both calls carry the order's page token from the booking's answer.
 */
import { z } from 'zod';
import { languageSchema } from './common.ts';

export const PAYPAL_ORDER_PATH = '/payments/paypal/orders';
export const PAYPAL_CAPTURE_PATH = '/payments/paypal/capture';
export const PAYPAL_NOTIFICATION_PATH = '/payments/paypal/notifications';

const orderAccess = {
  orderNumber: z.string().regex(/^\d{1,20}$/, 'Expected a payment order number'),
  token: z.string().min(1).max(200),
};

export const payPalOrderRequestSchema = z.strictObject({ ...orderAccess, language: languageSchema });
export const payPalOrderResponseSchema = z.object({ status: z.literal(200), data: z.object({ approveUrl: z.string() }) });

export const payPalCaptureRequestSchema = z.strictObject(orderAccess);
/** The order's status as the server stored it after the capture. */
export const walletPaymentOutcomeSchema = z.enum(['paid', 'pending', 'expired', 'cancelled']);
export type WalletPaymentOutcome = z.infer<typeof walletPaymentOutcomeSchema>;
export const payPalCaptureResponseSchema = z.object({ status: z.literal(200), data: z.object({ payment: walletPaymentOutcomeSchema }) });

export const payPalNotificationResponseSchema = z.object({ status: z.literal(200), data: z.object({ duplicate: z.boolean() }) });

/** Where the sandbox's approval page is, for the browser's allow-list: it is sent only there. */
export const PAYPAL_APPROVE_PATH_PREFIX = '/sandbox/paypal/';
/** PayPal's own approval pages (the payer-action link of Orders v2, live and sandbox), the rest of the allow-list. */
export const PAYPAL_APPROVE_ORIGINS = ['https://www.paypal.com/', 'https://www.sandbox.paypal.com/'] as const;

/** PayPal's description, payer country and shipping preference (spec 3 §9). */
export const PAYPAL_DESCRIPTION = 'RESERVA DE VUELO';
