import { eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGOEFECTIVO_CIP_PATH, cipResponseSchema } from '../../../src/contract/pagoefectivo.ts';
import { formatMoney, US_DOLLARS } from '../../../src/contract/money.ts';
import { cashPaymentCodes, mailOutbox, type BookingMailKind } from '../../../src/server/db/schema/index.ts';
import { pageTokenSecret } from '../../../src/server/payments/page-token.ts';
import { paymentPageToken } from '../../../src/server/payments/sandbox.ts';
import { transitionPaymentOrder } from '../../../src/server/services/order-lifecycle.ts';
import { useLatamNdcOffer } from '../checkout/support.ts';
import { enqueueInTransaction, madeBooking, mailsOf } from './support.ts';

/** The CIP's expiry as the mail tells it: the wall-clock hour and minute in Lima. */
const limaClock = (at: Date) => {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO('America/Lima');
  return `${String(zoned.hour).padStart(2, '0')}:${String(zoned.minute).padStart(2, '0')}`;
};

const mailOfKind = async (world: ReturnType<typeof useLatamNdcOffer>, bookingId: string, kind: BookingMailKind) => (await mailsOf(world.api, bookingId)).find((mail) => mail.kind === kind)!;

describe('PagoEfectivo (102) mails in the sandbox', () => {
  const world = useLatamNdcOffer();

  describe.each([
    { language: 'es' as const, cipLabel: 'Código CIP', amountLabel: 'Monto a pagar', expiry: 'El CIP vence el', lima: 'hora de Lima', link: 'Ver y pagar tu CIP en PagoEfectivo', orderCode: 'código de pago' },
    { language: 'en' as const, cipLabel: 'CIP code', amountLabel: 'Amount to pay', expiry: 'The CIP expires on', lima: 'Lima time', link: 'See and pay your CIP at PagoEfectivo', orderCode: 'payment code' },
  ])('in $language', ({ language, cipLabel, amountLabel, expiry, lima, link, orderCode }) => {
    it('the booking mail and the reminder give the CIP the payment tab shows, its amount, its Lima expiry and its page, not the order number', async () => {
      const booking = await madeBooking(world.api, world.offer, language);
      await enqueueInTransaction(world.api, booking.id, 'payment-reminder');
      const [stored] = await world.api.deps.db.select().from(cashPaymentCodes).where(eq(cashPaymentCodes.paymentOrderNumber, booking.paymentOrderNumber!));
      // The payment tab asks for the order's CIP afterwards: it is the one the mails told.
      const tab = await world.api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, { orderNumber: booking.paymentOrderNumber!, token: pageTokenOf(booking.paymentOrderNumber!), language });
      const cip = cipResponseSchema.parse(await tab.json()).data;
      expect(cip.cip).toBe(stored!.cip);

      for (const kind of ['booking-confirmed', 'payment-reminder'] as const) {
        const mail = await mailOfKind(world, booking.id, kind);
        expect(mail.language).toBe(language);
        for (const body of [mail.text, mail.html]) {
          expect(body).toContain(`${cipLabel}: ${cip.cip}`);
          expect(body).toContain(`${amountLabel}: ${formatMoney(cip.amount, US_DOLLARS, 'detail')}`);
          expect(body).toMatch(new RegExp(`${expiry}: [^\\n<]*${limaClock(new Date(cip.expiresAt))}[^\\n<]*\\(${lima}\\)`));
          expect(body).not.toContain(`${orderCode} ${booking.paymentOrderNumber}`);
        }
        const page = `http://localhost:3000${cip.cipUrl}&lang=${language}`;
        expect(mail.text).toContain(`${link}: ${page}`);
        expect(mail.html).toContain(`<a href="${page.replaceAll('&', '&amp;')}">${link}</a>`);
      }
    });
  });

  it('a paid order’s payment mail asks for nothing: no CIP, no payment code', async () => {
    const booking = await madeBooking(world.api, world.offer, 'en');
    await transitionPaymentOrder(world.api.deps, booking.paymentOrderNumber!, 'order.pay');
    const mail = await mailOfKind(world, booking.id, 'payment-status');
    expect(mail.text).toContain('Your booking is paid');
    expect(mail.text).not.toMatch(/CIP|payment code/);
  });

  const pageTokenOf = (orderNumber: string) => paymentPageToken(pageTokenSecret(world.api.deps), orderNumber);
});

describe('PagoEfectivo (102) mails when PagoEfectivo does not answer', () => {
  const HOST = 'https://pre1a.services.pagoefectivo.pe';
  let calls = 0;
  let answering = false;
  const server = setupServer(
    http.post(`${HOST}/v1/authorizations`, () => {
      calls += 1;
      return answering ? HttpResponse.json({ code: '100', data: { token: 'tk', tokenExpires: '2099-01-01T00:00:00Z' } }) : new HttpResponse('down', { status: 503 });
    }),
    http.post(`${HOST}/v1/cips`, () => HttpResponse.json({ code: '100', data: { cip: 2468013, cipUrl: 'https://pre1a.payment.pagoefectivo.pe/2468013.html', transactionCode: 'x', dateExpiry: '2099-01-01T00:00:00-05:00' } })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => server.close());
  const world = useLatamNdcOffer({ pagoEfectivo: { accessKey: 'AK-test', secretKey: 'SK-test', serviceId: 1234, environment: 'sandbox', timeoutMs: 300 } });

  it.each([
    { language: 'es' as const, onPage: 'Tu código de pago CIP de PagoEfectivo está en la página de tu reserva', manage: 'Gestionar tu reserva', orderCode: 'código de pago' },
    { language: 'en' as const, onPage: 'Your PagoEfectivo CIP payment code is on your booking’s page', manage: 'Manage your booking', orderCode: 'payment code' },
  ])('the booking is made and its $language mail says the CIP is on the booking’s page, with its link, never the order number', async ({ language, onPage, manage, orderCode }) => {
    answering = false;
    calls = 0;
    const booking = await madeBooking(world.api, world.offer, language);
    expect(calls).toBeGreaterThan(0);
    const mail = await mailOfKind(world, booking.id, 'booking-confirmed');
    const [, link] = /(http:\/\/localhost:3000\/vuelos\/bookings\/link\/[\w.-]+\?lang=\w+)/.exec(mail.text)!;
    expect(mail.text).toContain(onPage);
    expect(mail.text).toContain(`${manage}: ${link}`);
    expect(mail.text).not.toContain(`${orderCode} ${booking.paymentOrderNumber}`);
    expect(await world.api.deps.db.select().from(cashPaymentCodes).where(eq(cashPaymentCodes.paymentOrderNumber, booking.paymentOrderNumber!))).toEqual([]);
  });

  it('the reminder, once PagoEfectivo answers again, makes and tells the CIP', async () => {
    answering = false;
    const booking = await madeBooking(world.api, world.offer, 'en');
    answering = true;
    await enqueueInTransaction(world.api, booking.id, 'payment-reminder');
    const reminder = await mailOfKind(world, booking.id, 'payment-reminder');
    expect(reminder.text).toContain('CIP code: 2468013');
    expect(reminder.text).toContain('See and pay your CIP at PagoEfectivo: https://pre1a.payment.pagoefectivo.pe/2468013.html');
    const rows = await world.api.deps.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
    expect(rows).toHaveLength(2);
  });
});
