import { createRoute, z } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import { terminalIdSchema } from '../../contract/common.ts';
import { countryTerminalsResponseSchema, engineResponseSchema, paymentMethodsResponseSchema } from '../../contract/engine.ts';
import { createRouter, errorResponse } from '../http.ts';
import { findEngine, listCountryTerminals } from '../services/engines.ts';


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
  });
