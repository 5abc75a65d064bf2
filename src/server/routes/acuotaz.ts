/** ACuotaz's calls (125): the page of a pending order, and ACuotaz's signed notification. Mounted with the sandbox gateway. */
import { createRoute } from '@hono/zod-openapi';
import { guard, paymentOrderOfBody } from '../access/policy.ts';
import { ACUOTAZ_NOTIFICATION_PATH, ACUOTAZ_SIGNATURE_HEADER, ACUOTAZ_URL_PATH, acuotazNotificationResponseSchema, acuotazUrlRequestSchema, acuotazUrlResponseSchema } from '../../contract/acuotaz.ts';
import { createRouter, errorResponse } from '../http.ts';
import { acuotazPage, takeAcuotazNotification } from '../payments/acuotaz.ts';

const acuotazUrlRoute = createRoute({
  method: 'post',
  path: ACUOTAZ_URL_PATH,
  middleware: guard({ kind: 'paymentOrder', order: paymentOrderOfBody() }),
  tags: ['payments'],
  summary: 'ACuotaz (125): the provider’s page of a pending order and the soles it charges at the exchange rate',
  request: { body: { content: { 'application/json': { schema: acuotazUrlRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The page to frame or open, and the amount in soles', content: { 'application/json': { schema: acuotazUrlResponseSchema } } },
    400: errorResponse('Bad request'),
    403: errorResponse('Not the order’s token'),
    404: errorResponse('No such ACuotaz order, or no exchange rate'),
    409: errorResponse('The order is not waiting for payment'),
  },
});

const acuotazNotificationRoute = createRoute({
  method: 'post',
  path: ACUOTAZ_NOTIFICATION_PATH,
  middleware: guard({ kind: 'provider', provider: 'ACuotaz', signatureHeaders: [ACUOTAZ_SIGNATURE_HEADER] }),
  tags: ['payments'],
  summary: 'ACuotaz (125): the provider’s signed outcome (approved, rejected, canceled); taken once per operation id',
  responses: {
    200: { description: 'Taken (or a redelivery), with the order as stored', content: { 'application/json': { schema: acuotazNotificationResponseSchema } } },
    400: errorResponse('Not an ACuotaz report'),
    403: errorResponse('Not signed by ACuotaz'),
    404: errorResponse('No such ACuotaz order'),
    409: errorResponse('Not the order’s amount in soles'),
  },
});

export const acuotazPaymentRoutes = () =>
  createRouter()
    .openapi(acuotazUrlRoute, async (c) => c.json({ status: 200 as const, data: await acuotazPage(c.var.deps, c.req.valid('json')) }, 200))
    .openapi(acuotazNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takeAcuotazNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200));
