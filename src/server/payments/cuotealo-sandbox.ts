/**
 * The sandbox's stand-in for the BCP Cuotéalo page (137): the app's 'Pagar con Cuotealo' form posts the
 * sealed order here; the page opens it (only the server's own seal opens), shows the order and amount,
 * and the tester approves or declines. Either way the page sends the bank's signed notification through
 * the same path a real one takes (cuotealo.ts) and returns to the booking, which reads the outcome from
 * the server. An approval's operation id is the order's, so approving again is a redelivery.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Language } from '../../contract/common.ts';
import { CUOTEALO_SANDBOX_PATH, CUOTEALO_SIGNATURE_HEADER, type CuotealoNotification } from '../../contract/cuotealo.ts';
import { formatMoney, US_DOLLARS } from '../../contract/money.ts';
import type { AppDeps } from '../deps.ts';
import { cuotealoOrderOf, openSealedOrder, signCuotealoNotification, takeCuotealoNotification } from './cuotealo.ts';
import { bookingPagePath, closedOrderText, detailList, postButton, sandboxPages } from './sandbox-page.ts';
import { postSignedReport } from './sandbox.ts';

const TEXTS = {
  en: {
    title: 'Cuotéalo BCP — pay in instalments (sandbox)',
    order: 'Payment order',
    booking: 'Booking code',
    amount: 'Amount',
    approve: 'Approve the instalment payment',
    decline: 'Decline',
    note: 'This is the sandbox Cuotéalo page: no money is moved.',
    invalid: 'This payment form is not valid: open the payment from your booking.',
    closed: 'This payment order is no longer waiting for payment.',
    back: 'Back to the booking',
  },
  es: {
    title: 'Cuotéalo BCP — paga en cuotas (sandbox)',
    order: 'Orden de pago',
    booking: 'Código de reserva',
    amount: 'Monto',
    approve: 'Aprobar el pago en cuotas',
    decline: 'Rechazar',
    note: 'Esta es la página de prueba de Cuotéalo: no se mueve dinero.',
    invalid: 'Este formulario de pago no es válido: abre el pago desde tu reserva.',
    closed: 'Esta orden de pago ya no espera un pago.',
    back: 'Volver a la reserva',
  },
} as const satisfies Record<Language, Record<string, string>>;

const { page, messagePage } = sandboxPages(TEXTS);

export function cuotealoSandbox(deps: AppDeps & { sandboxPaymentSecret: string }) {
  const app = new Hono();
  const secret = deps.sandboxPaymentSecret;

  app.post('/', async (c) => {
    const form = await c.req.parseBody();
    const sealed = openSealedOrder(secret, form.data);
    if (!sealed) return c.html(page('en', html`<p role="alert">${TEXTS.en.invalid}</p>`), 403);
    const texts = TEXTS[sealed.language];
    const { order, booking } = await cuotealoOrderOf(deps, sealed.orderNumber);
    if (closedOrderText(order, deps.now())) return c.html(messagePage(sealed.language, 'closed', bookingPagePath(sealed.language, booking)), 409);
    const data = String(form.data);
    return c.html(
      page(
        sealed.language,
        html`${detailList([
          [texts.order, order.number],
          [texts.booking, booking.pnr ?? ''],
          [texts.amount, formatMoney(sealed.amount, US_DOLLARS, 'detail')],
        ])}
        ${postButton(`${CUOTEALO_SANDBOX_PATH}/approved`, { data }, 'pay', texts.approve)}
        ${postButton(`${CUOTEALO_SANDBOX_PATH}/declined`, { data }, 'decline', texts.decline)}`,
      ),
    );
  });

  app.post('/:result{approved|declined}', async (c) => {
    const form = await c.req.parseBody();
    const sealed = openSealedOrder(secret, form.data);
    if (!sealed) return c.html(page('en', html`<p role="alert">${TEXTS.en.invalid}</p>`), 403);
    const result = c.req.param('result') as CuotealoNotification['result'];
    const { booking } = await cuotealoOrderOf(deps, sealed.orderNumber);
    const notification: CuotealoNotification = {
      operationId: result === 'approved' ? `sandbox-${sealed.orderNumber}` : `sandbox-declined-${randomUUID()}`,
      orderNumber: sealed.orderNumber,
      result,
      amount: sealed.amount,
    };
    await postSignedReport(deps, notification, CUOTEALO_SIGNATURE_HEADER, signCuotealoNotification, takeCuotealoNotification);
    return c.redirect(bookingPagePath(sealed.language, booking), 303);
  });

  return app;
}
