/**
 * The calls of the providers paid on their own page (issue #13): PagoEfectivo's CIP (102) and its signed
 * notifications, and the redirect providers' notifications (SafetyPay 105 and 106, Cuotéalo BCP's redirect
 * 124). Mounted on every server: without a configured provider they answer 404 (PagoEfectivo) or 403
 * (no secret to check a redirect provider's signature with).
 */
import { createRoute } from '@hono/zod-openapi';
import { guard, paymentOrderOfBody } from '../access/policy.ts';
import { PAGOEFECTIVO_CIP_PATH, PAGOEFECTIVO_NOTIFICATION_PATH, PAGOEFECTIVO_SIGNATURE_HEADER, cipRequestSchema, cipResponseSchema, pagoEfectivoNotificationResponseSchema } from '../../contract/pagoefectivo.ts';
import { REDIRECT_NOTIFICATION_PATH, REDIRECT_SIGNATURE_HEADER, redirectNotificationResponseSchema } from '../../contract/redirect-payment.ts';
import { createRouter, errorResponse } from '../http.ts';
import { pagoEfectivoCip, takePagoEfectivoNotification } from '../payments/pagoefectivo.ts';
import { takeRedirectNotification } from '../payments/redirect-payment.ts';

const cipRoute = createRoute({
  method: 'post',
  path: PAGOEFECTIVO_CIP_PATH,
  middleware: guard({ kind: 'paymentOrder', order: paymentOrderOfBody() }),
  tags: ['payments'],
  summary: 'PagoEfectivo (102): the CIP of a pending order (one per order, the order’s amount, until its deadline) and its voucher page',
  request: { body: { content: { 'application/json': { schema: cipRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The CIP, amount, expiry and voucher page', content: { 'application/json': { schema: cipResponseSchema } } },
    400: errorResponse('Bad request'),
    403: errorResponse('Not the order’s token'),
    404: errorResponse('No such PagoEfectivo order, or PagoEfectivo is not configured'),
    409: errorResponse('The order is not waiting for payment'),
  },
});

const pagoEfectivoNotificationRoute = createRoute({
  method: 'post',
  path: PAGOEFECTIVO_NOTIFICATION_PATH,
  middleware: guard({ kind: 'provider', provider: 'PagoEfectivo', signatureHeaders: [PAGOEFECTIVO_SIGNATURE_HEADER] }),
  tags: ['payments'],
  summary: 'PagoEfectivo (102): cip.paid / cip.expired, signed (PE-Signature); taken once per CIP and event',
  responses: {
    200: { description: 'Taken (or a redelivery), with the order as stored', content: { 'application/json': { schema: pagoEfectivoNotificationResponseSchema } } },
    401: errorResponse('Not signed by PagoEfectivo'),
    404: errorResponse('No such CIP'),
    409: errorResponse('Not the order’s amount'),
  },
});

const redirectNotificationRoute = createRoute({
  method: 'post',
  path: REDIRECT_NOTIFICATION_PATH,
  middleware: guard({ kind: 'provider', provider: 'the redirect providers (SafetyPay, Cuotéalo)', signatureHeaders: [REDIRECT_SIGNATURE_HEADER] }),
  tags: ['payments'],
  summary: 'Redirect providers (105, 106, 124): the provider’s signed outcome; taken once per operation',
  responses: {
    200: { description: 'Taken (or a redelivery), with the order as stored', content: { 'application/json': { schema: redirectNotificationResponseSchema } } },
    400: errorResponse('Not a provider report'),
    403: errorResponse('Not signed by the provider'),
    404: errorResponse('No such order of that provider'),
    409: errorResponse('Not the order’s amount'),
  },
});

export const providerPagePaymentRoutes = createRouter()
  .openapi(cipRoute, async (c) => c.json({ status: 200 as const, data: await pagoEfectivoCip(c.var.deps, c.req.valid('json')) }, 200))
  .openapi(pagoEfectivoNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takePagoEfectivoNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200))
  .openapi(redirectNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takeRedirectNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200));
