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
import { z } from 'zod';
import { ACUOTAZ_SANDBOX_PATH, ACUOTAZ_SIGNATURE_HEADER, solesOf, type AcuotazNotification } from '../../contract/acuotaz.ts';
import type { Language } from '../../contract/common.ts';
import { formatMoney, PERUVIAN_SOLES, US_DOLLARS } from '../../contract/money.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { acuotazOrderOf, acuotazQuote, signAcuotazNotification, takeAcuotazNotification } from './acuotaz.ts';
import { appPagePath, bookingPagePath, closedOrderText, languageOf, providerPage, type HtmlBody } from './sandbox-page.ts';
import { isPaymentPageToken } from './sandbox.ts';

const orderNumberSchema = z.string().regex(/^\d{1,20}$/);

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

type Text = keyof (typeof TEXTS)['en'];

const page = (language: Language, body: HtmlBody) => providerPage({ language, title: TEXTS[language].title, note: TEXTS[language].note }, body);
/** A message; its link leaves the frame (target _top), as every way out of this page does. */
const messagePage = (language: Language, text: Text, back = '/vuelos/') =>
  page(language, html`<p role="alert">${TEXTS[language][text]}</p><a href="${back}" target="_top">${TEXTS[language].back}</a>`);

/** The traveller's way back after each outcome (spec 3 §1 route). */
const RESULT_SEGMENT = { approved: 'success', rejected: 'rejected', canceled: 'canceled' } as const satisfies Record<AcuotazNotification['result'], string>;

export function acuotazSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const tokenFits = (orderNumber: string, token: unknown) => isPaymentPageToken(deps.sandboxPaymentSecret, orderNumber, token);

  async function found(orderNumber: string) {
    try {
      return await acuotazOrderOf(deps, orderNumber);
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) return null;
      throw error;
    }
  }

  async function quoteOf(dollars: number) {
    try {
      return await acuotazQuote(deps, dollars);
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) return null;
      throw error;
    }
  }

  app.get('/:orderNumber', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const orderNumber = orderNumberSchema.safeParse(c.req.param('orderNumber'));
    const token = c.req.query('token');
    if (!orderNumber.success) return c.html(messagePage(language, 'unknown'), 404);
    if (!tokenFits(orderNumber.data, token)) return c.html(messagePage(language, 'forbidden'), 403);
    const row = await found(orderNumber.data);
    if (!row) return c.html(messagePage(language, 'unknown'), 404);
    const back = bookingPagePath(language, row.booking);
    const closed = closedOrderText(row.order, deps.now());
    if (closed) return c.html(messagePage(language, closed, back), 409);
    const quote = await quoteOf(row.order.amount);
    if (!quote) return c.html(messagePage(language, 'unavailable', back), 503);
    const texts = TEXTS[language];
    const action = (result: AcuotazNotification['result']) => `${ACUOTAZ_SANDBOX_PATH}/${row.order.number}/${result}?lang=${language}`;
    const fields = html`<input type="hidden" name="token" value="${token}" /><input type="hidden" name="exchangeRate" value="${quote.exchangeRate}" />`;
    return c.html(
      page(
        language,
        html`<dl>
            <dt>${texts.order}</dt><dd>${row.order.number}</dd>
            <dt>${texts.booking}</dt><dd>${row.booking.pnr ?? ''}</dd>
            <dt>${texts.amount}</dt><dd>${formatMoney(row.order.amount, US_DOLLARS, 'detail')}</dd>
            <dt>${texts.rate}</dt><dd>${quote.exchangeRate.toFixed(3)} (${quote.rateDate})</dd>
            <dt>${texts.soles}</dt><dd>${formatMoney(quote.amount, PERUVIAN_SOLES, 'detail')}</dd>
          </dl>
          <form method="post" action="${action('approved')}" target="_top">${fields}<button class="pay" type="submit">${texts.approve}</button></form>
          <form method="post" action="${action('rejected')}" target="_top">${fields}<button class="decline" type="submit">${texts.reject}</button></form>
          <form method="post" action="${action('canceled')}" target="_top">${fields}<button class="decline" type="submit">${texts.cancel}</button></form>`,
      ),
    );
  });

  app.post('/:orderNumber/:result{approved|rejected|canceled}', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const orderNumber = orderNumberSchema.safeParse(c.req.param('orderNumber'));
    const form = await c.req.parseBody();
    if (!orderNumber.success) return c.html(messagePage(language, 'unknown'), 404);
    if (!tokenFits(orderNumber.data, form.token)) return c.html(messagePage(language, 'forbidden'), 403);
    const row = await found(orderNumber.data);
    if (!row) return c.html(messagePage(language, 'unknown'), 404);
    const result = c.req.param('result') as AcuotazNotification['result'];
    const exchangeRate = z.coerce.number().positive().max(100).safeParse(form.exchangeRate);
    const quote = exchangeRate.success ? null : await quoteOf(row.order.amount);
    const rate = exchangeRate.success ? exchangeRate.data : quote?.exchangeRate;
    const back = bookingPagePath(language, row.booking);
    if (!rate) return c.html(messagePage(language, 'unavailable', back), 503);
    const notification: AcuotazNotification = {
      operationId: result === 'approved' ? `sandbox-${row.order.number}` : `sandbox-${result}-${randomUUID()}`,
      orderNumber: row.order.number,
      result,
      amount: solesOf(row.order.amount, rate),
      currency: 'PEN',
      exchangeRate: rate,
    };
    const body = JSON.stringify(notification);
    const { payment } = await takeAcuotazNotification(deps, new Headers({ [ACUOTAZ_SIGNATURE_HEADER]: signAcuotazNotification(deps.sandboxPaymentSecret, body) }), body);
    if (result === 'approved' && payment !== 'paid') return c.html(messagePage(language, payment === 'pending' ? 'unknown' : payment, back), 409);
    const name = encodeURIComponent(row.booking.passengers[0]?.firstName ?? '-');
    const path = `/payment/notify/acuotaz/result/${RESULT_SEGMENT[result]}/name/${name}/amount/${notification.amount.toFixed(2)}/id/${row.booking.sessionId}`;
    return c.redirect(appPagePath(path, language, row.booking), 303);
  });

  return app;
}
