/**
 * The sandbox's PagoEfectivo voucher page (102): the CIP to pay, its amount and expiry, as PagoEfectivo's
 * own page shows them. A tester presses "pay" (the payer paid at a bank or agent) or "let expire" (the
 * deadline passed unpaid); either sends PagoEfectivo's signed notification (cip.paid, cip.expired) through
 * the same path a real one takes (pagoefectivo.ts), then returns to the booking. Notifications are taken
 * once per CIP and event, so pressing again is a redelivery.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { BUSINESS_TIMEZONE, type Language } from '../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import { PAGOEFECTIVO_EVENTS, PAGOEFECTIVO_SANDBOX_PATH, PAGOEFECTIVO_SIGNATURE_HEADER, type PagoEfectivoNotification } from '../../contract/pagoefectivo.ts';
import type { AppDeps } from '../deps.ts';
import { signPagoEfectivoNotification } from './pagoefectivo-api.ts';
import { cipOrderOf, takePagoEfectivoNotification } from './pagoefectivo.ts';
import { isCipPageToken, sandboxPagoEfectivoKey } from './pagoefectivo-sandbox.ts';
import { bookingPagePath, closedOrderText, detailList, languageOf, openedByToken, postButton, sandboxPages } from './sandbox-page.ts';
import { postSignedReport } from './sandbox.ts';

const TEXTS = {
  en: {
    title: 'PagoEfectivo — your CIP code (sandbox)',
    cip: 'CIP code',
    order: 'Payment order',
    amount: 'Amount to pay',
    expires: 'Pay before (Lima time)',
    how: 'Pay this CIP code at a bank, an agent or your online banking, under PagoEfectivo.',
    pay: 'Pay the CIP (sandbox)',
    expire: 'Let the CIP expire (sandbox)',
    note: 'This is the sandbox PagoEfectivo page: no money is moved.',
    unknown: 'This CIP code does not exist.',
    forbidden: 'This link is not valid: open it from your booking.',
    paid: 'This CIP code is already paid.',
    cancelled: 'This payment order is cancelled.',
    expired: 'This CIP code has expired: it can no longer be paid.',
    back: 'Back to the booking',
  },
  es: {
    title: 'PagoEfectivo — tu código CIP (sandbox)',
    cip: 'Código CIP',
    order: 'Orden de pago',
    amount: 'Monto a pagar',
    expires: 'Paga antes de (hora de Lima)',
    how: 'Paga este código CIP en un banco, un agente o tu banca por internet, en PagoEfectivo.',
    pay: 'Pagar el CIP (sandbox)',
    expire: 'Dejar expirar el CIP (sandbox)',
    note: 'Esta es la página de prueba de PagoEfectivo: no se mueve dinero.',
    unknown: 'Este código CIP no existe.',
    forbidden: 'Este enlace no es válido: ábrelo desde tu reserva.',
    paid: 'Este código CIP ya está pagado.',
    cancelled: 'Esta orden de pago está cancelada.',
    expired: 'Este código CIP ha expirado: ya no se puede pagar.',
    back: 'Volver a la reserva',
  },
} as const satisfies Record<Language, Record<string, string>>;

const { page, messagePage } = sandboxPages(TEXTS);

const limaTime = (language: Language, at: Date) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-US', { timeZone: BUSINESS_TIMEZONE, dateStyle: 'medium', timeStyle: 'short' }).format(at);

export function pagoEfectivoSandboxPage(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const secret = deps.sandboxPaymentSecret;

  /** The CIP's order, when the CIP and its token are the sandbox's; otherwise the refusal to answer with. */
  const opened = (cipParam: string, token: unknown) => openedByToken(cipParam, token, (cip, given) => isCipPageToken(secret, cip, given), (cip) => cipOrderOf(deps, cip));

  app.get('/:cip', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const token = c.req.query('token');
    const { refusal, found } = await opened(c.req.param('cip'), token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const { code, order, booking } = found;
    const back = bookingPagePath(language, booking);
    const closed = closedOrderText({ status: order.status, expiresAt: code.expiresAt }, deps.now());
    if (closed) return c.html(messagePage(language, closed, back));
    const texts = TEXTS[language];
    const action = `${PAGOEFECTIVO_SANDBOX_PATH}/${code.cip}`;
    return c.html(
      page(
        language,
        html`${detailList([
          [texts.cip, code.cip],
          [texts.order, order.number],
          [texts.amount, formatMoney(order.amount, US_DOLLARS, 'detail')],
          [texts.expires, limaTime(language, code.expiresAt)],
        ])}
        <p>${texts.how}</p>
        ${postButton(`${action}/paid?lang=${language}`, { token }, 'pay', texts.pay)}
        ${postButton(`${action}/expired?lang=${language}`, { token }, 'decline', texts.expire)}`,
      ),
    );
  });

  app.post('/:cip/:event{paid|expired}', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const form = await c.req.parseBody();
    const { refusal, found } = await opened(c.req.param('cip'), form.token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const { code, order, booking } = found;
    const event = c.req.param('event') as keyof typeof PAGOEFECTIVO_EVENTS;
    const notification: PagoEfectivoNotification = {
      eventType: PAGOEFECTIVO_EVENTS[event],
      operationNumber: `sandbox-${code.cip}-${event}`,
      data: { cip: code.cip, currency: 'USD', amount: order.amount, paymentDate: deps.now().toISOString(), transactionCode: order.number },
    };
    const sign = (gatewaySecret: string, body: string) => signPagoEfectivoNotification(sandboxPagoEfectivoKey(gatewaySecret), body);
    await postSignedReport(deps, notification, PAGOEFECTIVO_SIGNATURE_HEADER, sign, takePagoEfectivoNotification);
    return c.redirect(bookingPagePath(language, booking), 303);
  });

  return app;
}
