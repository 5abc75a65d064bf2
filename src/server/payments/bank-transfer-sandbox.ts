/**
 * The sandbox bank (provider 130): a page a tester opens from the booking's payment tab to say "the
 * transfer arrived". Pressing it sends the bank's signed notification for the order's own amount through
 * the same path a real bank's notification takes (bank-transfer.ts), then returns to the booking's
 * confirmation. The transfer id is the order's, so pressing again is a redelivery and changes nothing.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { BANK_TRANSFER_SANDBOX_PATH, TRANSFER_SIGNATURE_HEADER, type TransferNotification } from '../../contract/bank-transfer.ts';
import type { Language } from '../../contract/common.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import type { AppDeps } from '../deps.ts';
import { signTransferNotification, takeTransferNotification, transferOrderOf } from './bank-transfer.ts';
import { bookingPagePath, closedOrderText, detailList, languageOf, openedByToken, postButton, sandboxPages } from './sandbox-page.ts';
import { isPaymentPageToken, postSignedReport } from './sandbox.ts';

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

const { page, messagePage } = sandboxPages(TEXTS);

export function bankTransferSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const tokenFits = (orderNumber: string, token: unknown) => isPaymentPageToken(deps.sandboxPaymentSecret, orderNumber, token);

  const opened = (orderParam: string, token: unknown) => openedByToken(orderParam, token, tokenFits, (orderNumber) => transferOrderOf(deps, orderNumber));

  app.get('/:orderNumber', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const token = c.req.query('token');
    const { refusal, found: row } = await opened(c.req.param('orderNumber'), token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const back = bookingPagePath(language, row.booking);
    const closed = closedOrderText(row.order, deps.now());
    if (closed) return c.html(messagePage(language, closed, back));
    const texts = TEXTS[language];
    return c.html(
      page(
        language,
        html`${detailList([
          [texts.order, row.order.number],
          [texts.booking, row.booking.pnr ?? ''],
          [texts.amount, formatMoney(row.order.amount, US_DOLLARS, 'detail')],
        ])}
        ${postButton(`${BANK_TRANSFER_SANDBOX_PATH}/${row.order.number}/confirm?lang=${language}`, { token }, 'pay', texts.confirm)}`,
      ),
    );
  });

  app.post('/:orderNumber/confirm', async (c) => {
    const language = languageOf(c.req.query('lang'));
    const form = await c.req.parseBody();
    const { refusal, found: row } = await opened(c.req.param('orderNumber'), form.token);
    if (refusal) return c.html(messagePage(language, refusal[0]), refusal[1]);
    const notification: TransferNotification = { transferId: `sandbox-${row.order.number}`, orderNumber: row.order.number, amount: row.order.amount, currency: 'USD' };
    const { payment } = await postSignedReport(deps, notification, TRANSFER_SIGNATURE_HEADER, signTransferNotification, takeTransferNotification);
    const back = bookingPagePath(language, row.booking);
    if (payment === 'paid') return c.redirect(back, 303);
    return c.html(messagePage(language, payment === 'pending' ? 'unknown' : payment, back), 409);
  });

  return app;
}
