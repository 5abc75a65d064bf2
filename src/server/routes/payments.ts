import { createRoute } from '@hono/zod-openapi';
import { guard, paymentOrderOfBody } from '../access/policy.ts';
// PayPal signs in paypal-transmission-sig, and so does the sandbox's stand-in.
import { SANDBOX_NOTIFICATION_HEADER } from '../payments/paypal-sandbox.ts';
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
import {
  NIUBIZ_AUTHORIZATION_PATH,
  NIUBIZ_NOTIFY_PATH,
  NIUBIZ_SANDBOX_CHALLENGE_PATH,
  NIUBIZ_SANDBOX_TOKENIZE_PATH,
  NIUBIZ_TOKEN_PATH,
  niubizAuthorizationRequestSchema,
  niubizAuthorizationResponseSchema,
  niubizChallengeRequestSchema,
  niubizChallengeResponseSchema,
  niubizNotifyRequestSchema,
  niubizNotifyResponseSchema,
  niubizTokenizeRequestSchema,
  niubizTokenizeResponseSchema,
  niubizTokenRequestSchema,
  niubizTokenResponseSchema,
} from '../../contract/niubiz.ts';
import { BANK_TRANSFER_ACCOUNTS_PATH, BANK_TRANSFER_NOTIFICATION_PATH, TRANSFER_SIGNATURE_HEADER, transferAccountsResponseSchema, transferNotificationResponseSchema } from '../../contract/bank-transfer.ts';
import { CUOTEALO_FORM_PATH, CUOTEALO_NOTIFICATION_PATH, CUOTEALO_SIGNATURE_HEADER, cuotealoFormRequestSchema, cuotealoFormResponseSchema, cuotealoNotificationResponseSchema } from '../../contract/cuotealo.ts';
import { createRouter, errorResponse } from '../http.ts';
import { cuotealoForm, takeCuotealoNotification } from '../payments/cuotealo.ts';
import { takeTransferNotification, transferAccountsOf } from '../payments/bank-transfer.ts';
import { authorizeCardPayment, openCardCheckout, takeCardNotification } from '../payments/niubiz.ts';
import { confirmNiubizSandboxChallenge, tokenizeNiubizSandboxCard } from '../payments/niubiz-sandbox.ts';
import { tokenizeSandboxCard } from '../payments/card-vault.ts';
import { capturePayPalPayment, startPayPalPayment, takePayPalNotification } from '../payments/paypal.ts';

const tokenizeRoute = createRoute({
  method: 'post',
  path: SANDBOX_VAULT_PATH,
  middleware: guard({ kind: 'sandbox', reason: 'the sandbox card vault: a random token for a card, nothing kept; limited per client' }),
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
  middleware: guard({ kind: 'paymentOrder', order: paymentOrderOfBody() }),
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
  middleware: guard({ kind: 'paymentOrder', order: paymentOrderOfBody() }),
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
  middleware: guard({ kind: 'provider', provider: 'PayPal', signatureHeaders: [SANDBOX_NOTIFICATION_HEADER] }),
  tags: ['payments'],
  summary: 'PayPal (139) notifications: signed by the provider, taken once per event id',
  responses: {
    200: { description: 'Taken (or a redelivery)', content: { 'application/json': { schema: payPalNotificationResponseSchema } } },
    403: errorResponse('Not signed by the provider'),
  },
});

const niubizTokenRoute = createRoute({
  method: 'post',
  path: NIUBIZ_TOKEN_PATH,
  middleware: guard({ kind: 'paymentOrder', order: paymentOrderOfBody('purchaseNumber') }),
  tags: ['payments'],
  summary: 'Card checkout (104, 123): a session for a pending card order, with the order’s amount, for 20 minutes',
  request: { body: { content: { 'application/json': { schema: niubizTokenRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The session key, its expiry, the purchase number and the amount', content: { 'application/json': { schema: niubizTokenResponseSchema } } },
    400: errorResponse('Bad request'),
    403: errorResponse('Not the order’s token'),
    404: errorResponse('No such order'),
    409: errorResponse('The order is not waiting for payment, or is not paid by card'),
  },
});

const niubizTokenizeRoute = createRoute({
  method: 'post',
  path: NIUBIZ_SANDBOX_TOKENIZE_PATH,
  middleware: guard({ kind: 'sandbox', reason: 'the sandbox hosted fields: tokenises a card for a live card-checkout session key' }),
  tags: ['payments'],
  summary: 'Sandbox card provider’s hosted fields: a transaction token (or a challenge), brand and last four; the card is not kept',
  request: { body: { content: { 'application/json': { schema: niubizTokenizeRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The transaction token or challenge, brand, last four and card type', content: { 'application/json': { schema: niubizTokenizeResponseSchema } } },
    400: errorResponse('Not a valid card'),
    409: errorResponse('The session is closed or expired'),
  },
});

const niubizChallengeRoute = createRoute({
  method: 'post',
  path: NIUBIZ_SANDBOX_CHALLENGE_PATH,
  middleware: guard({ kind: 'sandbox', reason: 'the sandbox 3-D Secure challenge of a tokenised card' }),
  tags: ['payments'],
  summary: 'Sandbox card provider’s 3-D-Secure-like step: the payer confirmed with the bank',
  request: { body: { content: { 'application/json': { schema: niubizChallengeRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The transaction token', content: { 'application/json': { schema: niubizChallengeResponseSchema } } },
    400: errorResponse('Not a valid challenge'),
  },
});

const niubizAuthorizationRoute = createRoute({
  method: 'post',
  path: NIUBIZ_AUTHORIZATION_PATH,
  middleware: guard({ kind: 'signedLink', what: 'the transaction token the hosted fields issued for a card-checkout session the page token opened' }),
  tags: ['payments'],
  summary: 'Card checkout: authorise the transaction token for the checkout’s amount (once); status 1 approved, 2 denied, 3 no connection',
  request: { body: { content: { 'application/json': { schema: niubizAuthorizationRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The authorisation', content: { 'application/json': { schema: niubizAuthorizationResponseSchema } } },
    400: errorResponse('Bad request'),
    404: errorResponse('No such purchase'),
    409: errorResponse('Being authorised'),
  },
});

const niubizNotifyRoute = createRoute({
  method: 'post',
  path: NIUBIZ_NOTIFY_PATH,
  middleware: guard({ kind: 'public', reason: 'asks the server to read the gateway’s own record of a purchase; nothing sent is believed' }),
  tags: ['payments'],
  summary: 'Card checkout: the payer’s page saw an approval; the order is settled from the server’s own record (idempotent)',
  request: { body: { content: { 'application/json': { schema: niubizNotifyRequestSchema } }, required: true } },
  responses: {
    200: { description: 'The order as stored', content: { 'application/json': { schema: niubizNotifyResponseSchema } } },
    400: errorResponse('Bad request'),
    404: errorResponse('No such purchase'),
  },
});

const transferAccountsRoute = createRoute({
  method: 'get',
  path: BANK_TRANSFER_ACCOUNTS_PATH,
  middleware: guard({ kind: 'sandbox', reason: 'the sandbox bank’s published accounts' }),
  tags: ['payments'],
  summary: 'Bank transfer (130): the accounts to transfer into, per currency',
  responses: { 200: { description: 'The accounts', content: { 'application/json': { schema: transferAccountsResponseSchema } } } },
});

const transferNotificationRoute = createRoute({
  method: 'post',
  path: BANK_TRANSFER_NOTIFICATION_PATH,
  middleware: guard({ kind: 'provider', provider: 'the bank', signatureHeaders: [TRANSFER_SIGNATURE_HEADER] }),
  tags: ['payments'],
  summary: 'Bank transfer (130): the bank’s signed report of a transfer quoting an order code; taken once per transfer id',
  responses: {
    200: { description: 'Taken (or a redelivery), with the order as stored', content: { 'application/json': { schema: transferNotificationResponseSchema } } },
    400: errorResponse('Not a transfer report'),
    403: errorResponse('Not signed by the bank'),
    404: errorResponse('No such bank-transfer order'),
    409: errorResponse('Not the order’s amount'),
  },
});

const cuotealoFormRoute = createRoute({
  method: 'post',
  path: CUOTEALO_FORM_PATH,
  middleware: guard({ kind: 'paymentOrder', order: paymentOrderOfBody() }),
  tags: ['payments'],
  summary: 'Cuotéalo BCP (137): the encrypted form of a pending order (the order’s own amount), posted to the bank’s page',
  request: { body: { content: { 'application/json': { schema: cuotealoFormRequestSchema } }, required: true } },
  responses: {
    200: { description: 'Where the form posts and its hidden field', content: { 'application/json': { schema: cuotealoFormResponseSchema } } },
    400: errorResponse('Bad request'),
    403: errorResponse('Not the order’s token'),
    404: errorResponse('No such Cuotéalo order'),
    409: errorResponse('The order is not waiting for payment'),
  },
});

const cuotealoNotificationRoute = createRoute({
  method: 'post',
  path: CUOTEALO_NOTIFICATION_PATH,
  middleware: guard({ kind: 'provider', provider: 'Cuotéalo BCP', signatureHeaders: [CUOTEALO_SIGNATURE_HEADER] }),
  tags: ['payments'],
  summary: 'Cuotéalo BCP (137): the bank’s signed outcome; taken once per operation id',
  responses: {
    200: { description: 'Taken (or a redelivery), with the order as stored', content: { 'application/json': { schema: cuotealoNotificationResponseSchema } } },
    400: errorResponse('Not a Cuotéalo report'),
    403: errorResponse('Not signed by the bank'),
    404: errorResponse('No such Cuotéalo order'),
    409: errorResponse('Not the order’s amount'),
  },
});

/**
 * The card checkout's and PayPal's calls, mounted where either runs: under the sandbox gateway or a real
 * provider's adapter (Niubiz, PayPal; cardGatewayOf, payPalGatewayOf answer which).
 */
export const providerPaymentRoutes = () =>
  createRouter()
    .openapi(payPalOrderRoute, async (c) => c.json({ status: 200 as const, data: await startPayPalPayment(c.var.deps, c.req.valid('json')) }, 200))
    .openapi(payPalCaptureRoute, async (c) => c.json({ status: 200 as const, data: { payment: await capturePayPalPayment(c.var.deps, c.req.valid('json')) } }, 200))
    .openapi(payPalNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takePayPalNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200))
    .openapi(niubizTokenRoute, async (c) => c.json({ status: 200 as const, data: await openCardCheckout(c.var.deps, c.req.valid('json')) }, 200))
    .openapi(niubizAuthorizationRoute, async (c) => c.json({ status: 200 as const, data: await authorizeCardPayment(c.var.deps, c.req.valid('json')) }, 200))
    .openapi(niubizNotifyRoute, async (c) => c.json({ status: 200 as const, data: { payment: await takeCardNotification(c.var.deps, c.req.valid('json').purchaseNumber) } }, 200));

/** Mounted only where the sandbox gateway is the configured one (its secret set): its vault, hosted card fields and banks. */
export const sandboxPaymentRoutes = (secret: string) =>
  createRouter()
    .openapi(tokenizeRoute, (c) => c.json({ status: 200 as const, data: tokenizeSandboxCard(secret, c.req.valid('json')) }, 200))
    .openapi(niubizTokenizeRoute, async (c) => c.json({ status: 200 as const, data: await tokenizeNiubizSandboxCard({ ...c.var.deps, sandboxPaymentSecret: secret }, c.req.valid('json')) }, 200))
    .openapi(niubizChallengeRoute, async (c) => c.json({ status: 200 as const, data: await confirmNiubizSandboxChallenge({ ...c.var.deps, sandboxPaymentSecret: secret }, c.req.valid('json').challengeId) }, 200))
    .openapi(transferAccountsRoute, (c) => c.json({ status: 200 as const, data: { accounts: [...transferAccountsOf(c.var.deps)] } }, 200))
    .openapi(transferNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takeTransferNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200))
    .openapi(cuotealoFormRoute, async (c) => c.json({ status: 200 as const, data: await cuotealoForm(c.var.deps, c.req.valid('json')) }, 200))
    .openapi(cuotealoNotificationRoute, async (c) => c.json({ status: 200 as const, data: await takeCuotealoNotification(c.var.deps, c.req.raw.headers, await c.req.text()) }, 200));
