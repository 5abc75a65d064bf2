import { createRoute } from '@hono/zod-openapi';
import { cardTokenRequestSchema, cardTokenResponseSchema, SANDBOX_VAULT_PATH } from '../../contract/card-vault.ts';
import {
  PAYPAL_CAPTURE_PATH,
  PAYPAL_NOTIFICATION_PATH,
  PAYPAL_ORDER_PATH,
  payPalCaptureRequestSchema,
  payPalCaptureResponseSchema,
  payPalNotificationResponseSchema,
  payPalOrderRequestSchema,
  payPalOrderResponseSchema,
} from '../../contract/paypal.ts';
import { createRouter, errorResponse } from '../http.ts';
import { tokenizeSandboxCard } from '../payments/card-vault.ts';
import { capturePayPalPayment, startPayPalPayment, takePayPalNotification } from '../payments/paypal.ts';

const tokenizeRoute = createRoute({
  method: 'post',
  path: SANDBOX_VAULT_PATH,
  tags: ['payments'],
  summary: 'Sandbox card vault: a random token for a card (test cards decline); the card is not kept',
  request: { body: { content: { 'application/json': { schema: cardTokenRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The token, brand and last four', content: { 'application/json': { schema: cardTokenResponseSchema } } },
    400: errorResponse('Not a card'),
    402: errorResponse('Declined (CARD_DECLINED, the reason as errors[0].code)'),
  },
});

const payPalOrderRoute = createRoute({
  method: 'post',
  path: PAYPAL_ORDER_PATH,
  tags: ['payments'],
  summary: 'PayPal (139): the PayPal order of a pending payment order (one per order) and where the payer approves it',
  request: { body: { content: { 'application/json': { schema: payPalOrderRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The approval address', content: { 'application/json': { schema: payPalOrderResponseSchema } } },
    400: errorResponse('Bad request'),
    403: errorResponse('Not the order’s token'),
    404: errorResponse('No such PayPal order'),
    409: errorResponse('The order is not waiting for payment'),
  },
});

const payPalCaptureRoute = createRoute({
  method: 'post',
  path: PAYPAL_CAPTURE_PATH,
  tags: ['payments'],
  summary: 'PayPal (139): capture the approved payment (idempotent); answers the order as stored',
  request: { body: { content: { 'application/json': { schema: payPalCaptureRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The payment as the server stored it', content: { 'application/json': { schema: payPalCaptureResponseSchema } } },
    400: errorResponse('Bad request'),
    403: errorResponse('Not the order’s token'),
    404: errorResponse('No such PayPal order'),
  },
});

const payPalNotificationRoute = createRoute({
  method: 'post',
  path: PAYPAL_NOTIFICATION_PATH,
  tags: ['payments'],
  summary: 'PayPal (139) notifications: signed by the provider, taken once per event id',
  responses: {
    200: { description: 'Taken (or a redelivery)', content: { 'application/json': { schema: payPalNotificationResponseSchema } } },
    403: errorResponse('Not signed by the provider'),
  },
});

/** Mounted only where the sandbox gateway is the configured one (its secret set): its vault and its PayPal. */
export const sandboxPaymentRoutes = (secret: string) =>
  createRouter()
    .openapi(tokenizeRoute, (c) => c.json({ status: 200 as const, data: tokenizeSandboxCard(secret, c.req.valid('json')) }, 200))
    .openapi(payPalOrderRoute, async (c) => c.json({ status: 200 as const, data: await startPayPalPayment(c.var.deps, c.req.valid('json')) }, 200))
    .openapi(payPalCaptureRoute, async (c) => c.json({ status: 200 as const, data: { payment: await capturePayPalPayment(c.var.deps, c.req.valid('json')) } }, 200))
    .openapi(payPalNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takePayPalNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200));
