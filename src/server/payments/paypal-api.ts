/**
 * PayPal's Orders v2 API (the real wallet behind the WalletGateway port), switched on by PAYPAL_CLIENT_ID,
 * PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and PAYPAL_ENV (reference: payment-and-supplier-apis.md §3). The
 * OAuth2 client-credentials token is kept until shortly before it expires; the order (USD, one item per
 * passenger and leg) and its capture carry PayPal-Request-Id, so a replay answers the same order and the
 * same capture; a notification is PayPal's only when PayPal's verify-webhook-signature says SUCCESS.
 */
import { z } from 'zod';
import { InvalidSettingError } from '../settings.ts';
import type { WalletGateway, WalletNotification, WalletOrderRequest, WalletOrderStatus } from './gateway.ts';
import { fetchWithin, tokenCache, variablesSet } from './provider-http.ts';

export type PayPalEnvironment = 'sandbox' | 'live';

export const PAYPAL_HOSTS: Readonly<Record<PayPalEnvironment, string>> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
};

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** The id of this server's webhook in PayPal's dashboard: signatures are verified against it. */
  webhookId: string;
  environment: PayPalEnvironment;
  /** The app's public address (env PUBLIC_URL): PayPal sends the payer back to absolute addresses only. */
  publicUrl: string;
  /** How long a call may take (default 20 s). */
  timeoutMs?: number;
}

export const PAYPAL_VARIABLES = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_ENV'] as const;

/** PayPal's configuration when every variable is set; undefined when none or only some are (then it is off). */
export function payPalConfigOf(env: Record<string, string | undefined>): PayPalConfig | undefined {
  const values = variablesSet(env, PAYPAL_VARIABLES);
  if (!values) return undefined;
  const [clientId, clientSecret, webhookId, environment] = values;
  if (environment !== 'sandbox' && environment !== 'live') throw new InvalidSettingError(`PAYPAL_ENV must be sandbox or live, not "${environment}".`);
  return { clientId, clientSecret, webhookId, environment, publicUrl: (env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '') };
}

export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`PayPal: ${message}`);
  }
}

/** Renewed this long before the access token's own expiry. */
const TOKEN_MARGIN_MS = 5 * 60_000;
const tokens = tokenCache<PayPalConfig>();

const send = (config: PayPalConfig, path: string, init: RequestInit) =>
  fetchWithin(`${PAYPAL_HOSTS[config.environment]}${path}`, init, config.timeoutMs ?? 20_000, (reason) => new PayPalApiError(0, `${path}: ${reason}`));

async function requestToken(config: PayPalConfig) {
  const response = await send(config, '/v1/oauth2/token', {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!response.ok || typeof body?.access_token !== 'string') throw new PayPalApiError(response.status, 'the OAuth token was refused');
  const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
  return { token: body.access_token, renewAt: Date.now() + lifetimeMs - TOKEN_MARGIN_MS };
}

const accessToken = (config: PayPalConfig) => tokens.token(config, () => requestToken(config));

/** A call with the access token: its status and JSON body (null when there is none). */
async function call(config: PayPalConfig, method: 'GET' | 'POST', path: string, options: { body?: unknown; requestId?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${await accessToken(config)}`, accept: 'application/json', 'content-type': 'application/json' };
  if (options.requestId) headers['paypal-request-id'] = options.requestId;
  if (method === 'POST') headers.prefer = 'return=representation';
  const response = await send(config, path, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  if (response.status === 401) tokens.drop(config);
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  purchase_units: z.array(z.object({ payments: z.object({ captures: z.array(z.object({ status: z.string() })).optional() }).optional() })).optional(),
});
type PayPalOrder = z.infer<typeof orderSchema>;

/**
 * The order's status as the flow reads it: COMPLETED only when a capture of it is completed (PayPal's
 * advice: an order can read COMPLETED with its capture still PENDING or DECLINED).
 */
function walletStatusOf(order: PayPalOrder): WalletOrderStatus {
  const captures = (order.purchase_units ?? []).flatMap((unit) => unit.payments?.captures ?? []);
  if (captures.some((capture) => capture.status === 'COMPLETED')) return 'COMPLETED';
  if (order.status === 'APPROVED' || order.status === 'COMPLETED') return 'APPROVED';
  return 'CREATED';
}

const errorIssues = (body: unknown) => ((body as { details?: Array<{ issue?: unknown }> } | null)?.details ?? []).map((detail) => detail.issue);

const LOCALES = { es: 'es-PE', en: 'en-US' } as const;

/** A PayPal notification envelope: its id, type, and the order it is about. */
const notificationSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource_type: z.string().optional(),
  resource: z.object({
    id: z.string().optional(),
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().min(1) }) }).optional(),
  }),
});

/**
 * The notification a body names, for both the real and the sandbox's: capture events name the order in
 * supplementary_data.related_ids.order_id, order events are the order itself. Null when it is not one.
 */
export function walletNotificationOf(rawBody: string): WalletNotification | null {
  let parsed: z.infer<typeof notificationSchema>;
  try {
    parsed = notificationSchema.parse(JSON.parse(rawBody));
  } catch {
    return null;
  }
  const providerOrderId = parsed.resource.supplementary_data?.related_ids.order_id ?? (parsed.resource_type === 'checkout-order' ? parsed.resource.id : undefined);
  return providerOrderId ? { eventId: parsed.id, eventType: parsed.event_type, providerOrderId } : null;
}

/** The headers PayPal signs a webhook delivery with, and the verification call's fields they fill. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export function payPalApiGateway(config: PayPalConfig): WalletGateway {
  const absolute = (address: string) => new URL(address, `${config.publicUrl}/`).toString();
  const readOrder = async (id: string): Promise<PayPalOrder | null> => {
    const answer = await call(config, 'GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (answer.status === 404) return null;
    const order = orderSchema.safeParse(answer.body);
    if (answer.status !== 200 || !order.success) throw new PayPalApiError(answer.status, `reading order ${id} answered ${answer.status}`);
    return order.data;
  };
  return {
    async createOrder(request: WalletOrderRequest) {
      const money = (value: string) => ({ currency_code: request.amount.currency, value });
      const answer = await call(config, 'POST', '/v2/checkout/orders', {
        requestId: request.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.reference,
              invoice_id: request.reference,
              description: request.description.slice(0, 127),
              amount: { ...money(request.amount.value), breakdown: { item_total: money(request.amount.value) } },
              items: request.items.map((item) => ({ name: item.name, sku: item.sku, quantity: item.quantity, unit_amount: { currency_code: item.unitAmount.currency, value: item.unitAmount.value }, category: 'DIGITAL_GOODS' })),
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                locale: LOCALES[request.language as keyof typeof LOCALES] ?? LOCALES.es,
                shipping_preference: request.shippingPreference,
                user_action: 'PAY_NOW',
                return_url: absolute(request.returnUrl),
                cancel_url: absolute(request.cancelUrl),
              },
            },
          },
        },
      });
      const order = orderSchema.safeParse(answer.body);
      // 201 the first time, 200 when the same PayPal-Request-Id is replayed: the same order either way.
      if ((answer.status !== 201 && answer.status !== 200) || !order.success) throw new PayPalApiError(answer.status, `creating the order answered ${answer.status}`);
      const approve = order.data.links?.find((link) => link.rel === 'payer-action') ?? order.data.links?.find((link) => link.rel === 'approve');
      if (!approve) throw new PayPalApiError(answer.status, `order ${order.data.id} has no approval link`);
      return { id: order.data.id, approveUrl: approve.href };
    },
    async capture(orderId: string, requestId: string) {
      const answer = await call(config, 'POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { requestId, body: {} });
      if (answer.status === 201 || answer.status === 200) {
        const order = orderSchema.safeParse(answer.body);
        if (order.success) return walletStatusOf(order.data);
      }
      const issues = errorIssues(answer.body);
      // Captured already (by another request id): what it is now is what the order reads.
      if (answer.status === 422 && issues.includes('ORDER_ALREADY_CAPTURED')) return (await readOrder(orderId).then((order) => order && walletStatusOf(order))) ?? 'CREATED';
      // Not approved yet, or the payer's funding was declined: nothing captured, the order stays pending.
      if (answer.status === 422 && issues.some((issue) => issue === 'ORDER_NOT_APPROVED' || issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_ACTION_REQUIRED')) return 'CREATED';
      throw new PayPalApiError(answer.status, `capturing order ${orderId} answered ${answer.status} ${issues.join(',')}`);
    },
    async status(orderId: string) {
      const order = await readOrder(orderId);
      return order && walletStatusOf(order);
    },
    async verifyNotification(headers: Headers, rawBody: string) {
      const notification = walletNotificationOf(rawBody);
      if (!notification) return null;
      const signature = Object.fromEntries(Object.entries(SIGNATURE_HEADERS).map(([field, header]) => [field, headers.get(header)]));
      if (Object.values(signature).some((value) => !value)) return null;
      const answer = await call(config, 'POST', '/v1/notifications/verify-webhook-signature', {
        body: { ...signature, webhook_id: config.webhookId, webhook_event: JSON.parse(rawBody) as unknown },
      });
      if (answer.status !== 200) throw new PayPalApiError(answer.status, `verifying a notification answered ${answer.status}`);
      return (answer.body as { verification_status?: unknown } | null)?.verification_status === 'SUCCESS' ? notification : null;
    },
  };
}
