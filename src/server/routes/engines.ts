import { createRoute, z } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import { terminalIdSchema } from '../../contract/common.ts';
import { bookingResponseSchema } from '../../contract/checkout.ts';
import { countryTerminalsResponseSchema, engineResponseSchema, paymentMethodsResponseSchema } from '../../contract/engine.ts';
import { orderNumberParamsSchema, paymentOrderResponseSchema, paymentProviderCodeResponseSchema } from '../../contract/postsale.ts';
import { createRouter, errorResponse } from '../http.ts';
import { findEngine, listCountryTerminals } from '../services/engines.ts';
import { orderOf, paymentOrderOf, paymentProviderCodeOf, payMeOrderOf } from '../services/order-reads.ts';


const countryTerminalsRoute = createRoute({
  method: 'get',
  path: '/engines/countries',
  middleware: guard({ kind: 'public', reason: 'the market countries and their terminals' }),
  tags: ['engines'],
  summary: 'The default terminal of each market country (home country selector)',
  responses: { 200: { description: 'Country terminals', content: { 'application/json': { schema: countryTerminalsResponseSchema } } } },
});

const engineRoute = createRoute({
  method: 'get',
  path: '/engines/{id}',
  middleware: guard({ kind: 'public', reason: 'a channel’s published configuration' }),
  tags: ['engines'],
  summary: 'Engine (terminal) configuration',
  request: { params: z.object({ id: terminalIdSchema }) },
  responses: {
    200: { description: 'The engine', content: { 'application/json': { schema: engineResponseSchema } } },
    400: errorResponse('Malformed terminal id'),
    404: errorResponse('Unknown terminal'),
  },
});

const paymentMethodsRoute = createRoute({
  method: 'get',
  path: '/engines/{terminalId}/payment_methods',
  middleware: guard({ kind: 'public', reason: 'a channel’s published payment methods' }),
  tags: ['engines'],
  summary: 'Payment methods of a terminal',
  request: { params: z.object({ terminalId: terminalIdSchema }) },
  responses: {
    200: { description: 'Payment methods', content: { 'application/json': { schema: paymentMethodsResponseSchema } } },
    400: errorResponse('Malformed terminal id'),
    404: errorResponse('Unknown terminal'),
  },
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
/** An order's data is its traveller's (session key or grant) and its agency's: anyone else gets 401/404 and learns nothing. */
const orderErrors = {
  400: errorResponse('Malformed number'),
  401: errorResponse('BOOKING_ACCESS_REQUIRED: no credentials of the order’s traveller or agency'),
  404: errorResponse('ORDER_NOT_FOUND: no order you may see has this number'),
};
const byPaymentOrderNumber = guard({ kind: 'booking', level: 'link', booking: (input) => (orderNumberParamsSchema.safeParse(input.param).success ? { paymentOrderNumber: input.param.orderNumber! } : null) });
const orderIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,60}$/) });
const byOrderId = guard({ kind: 'booking', level: 'link', booking: (input) => (orderIdParamsSchema.safeParse(input.param).success ? { orderId: input.param.id! } : null) });

const paymentOrderRoute = createRoute({
  method: 'get',
  path: '/engines/orderNumber/{orderNumber}',
  middleware: byPaymentOrderNumber,
  tags: ['engines'],
  summary: 'A payment order (spec 3 §3, §7): status, amount, provider, booking code, lead passenger, the card only masked',
  request: { params: orderNumberParamsSchema },
  responses: { 200: json(paymentOrderResponseSchema, 'The payment order'), ...orderErrors },
});

const paymentProviderCodeRoute = createRoute({
  method: 'get',
  path: '/engines/orderNumber/{orderNumber}/provider',
  middleware: byPaymentOrderNumber,
  tags: ['engines'],
  summary: 'The payment provider code of a payment order (spec 2 §7): which provider collects it',
  request: { params: orderNumberParamsSchema },
  responses: { 200: json(paymentProviderCodeResponseSchema, 'The provider code'), ...orderErrors },
});

const orderRoute = createRoute({
  method: 'get',
  path: '/engines/order/{id}',
  middleware: byOrderId,
  tags: ['engines'],
  summary: 'An order by its id (spec 3 §7): the booking answer with its payment status as it is now',
  request: { params: orderIdParamsSchema },
  responses: { 200: json(bookingResponseSchema, 'The order'), ...orderErrors },
});

const payMeRoute = createRoute({
  method: 'get',
  path: '/engines/payme/{id}',
  middleware: byOrderId,
  tags: ['engines'],
  summary: 'The PayMe (119, 126) payment order of an order by its id (spec 3 §7); 404 when PayMe does not collect it',
  request: { params: orderIdParamsSchema },
  responses: { 200: json(paymentOrderResponseSchema, 'The PayMe payment order'), ...orderErrors },
});

export const engineRoutes = createRouter()
  .openapi(countryTerminalsRoute, async (c) => {
    const data = await listCountryTerminals(c.var.deps.db);
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(engineRoute, async (c) => {
    const data = await findEngine(c.var.deps, c.req.valid('param').id);
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(paymentMethodsRoute, async (c) => {
    const engine = await findEngine(c.var.deps, c.req.valid('param').terminalId);
    return c.json({ status: 200 as const, data: engine.paymentMethods }, 200);
  })
  .openapi(paymentOrderRoute, async (c) => {
    const data = await paymentOrderOf(c.var.deps, c.var.access!.booking, c.req.valid('param').orderNumber);
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(paymentProviderCodeRoute, async (c) => {
    const code = await paymentProviderCodeOf(c.var.deps, c.var.access!.booking, c.req.valid('param').orderNumber);
    return c.json({ status: 200 as const, data: { code } }, 200);
  })
  .openapi(orderRoute, (c) => c.json({ status: 200 as const, data: orderOf(c.var.access!.booking) }, 200))
  .openapi(payMeRoute, async (c) => c.json({ status: 200 as const, data: await payMeOrderOf(c.var.deps, c.var.access!.booking) }, 200));
