/**
 * The sandbox stand-in for PayMe's payment-processing page (provider 119, spec 3 §2 /payment/process):
 * the waiting page posts paymentOrderNumber here; the traveller sees the order and pays or declines;
 * the page then returns to the app's PayMe result pages, as the real provider does. Paying moves the
 * payment order to CPO, its booking and session to completed payment (3) exactly once, however often
 * it is pressed. This page belongs to the "provider", not to the app: it has no app chrome and carries its own
 * two languages, chosen by the `lang` the app posts.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { PaymentProvider } from '../../contract/checkout.ts';
import type { Language } from '../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import type { AppDeps } from '../deps.ts';
import { CLOSED_ORDER_TEXT, detailList, languageOf, openedByToken, postButton, sandboxPages } from './sandbox-page.ts';
import { providerOrderOf, settlePaidOrder } from './settle.ts';
import { isPaymentPageToken, PAYME_SANDBOX_PATH } from './sandbox.ts';

const orderNumberSchema = z.string().regex(/^\d{1,20}$/);

const TEXTS = {
  en: {
    title: 'PayMe — secure payment (sandbox)',
    order: 'Payment order',
    booking: 'Booking code',
    amount: 'Amount to pay',
    card: 'Card',
    pay: 'Pay',
    decline: 'Decline the payment',
    note: 'This is the sandbox payment page: no money is moved.',
    unknown: 'This payment order does not exist or is not paid with PayMe.',
    forbidden: 'This payment link is not valid: open the payment from your booking.',
    paid: 'This payment order is already paid.',
    cancelled: 'This payment order is cancelled.',
    expired: 'This payment order has expired.',
    back: 'Back to the travel site',
  },
  es: {
    title: 'PayMe — pago seguro (sandbox)',
    order: 'Orden de pago',
    booking: 'Código de reserva',
    amount: 'Monto a pagar',
    card: 'Tarjeta',
    pay: 'Pagar',
    decline: 'Rechazar el pago',
    note: 'Esta es la página de pago de prueba: no se mueve dinero.',
    unknown: 'Esta orden de pago no existe o no se paga con PayMe.',
    forbidden: 'Este enlace de pago no es válido: abre el pago desde tu reserva.',
    paid: 'Esta orden de pago ya está pagada.',
    cancelled: 'Esta orden de pago está cancelada.',
    expired: 'Esta orden de pago está expirada.',
    back: 'Volver al sitio de viajes',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Text = keyof (typeof TEXTS)['en'];

const { page, messagePage: pageWithMessage } = sandboxPages(TEXTS);
/** A message; its way back is the travel site's home, in the payer's language. */
const messagePage = (language: Language, text: Text) => pageWithMessage(language, text, `/vuelos/?lang=${language}`);

/** The order as PayMe sees it: a PayMe order with its booking, or a 404. */
const paymeOrder = (deps: AppDeps, orderNumber: string) => providerOrderOf(deps, orderNumber, (code) => code === PaymentProvider.payMe, 'PayMe');

/**
 * Where PayMe sends the traveller back: the app's result page, in their language and on their terminal,
 * naming the booking's session so the page reads the payment's state from the server.
 */
const resultPath = (outcome: 'success' | 'error', language: Language, booking: { terminalId: string; sessionId: string }) =>
  `/vuelos/payment/notify/payme/${outcome}?lang=${language}&terminalId=${encodeURIComponent(booking.terminalId)}&id=${booking.sessionId}`;

/**
 * The sandbox's PayMe page, mounted only where the sandbox gateway is configured (its secret set).
 * Every step needs the order's token from the booking's answer: a known order number opens nothing.
 */
export function paymeSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const tokenFits = (orderNumber: string, token: unknown) => isPaymentPageToken(deps.sandboxPaymentSecret, orderNumber, token);
  const opened = (orderParam: string, token: unknown) => openedByToken(orderParam, token, tokenFits, (orderNumber) => paymeOrder(deps, orderNumber));

  // The app's waiting page posts here; the order's own address keeps the page when reloaded.
  app.post('/', async (c) => {
    const form = await c.req.parseBody();
    const language = languageOf(form.lang);
    const orderNumber = orderNumberSchema.safeParse(form.paymentOrderNumber);
    if (!orderNumber.success) return c.html(messagePage(language, 'unknown'), 400);
    if (!tokenFits(orderNumber.data, form.token)) return c.html(messagePage(language, 'forbidden'), 403);
    return c.redirect(`${PAYME_SANDBOX_PATH}/${orderNumber.data}?lang=${language}&token=${encodeURIComponent(String(form.token))}`, 303);
  });

  app.get('/:orderNumber', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const { refusal, found } = await opened(c.req.param('orderNumber'), c.req.query('token'));
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const closed = CLOSED_ORDER_TEXT[found.order.status as keyof typeof CLOSED_ORDER_TEXT];
    if (closed) return c.html(messagePage(language, closed));
    const texts = TEXTS[language];
    const action = `${PAYME_SANDBOX_PATH}/${found.order.number}`;
    const token = c.req.query('token')!;
    const card = found.booking.storedCard;
    const amount = formatMoney(found.order.amount, US_DOLLARS, 'detail');
    return c.html(
      page(
        language,
        html`${detailList([
          [texts.order, found.order.number],
          [texts.booking, found.booking.pnr ?? ''],
          [texts.amount, amount],
          !!card && [texts.card, `${card.brand} •••• ${card.last4}`],
        ])}
        ${postButton(`${action}/pay?lang=${language}`, { token }, 'pay', `${texts.pay} ${amount}`)}
        ${postButton(`${action}/decline?lang=${language}`, { token }, 'decline', texts.decline)}`,
      ),
    );
  });

  app.post('/:orderNumber/:outcome{pay|decline}', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const form = await c.req.parseBody();
    const { refusal, found } = await opened(c.req.param('orderNumber'), form.token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    if (c.req.param('outcome') === 'decline') return c.redirect(resultPath('error', language, found.booking), 303);
    const outcome = await settlePaidOrder(deps, found.order, { providerCode: found.order.providerCode, reference: `payme:${found.order.number}`, amount: found.order.amount, currency: found.order.currency });
    if (outcome !== 'paid') return c.html(messagePage(language, outcome === 'pending' ? 'unknown' : outcome), 409);
    return c.redirect(resultPath('success', language, found.booking), 303);
  });

  return app;
}
