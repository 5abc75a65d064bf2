/**
 * The sandbox's stand-in for PayPal (provider 139): the Orders v2 gateway kept in this server's own
 * database, and the approval page the payer is sent to, with Approve and Cancel. Mounted only where the
 * sandbox gateway is the configured one. The approval page opens only with the order's signed token, which
 * only the create call's answer carries.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Language } from '../../contract/common.ts';
import { sandboxPayPalOrders } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { WalletGateway, WalletNotification, WalletOrderRequest } from './gateway.ts';
import { walletNotificationOf } from './paypal-api.ts';
import { languageOf, providerPage } from './sandbox-page.ts';

export const PAYPAL_SANDBOX_PATH = '/sandbox/paypal';
/** The header carrying the sandbox's notification signature (PayPal's own is PAYPAL-TRANSMISSION-SIG). */
export const SANDBOX_NOTIFICATION_HEADER = 'paypal-transmission-sig';

type SandboxDeps = Pick<AppDeps, 'db' | 'now'> & { sandboxPaymentSecret: string };

const sign = (secret: string, purpose: string, value: string) => createHmac('sha256', secret).update(`paypal-${purpose}:${value}`).digest('base64url');

function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A notification as the sandbox signs it: what tests and tools post to the notification route. */
export const signSandboxNotification = (secret: string, rawBody: string) => sign(secret, 'notification', rawBody);

export function payPalSandboxGateway(deps: SandboxDeps): WalletGateway {
  const find = async (id: string) => (await deps.db.select().from(sandboxPayPalOrders).where(eq(sandboxPayPalOrders.id, id)))[0] ?? null;
  const approveUrl = (id: string) => `${PAYPAL_SANDBOX_PATH}/${id}?token=${sign(deps.sandboxPaymentSecret, 'approve', id)}`;
  return {
    async createOrder(request: WalletOrderRequest) {
      const now = deps.now();
      const id = `SBX${randomBytes(9).toString('hex').toUpperCase()}`;
      await deps.db
        .insert(sandboxPayPalOrders)
        .values({ id, requestId: request.requestId, status: 'CREATED', request, expiresAt: request.expiresAt, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: sandboxPayPalOrders.requestId });
      const [order] = await deps.db.select({ id: sandboxPayPalOrders.id }).from(sandboxPayPalOrders).where(eq(sandboxPayPalOrders.requestId, request.requestId));
      return { id: order!.id, approveUrl: approveUrl(order!.id) };
    },
    async capture(id: string) {
      // APPROVED → COMPLETED once; a replay finds it COMPLETED and answers the same (PayPal's 200).
      await deps.db.update(sandboxPayPalOrders).set({ status: 'COMPLETED', updatedAt: deps.now() }).where(and(eq(sandboxPayPalOrders.id, id), eq(sandboxPayPalOrders.status, 'APPROVED')));
      return (await find(id))?.status ?? 'CREATED';
    },
    async status(id: string) {
      return (await find(id))?.status ?? null;
    },
    async verifyNotification(headers: Headers, rawBody: string): Promise<WalletNotification | null> {
      if (!sameSignature(signSandboxNotification(deps.sandboxPaymentSecret, rawBody), headers.get(SANDBOX_NOTIFICATION_HEADER))) return null;
      return walletNotificationOf(rawBody);
    },
  };
}

const TEXTS = {
  en: {
    title: 'PayPal — approve your payment (sandbox)',
    amount: 'Amount',
    approve: 'Approve and pay',
    cancel: 'Cancel and return',
    note: 'This is the sandbox approval page: no money is moved.',
    forbidden: 'This payment link is not valid: open the payment from your booking.',
    closed: 'This PayPal order can no longer be approved.',
  },
  es: {
    title: 'PayPal — aprueba tu pago (sandbox)',
    amount: 'Monto',
    approve: 'Aprobar y pagar',
    cancel: 'Cancelar y volver',
    note: 'Esta es la página de aprobación de prueba: no se mueve dinero.',
    forbidden: 'Este enlace de pago no es válido: abre el pago desde tu reserva.',
    closed: 'Esta orden de PayPal ya no se puede aprobar.',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The payer's approval page: the order's items and amount, Approve (back to the return address) or Cancel. */
export function payPalSandboxPages(deps: SandboxDeps) {
  const app = new Hono();
  const page = (language: Language, body: ReturnType<typeof html>) => providerPage({ language, title: TEXTS[language].title, note: TEXTS[language].note }, body);
  const message = (language: Language, text: 'forbidden' | 'closed') => page(language, html`<p role="alert">${TEXTS[language][text]}</p>`);
  /** The order, when the token is its own and it may still be approved. */
  const openOrder = async (id: string, token: unknown) => {
    if (!sameSignature(sign(deps.sandboxPaymentSecret, 'approve', id), token)) return 'forbidden' as const;
    const [order] = await deps.db.select().from(sandboxPayPalOrders).where(and(eq(sandboxPayPalOrders.id, id), gt(sandboxPayPalOrders.expiresAt, deps.now())));
    return order ?? ('closed' as const);
  };

  app.get('/:id', async (c) => {
    const request = await openOrder(c.req.param('id'), c.req.query('token'));
    const language = languageOf(typeof request === 'string' ? c.req.query('lang') : (request.request as WalletOrderRequest).language);
    if (request === 'forbidden') return c.html(message(language, 'forbidden'), 403);
    if (request === 'closed' || request.status !== 'CREATED') return c.html(message(language, 'closed'), 409);
    const order = request.request as WalletOrderRequest;
    const texts = TEXTS[language];
    const action = `${PAYPAL_SANDBOX_PATH}/${request.id}`;
    const token = c.req.query('token')!;
    return c.html(
      page(
        language,
        html`<p>${order.description} · ${order.reference}</p>
          <dl>
            ${order.items.map((item) => html`<dt>${item.name}</dt><dd>${item.unitAmount.currency} ${item.unitAmount.value}</dd>`)}
            <dt>${texts.amount}</dt><dd>${order.amount.currency} ${order.amount.value}</dd>
          </dl>
          <form method="post" action="${action}/approve"><input type="hidden" name="token" value="${token}" /><button class="pay" type="submit">${texts.approve}</button></form>
          <form method="post" action="${action}/cancel"><input type="hidden" name="token" value="${token}" /><button class="decline" type="submit">${texts.cancel}</button></form>`,
      ),
    );
  });

  app.post('/:id/:choice{approve|cancel}', async (c) => {
    const form = await c.req.parseBody();
    const request = await openOrder(c.req.param('id'), form.token);
    if (request === 'forbidden') return c.html(message(languageOf(c.req.query('lang')), 'forbidden'), 403);
    if (request === 'closed') return c.html(message(languageOf(c.req.query('lang')), 'closed'), 409);
    const order = request.request as WalletOrderRequest;
    if (c.req.param('choice') === 'cancel') return c.redirect(order.cancelUrl, 303);
    await deps.db.update(sandboxPayPalOrders).set({ status: 'APPROVED', updatedAt: deps.now() }).where(and(eq(sandboxPayPalOrders.id, request.id), eq(sandboxPayPalOrders.status, 'CREATED')));
    // PayPal appends the order id as `token` (and the payer) to the return address.
    return c.redirect(`${order.returnUrl}&token=${request.id}&PayerID=SBXPAYER`, 303);
  });

  return app;
}
