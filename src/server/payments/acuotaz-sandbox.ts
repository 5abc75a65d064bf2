/**
 * The sandbox's stand-in for ACuotaz's instalment page (125), opened with the order's page token in a
 * frame of the booking's payment tab or in a tab of its own. It shows the order, its dollars and the soles
 * ACuotaz charges at the exchange rate, and the tester approves, rejects or cancels. Each sends ACuotaz's
 * signed notification through the same path a real one takes (acuotaz.ts) and returns the traveller (the
 * whole window, not the frame) to /payment/notify/acuotaz/result/{success|rejected|canceled}/…, which shows
 * only what the server recorded. An approval's operation id is the order's, so approving again is a
 * redelivery.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { ACUOTAZ_SANDBOX_PATH, ACUOTAZ_SIGNATURE_HEADER, type AcuotazNotification } from '../../contract/acuotaz.ts';
import type { Language } from '../../contract/common.ts';
import { formatMoney, PERUVIAN_SOLES, US_DOLLARS } from '../../contract/money.ts';
import type { AppDeps } from '../deps.ts';
import { acuotazOrderOf, acuotazQuote, signAcuotazNotification, takeAcuotazNotification } from './acuotaz.ts';
import { appPagePath, bookingPagePath, closedOrderText, detailList, languageOf, openedByToken, postButton, sandboxPages, unlessNotFound } from './sandbox-page.ts';
import { isPaymentPageToken, postSignedReport } from './sandbox.ts';

const TEXTS = {
  en: {
    title: 'ACuotaz — pay in instalments (sandbox)',
    order: 'Payment order',
    booking: 'Booking code',
    amount: 'Amount',
    soles: 'You pay in soles',
    rate: 'Exchange rate',
    approve: 'Approve the instalments',
    reject: 'Reject',
    cancel: 'Cancel',
    note: 'This is the sandbox ACuotaz page: no money is moved.',
    unknown: 'This payment order does not exist or is not paid with ACuotaz.',
    forbidden: 'This link is not valid: open it from your booking.',
    unavailable: 'The exchange rate is not available: try again later.',
    paid: 'This payment order is already paid.',
    cancelled: 'This payment order is cancelled.',
    expired: 'This payment order has expired.',
    back: 'Back to the booking',
  },
  es: {
    title: 'ACuotaz — paga en cuotas (sandbox)',
    order: 'Orden de pago',
    booking: 'Código de reserva',
    amount: 'Monto',
    soles: 'Pagas en soles',
    rate: 'Tipo de cambio',
    approve: 'Aprobar las cuotas',
    reject: 'Rechazar',
    cancel: 'Cancelar',
    note: 'Esta es la página de prueba de ACuotaz: no se mueve dinero.',
    unknown: 'Esta orden de pago no existe o no se paga con ACuotaz.',
    forbidden: 'Este enlace no es válido: ábrelo desde tu reserva.',
    unavailable: 'El tipo de cambio no está disponible: inténtalo más tarde.',
    paid: 'Esta orden de pago ya está pagada.',
    cancelled: 'Esta orden de pago está cancelada.',
    expired: 'Esta orden de pago está expirada.',
    back: 'Volver a la reserva',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** Its messages' links leave the frame (target _top), as every way out of this page does. */
const { page, messagePage } = sandboxPages(TEXTS, { top: true });

/** The traveller's way back after each outcome (spec 3 §1 route). */
const RESULT_SEGMENT = { approved: 'success', rejected: 'rejected', canceled: 'canceled' } as const satisfies Record<AcuotazNotification['result'], string>;

export function acuotazSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const tokenFits = (orderNumber: string, token: unknown) => isPaymentPageToken(deps.sandboxPaymentSecret, orderNumber, token);

  const opened = (orderParam: string, token: unknown) => openedByToken(orderParam, token, tokenFits, (orderNumber) => acuotazOrderOf(deps, orderNumber));
  const quoteOf = (order: Parameters<typeof acuotazQuote>[1]) => unlessNotFound(acuotazQuote(deps, order));

  app.get('/:orderNumber', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const token = c.req.query('token');
    const { refusal, found: row } = await opened(c.req.param('orderNumber'), token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const back = bookingPagePath(language, row.booking);
    const closed = closedOrderText(row.order, deps.now());
    if (closed) return c.html(messagePage(language, closed, back), 409);
    const quote = await quoteOf(row.order);
    if (!quote) return c.html(messagePage(language, 'unavailable', back), 503);
    const texts = TEXTS[language];
    const action = (result: AcuotazNotification['result']) => `${ACUOTAZ_SANDBOX_PATH}/${row.order.number}/${result}?lang=${language}`;
    const fields = { token };
    return c.html(
      page(
        language,
        html`${detailList([
          [texts.order, row.order.number],
          [texts.booking, row.booking.pnr ?? ''],
          [texts.amount, formatMoney(row.order.amount, US_DOLLARS, 'detail')],
          [texts.rate, `${quote.exchangeRate.toFixed(3)} (${quote.rateDate})`],
          [texts.soles, formatMoney(quote.amount, PERUVIAN_SOLES, 'detail')],
        ])}
        ${postButton(action('approved'), fields, 'pay', texts.approve, true)}
        ${postButton(action('rejected'), fields, 'decline', texts.reject, true)}
        ${postButton(action('canceled'), fields, 'decline', texts.cancel, true)}`,
      ),
    );
  });

  app.post('/:orderNumber/:result{approved|rejected|canceled}', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const form = await c.req.parseBody();
    const { refusal, found: row } = await opened(c.req.param('orderNumber'), form.token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const result = c.req.param('result') as AcuotazNotification['result'];
    // ACuotaz charges what this server quoted for the order (stored with it), never a rate the form names.
    const quote = await quoteOf(row.order);
    const back = bookingPagePath(language, row.booking);
    if (!quote) return c.html(messagePage(language, 'unavailable', back), 503);
    const notification: AcuotazNotification = {
      operationId: result === 'approved' ? `sandbox-${row.order.number}` : `sandbox-${result}-${randomUUID()}`,
      orderNumber: row.order.number,
      result,
      amount: quote.amount,
      currency: 'PEN',
      exchangeRate: quote.exchangeRate,
    };
    const { payment } = await postSignedReport(deps, notification, ACUOTAZ_SIGNATURE_HEADER, signAcuotazNotification, takeAcuotazNotification);
    if (result === 'approved' && payment !== 'paid') return c.html(messagePage(language, payment === 'pending' ? 'unknown' : payment, back), 409);
    const name = encodeURIComponent(row.booking.passengers[0]?.firstName ?? '-');
    const path = `/payment/notify/acuotaz/result/${RESULT_SEGMENT[result]}/name/${name}/amount/${notification.amount.toFixed(2)}/id/${row.booking.sessionId}`;
    return c.redirect(appPagePath(path, language, row.booking), 303);
  });

  return app;
}
