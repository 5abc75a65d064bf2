import { createRoute } from '@hono/zod-openapi';
import { cardTokenRequestSchema, cardTokenResponseSchema, SANDBOX_VAULT_PATH } from '../../contract/card-vault.ts';
import { createRouter, errorResponse } from '../http.ts';
import { tokenizeSandboxCard } from '../payments/card-vault.ts';

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

/** Mounted only where the sandbox gateway is the configured one (its secret set). */
export const sandboxPaymentRoutes = (secret: string) =>
  createRouter().openapi(tokenizeRoute, (c) => c.json({ status: 200 as const, data: tokenizeSandboxCard(secret, c.req.valid('json')) }, 200));
