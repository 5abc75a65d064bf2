import { createRoute, z } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import { issueTokenRequestSchema, issueTokenResponseSchema } from '../../contract/agency.ts';
import { createRouter, errorResponse } from '../http.ts';
import { issueAgencyToken } from '../services/agency-access.ts';


const issueTokenRoute = createRoute({
  method: 'post',
  path: '/agency/tokens',
  middleware: guard({ kind: 'agencyApiKey' }),
  tags: ['agency'],
  summary: 'Issue a signed, expiring search token to an agency (docs/agency-tokens.md)',
  request: {
    headers: z.object({ 'x-api-key': z.string().max(200).optional() }),
    body: { content: { 'application/json': { schema: issueTokenRequestSchema } }, required: true },
  },
  responses: {
    200: { description: 'The token', content: { 'application/json': { schema: issueTokenResponseSchema } } },
    400: errorResponse('Bad request or consumer terminal'),
    401: errorResponse('Missing or wrong API key'),
    404: errorResponse('Unknown terminal'),
  },
});

export const agencyRoutes = createRouter().openapi(issueTokenRoute, async (c) => {
  const { terminalId, ttlMinutes } = c.req.valid('json');
  const data = await issueAgencyToken(c.var.deps, c.req.valid('header')['x-api-key'], terminalId, ttlMinutes);
  return c.json({ status: 200 as const, data }, 200);
});
