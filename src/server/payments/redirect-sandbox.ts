/**
 * The sandbox's page of the redirect-type providers (SafetyPay 105 and 106, Cuotéalo BCP's redirect 124):
 * one page, named by the provider's code. The app's waiting page (/payment/process) posts the order here
 * with its token; the tester pays or declines; either way the page sends the provider's signed
 * notification through the same path a real one takes (redirect-payment.ts) and returns to the booking.
 * A payment's operation id is the order's, so paying again is a redelivery.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Language } from '../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import { REDIRECT_SANDBOX_PATH, REDIRECT_SIGNATURE_HEADER, type RedirectNotification } from '../../contract/redirect-payment.ts';
import type { AppDeps } from '../deps.ts';
import { providerNameIn } from '../mail/texts.ts';
import { redirectOrderOf, signRedirectNotification, takeRedirectNotification } from './redirect-payment.ts';
import { bookingPagePath, closedOrderText, detailList, languageOf, messageBody, openedByToken, postButton, providerPage, type HtmlBody } from './sandbox-page.ts';
import { isPaymentPageToken, postSignedReport } from './sandbox.ts';

const TEXTS = {
  en: {
    title: (provider: string) => `${provider} — payment (sandbox)`,
    order: 'Payment order',
    booking: 'Booking code',
    amount: 'Amount to pay',
    pay: 'Pay',
    decline: 'Decline the payment',
    note: 'This is the sandbox payment page: no money is moved.',
    unknown: 'This payment order does not exist or is not paid on this page.',
    forbidden: 'This payment link is not valid: open the payment from your booking.',
    paid: 'This payment order is already paid.',
    cancelled: 'This payment order is cancelled.',
    expired: 'This payment order has expired.',
    back: 'Back to the booking',
  },
  es: {
    title: (provider: string) => `${provider} — pago (sandbox)`,
    order: 'Orden de pago',
    booking: 'Código de reserva',
    amount: 'Monto a pagar',
    pay: 'Pagar',
    decline: 'Rechazar el pago',
    note: 'Esta es la página de pago de prueba: no se mueve dinero.',
    unknown: 'Esta orden de pago no existe o no se paga en esta página.',
    forbidden: 'Este enlace de pago no es válido: abre el pago desde tu reserva.',
    paid: 'Esta orden de pago ya está pagada.',
    cancelled: 'Esta orden de pago está cancelada.',
    expired: 'Esta orden de pago está expirada.',
    back: 'Volver a la reserva',
  },
} as const;

type Text = Exclude<keyof (typeof TEXTS)['en'], 'title'>;

export function redirectSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const tokenFits = (orderNumber: string, token: unknown) => isPaymentPageToken(deps.sandboxPaymentSecret, orderNumber, token);
  const page = (language: Language, code: number, body: HtmlBody) => providerPage({ language, title: TEXTS[language].title(providerNameIn(language, code)), note: TEXTS[language].note }, body);
  const messagePage = (language: Language, code: number, text: Text, back = '/vuelos/') => page(language, code, messageBody(TEXTS[language][text], back, TEXTS[language].back));

  /** The order the address names, when its token fits; otherwise the page to answer. */
  async function opened(language: Language, codeParam: string, orderParam: unknown, token: unknown) {
    const code = Number(codeParam);
    const { refusal, found } = await openedByToken(orderParam, token, tokenFits, (orderNumber) => redirectOrderOf(deps, orderNumber, code));
    if (refusal) return { refusal: [messagePage(language, code, refusal[0]), refusal[1]] as const };
    return { code, found };
  }

  // The app's waiting page posts here; the order's own address keeps the page when reloaded.
  app.post('/:code{\\d+}', async (c) => {
    const form = await c.req.parseBody();
    const language = languageOf(form.lang);
    const { refusal, code, found } = await opened(language, c.req.param('code'), form.paymentOrderNumber, form.token);
    if (refusal) return c.html(refusal[0], refusal[1]);
    return c.redirect(`${REDIRECT_SANDBOX_PATH}/${code}/${found.order.number}?lang=${language}&token=${encodeURIComponent(String(form.token))}`, 303);
  });

  app.get('/:code{\\d+}/:orderNumber', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const token = c.req.query('token');
    const { refusal, code, found } = await opened(language, c.req.param('code'), c.req.param('orderNumber'), token);
    if (refusal) return c.html(refusal[0], refusal[1]);
    const { order, booking } = found;
    const back = bookingPagePath(language, booking);
    const closed = closedOrderText(order, deps.now());
    if (closed) return c.html(messagePage(language, code, closed, back));
    const texts = TEXTS[language];
    const action = `${REDIRECT_SANDBOX_PATH}/${code}/${order.number}`;
    const amount = formatMoney(order.amount, US_DOLLARS, 'detail');
    return c.html(
      page(
        language,
        code,
        html`${detailList([
          [texts.order, order.number],
          [texts.booking, booking.pnr ?? ''],
          [texts.amount, amount],
        ])}
        ${postButton(`${action}/paid?lang=${language}`, { token }, 'pay', `${texts.pay} ${amount}`)}
        ${postButton(`${action}/declined?lang=${language}`, { token }, 'decline', texts.decline)}`,
      ),
    );
  });

  app.post('/:code{\\d+}/:orderNumber/:result{paid|declined}', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const form = await c.req.parseBody();
    const { refusal, code, found } = await opened(language, c.req.param('code'), c.req.param('orderNumber'), form.token);
    if (refusal) return c.html(refusal[0], refusal[1]);
    const { order, booking } = found;
    const result = c.req.param('result') as RedirectNotification['result'];
    const notification: RedirectNotification = {
      operationId: result === 'paid' ? `sandbox-${order.number}` : `sandbox-declined-${randomUUID()}`,
      orderNumber: order.number,
      providerCode: code,
      result,
      amount: order.amount,
    };
    await postSignedReport(deps, notification, REDIRECT_SIGNATURE_HEADER, signRedirectNotification, takeRedirectNotification);
    return c.redirect(bookingPagePath(language, booking), 303);
  });

  return app;
}
