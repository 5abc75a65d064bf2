import { createRoute } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import { createPriceAlertRequestSchema, createPriceAlertResponseSchema, priceAlertLinkParamsSchema, priceAlertLinkResponseSchema } from '../../contract/price-alerts.ts';
import { createRouter, errorResponse } from '../http.ts';
import { confirmPriceAlert, createPriceAlert, unsubscribePriceAlert } from '../services/price-alerts.ts';

const createAlertRoute = createRoute({
  method: 'post',
  path: '/price-alerts',
  middleware: guard({ kind: 'public', reason: 'asks for a price alert; the first mail to an address asks to confirm it; limited per client and recipient' }),
  tags: ['price alerts'],
  summary: 'Track the price of a search: prices the route, keeps the alert and mails its confirmation link (the same e-mail and search again is the same alert)',
  request: { body: { content: { 'application/json': { schema: createPriceAlertRequestSchema } }, required: true } },
  responses: {
    200: { description: 'Confirmation mailed (or mailed before), or already tracking', content: { 'application/json': { schema: createPriceAlertResponseSchema } } },
    400: errorResponse('Bad e-mail, route or dates'),
    401: errorResponse('Token inválido'),
    402: errorResponse('Token inexistente'),
    409: errorResponse('Nothing is sold on this route and dates (PRICE_ALERT_NOT_SOLD)'),
    429: errorResponse('Too many alerts asked from this client or for this e-mail (Retry-After)'),
    504: errorResponse('The provider did not answer in time'),
  },
});

const linkResponses = (done: string) => ({
  200: { description: done, content: { 'application/json': { schema: priceAlertLinkResponseSchema } } },
  400: errorResponse('Malformed token'),
  404: errorResponse('Not a link of ours, or its alert no longer exists (PRICE_ALERT_LINK_INVALID)'),
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/price-alerts/confirm/{token}',
  middleware: guard({ kind: 'signedLink', what: 'the confirmation link of a price alert' }),
  tags: ['price alerts'],
  summary: 'Confirm a price alert’s e-mail by its mailed token (again: unchanged)',
  request: { params: priceAlertLinkParamsSchema },
  responses: linkResponses('Confirmed (or unsubscribed before: state says which)'),
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/price-alerts/unsubscribe/{token}',
  middleware: guard({ kind: 'signedLink', what: 'the unsubscribe link of a price alert mail' }),
  tags: ['price alerts'],
  summary: 'Stop a price alert: the drop mails’ link and their one-click List-Unsubscribe (RFC 8058)',
  request: { params: priceAlertLinkParamsSchema },
  responses: linkResponses('Unsubscribed (again: unchanged)'),
});

export const priceAlertRoutes = createRouter()
  .openapi(createAlertRoute, async (c) => c.json({ status: 200 as const, data: await createPriceAlert(c.var.deps, c.req.valid('json')) }, 200))
  .openapi(confirmRoute, async (c) => c.json({ status: 200 as const, data: await confirmPriceAlert(c.var.deps, c.req.valid('param').token) }, 200))
  .openapi(unsubscribeRoute, async (c) => c.json({ status: 200 as const, data: await unsubscribePriceAlert(c.var.deps, c.req.valid('param').token) }, 200));


