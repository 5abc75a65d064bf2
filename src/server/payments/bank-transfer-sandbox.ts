/**
 * The sandbox bank (provider 130): a page a tester opens from the booking's payment tab to say "the
 * transfer arrived". Pressing it sends the bank's signed notification for the order's own amount through
 * the same path a real bank's notification takes (bank-transfer.ts), then returns to the booking's
 * confirmation. The transfer id is the order's, so pressing again is a redelivery and changes nothing.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { BANK_TRANSFER_SANDBOX_PATH, TRANSFER_SIGNATURE_HEADER, type TransferNotification } from '../../contract/bank-transfer.ts';
import type { Language } from '../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import type { AppDeps } from '../deps.ts';
import { ApiFailure } from '../errors.ts';
import { signTransferNotification, takeTransferNotification, transferOrderOf } from './bank-transfer.ts';
import { bookingPagePath, CLOSED_ORDER_TEXT, languageOf, providerPage, type HtmlBody } from './sandbox-page.ts';
import { isPaymentPageToken } from './sandbox.ts';

const orderNumberSchema = z.string().regex(/^\d{1,20}$/);

const TEXTS = {
  en: {
    title: 'Sandbox bank — incoming transfers',
    order: 'Order code quoted',
    booking: 'Booking code',
    amount: 'Amount',
    confirm: 'Confirm the transfer was received',
    note: 'This is the sandbox bank: no money is moved.',
    unknown: 'This payment order does not exist or is not paid by bank transfer.',
    forbidden: 'This link is not valid: open it from your booking.',
    paid: 'This payment order is already paid.',
    cancelled: 'This payment order is cancelled.',
    expired: 'This payment order has expired.',
    back: 'Back to the booking',
  },
  es: {
    title: 'Banco sandbox — transferencias recibidas',
    order: 'Código de orden indicado',
    booking: 'Código de reserva',
    amount: 'Monto',
    confirm: 'Confirmar que llegó la transferencia',
    note: 'Este es el banco de prueba: no se mueve dinero.',
    unknown: 'Esta orden de pago no existe o no se paga por transferencia.',
    forbidden: 'Este enlace no es válido: ábrelo desde tu reserva.',
    paid: 'Esta orden de pago ya está pagada.',
    cancelled: 'Esta orden de pago está cancelada.',
    expired: 'Esta orden de pago está expirada.',
    back: 'Volver a la reserva',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Text = keyof (typeof TEXTS)['en'];

const page = (language: Language, body: HtmlBody) => providerPage({ language, title: TEXTS[language].title, note: TEXTS[language].note }, body);
const messagePage = (language: Language, text: Text, back = '/vuelos/') =>
  page(language, html`<p role="alert">${TEXTS[language][text]}</p><a href="${back}">${TEXTS[language].back}</a>`);


export function bankTransferSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const tokenFits = (orderNumber: string, token: unknown) => isPaymentPageToken(deps.sandboxPaymentSecret, orderNumber, token);

  async function found(orderNumber: string) {
    try {
      return await transferOrderOf(deps, orderNumber);
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
    const closed = CLOSED_ORDER_TEXT[row.order.status as keyof typeof CLOSED_ORDER_TEXT] ?? (row.order.status !== 'PP' ? 'cancelled' : row.order.expiresAt <= deps.now() ? 'expired' : null);
    if (closed) return c.html(messagePage(language, closed, back));
    const texts = TEXTS[language];
    return c.html(
      page(
        language,
        html`<dl>
            <dt>${texts.order}</dt><dd>${row.order.number}</dd>
            <dt>${texts.booking}</dt><dd>${row.booking.pnr ?? ''}</dd>
            <dt>${texts.amount}</dt><dd>${formatMoney(row.order.amount, US_DOLLARS, 'detail')}</dd>
          </dl>
          <form method="post" action="${BANK_TRANSFER_SANDBOX_PATH}/${row.order.number}/confirm?lang=${language}"><input type="hidden" name="token" value="${token}" /><button class="pay" type="submit">${texts.confirm}</button></form>`,
      ),
    );
  });

  app.post('/:orderNumber/confirm', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const orderNumber = orderNumberSchema.safeParse(c.req.param('orderNumber'));
    const form = await c.req.parseBody();
    if (!orderNumber.success) return c.html(messagePage(language, 'unknown'), 404);
    if (!tokenFits(orderNumber.data, form.token)) return c.html(messagePage(language, 'forbidden'), 403);
    const row = await found(orderNumber.data);
    if (!row) return c.html(messagePage(language, 'unknown'), 404);
    const notification: TransferNotification = { transferId: `sandbox-${row.order.number}`, orderNumber: row.order.number, amount: row.order.amount, currency: 'USD' };
    const body = JSON.stringify(notification);
    const headers = new Headers({ [TRANSFER_SIGNATURE_HEADER]: signTransferNotification(deps.sandboxPaymentSecret, body) });
    const { payment } = await takeTransferNotification(deps, headers, body);
    const back = bookingPagePath(language, row.booking);
    if (payment === 'paid') return c.redirect(back, 303);
    return c.html(messagePage(language, payment === 'pending' ? 'unknown' : payment, back), 409);
  });

  return app;
}
