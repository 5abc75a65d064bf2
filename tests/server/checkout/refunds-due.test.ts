import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACUOTAZ_NOTIFICATION_PATH, ACUOTAZ_SIGNATURE_HEADER, ACUOTAZ_URL_PATH, acuotazUrlResponseSchema } from '../../../src/contract/acuotaz.ts';
import { BANK_TRANSFER_NOTIFICATION_PATH, TRANSFER_SIGNATURE_HEADER, transferNotificationResponseSchema } from '../../../src/contract/bank-transfer.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import { manageBookingResponseSchema } from '../../../src/contract/manage-booking.ts';
import { PAGOEFECTIVO_CIP_PATH, PAGOEFECTIVO_NOTIFICATION_PATH, PAGOEFECTIVO_SIGNATURE_HEADER, cipResponseSchema, pagoEfectivoNotificationResponseSchema } from '../../../src/contract/pagoefectivo.ts';
import { exchangeRates, mailOutbox, paymentNotifications, paymentOrders, refundsDue } from '../../../src/server/db/schema/index.ts';
import { signAcuotazNotification } from '../../../src/server/payments/acuotaz.ts';
import { signTransferNotification } from '../../../src/server/payments/bank-transfer.ts';
import { signPagoEfectivoNotification } from '../../../src/server/payments/pagoefectivo-api.ts';
import { sandboxPagoEfectivoKey } from '../../../src/server/payments/pagoefectivo-sandbox.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const bookWith = (payment: number, lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment }));
const orderNumberOf = (booked: BookingSuccess) => booked.paymentDetails.orderNumber;
const refundsOf = (booked: BookingSuccess) => api.deps.db.select().from(refundsDue).where(eq(refundsDue.paymentOrderNumber, orderNumberOf(booked)));
const bookingIdOf = async (booked: BookingSuccess) => (await api.deps.db.select({ bookingId: paymentOrders.bookingId }).from(paymentOrders).where(eq(paymentOrders.number, orderNumberOf(booked))))[0]!.bookingId;
const operatorMailsOf = async (booked: BookingSuccess) =>
  api.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, await bookingIdOf(booked)), eq(mailOutbox.kind, 'refund-due')));

function signed(path: string, header: string, raw: string, signature: string) {
  return api.request(`/api${path}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [header]: signature } });
}
const acuotazNotify = (body: Record<string, unknown>) => {
  const raw = JSON.stringify(body);
  return signed(ACUOTAZ_NOTIFICATION_PATH, ACUOTAZ_SIGNATURE_HEADER, raw, signAcuotazNotification(api.deps.sandboxPaymentSecret!, raw));
};
const transferNotify = (booked: BookingSuccess, transferId: string) => {
  const raw = JSON.stringify({ transferId, orderNumber: orderNumberOf(booked), amount: booked.paymentDetails.totalAmount, currency: 'USD' });
  return signed(BANK_TRANSFER_NOTIFICATION_PATH, TRANSFER_SIGNATURE_HEADER, raw, signTransferNotification(api.deps.sandboxPaymentSecret!, raw));
};
const pagoEfectivoNotify = (booked: BookingSuccess, cip: string, eventType: string, operationNumber: string) => {
  const raw = JSON.stringify({
    eventType,
    operationNumber,
    data: { cip, currency: 'USD', amount: booked.paymentDetails.totalAmount, paymentDate: '2026-11-25T10:00:00-05:00', transactionCode: orderNumberOf(booked) },
  });
  return signed(PAGOEFECTIVO_NOTIFICATION_PATH, PAGOEFECTIVO_SIGNATURE_HEADER, raw, signPagoEfectivoNotification(sandboxPagoEfectivoKey(api.deps.sandboxPaymentSecret!), raw));
};

describe('ACuotaz’s amount is checked against the quote this server stored for the order', () => {
  it('a notification claiming a rate of 0.01 (PEN 5.03 for a US$ 502.56 order) is refused with a typed 409 and changes nothing', async () => {
    const booked = await bookWith(125, 'Tipocambio');
    const answer = await api.json(`/api${ACUOTAZ_URL_PATH}`, { orderNumber: orderNumberOf(booked), token: booked.paymentDetails.pageToken!, language: 'es' });
    const quoted = acuotazUrlResponseSchema.parse(await answer.json()).data;
    const [stored] = await api.deps.db.select({ quote: paymentOrders.quote }).from(paymentOrders).where(eq(paymentOrders.number, orderNumberOf(booked)));
    expect(stored?.quote).toMatchObject({ amount: quoted.amount, currency: 'PEN', exchangeRate: quoted.exchangeRate });

    const dollars = booked.paymentDetails.totalAmount;
    const cheap = { operationId: 'AQ-cheap', orderNumber: orderNumberOf(booked), result: 'approved', amount: Math.round(dollars * 0.01 * 100) / 100, currency: 'PEN', exchangeRate: 0.01 };
    const refused = await acuotazNotify(cheap);
    expect(refused.status).toBe(409);
    expect(apiErrorSchema.parse(await refused.json())).toMatchObject({ status: 409, code: 'PAYMENT_AMOUNT_MISMATCH' });
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
    expect(await api.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, 'acuotaz:AQ-cheap'))).toEqual([]);
    expect(await refundsOf(booked)).toEqual([]);
  });

  it('the quote stays the one stored when the day’s rate changes: the page shows it, a notification at the new rate is refused, at the quoted one it pays', async () => {
    const booked = await bookWith(125, 'Cotizada');
    const urlRequest = { orderNumber: orderNumberOf(booked), token: booked.paymentDetails.pageToken!, language: 'es' };
    const first = acuotazUrlResponseSchema.parse(await (await api.json(`/api${ACUOTAZ_URL_PATH}`, urlRequest)).json()).data;
    await api.deps.db.update(exchangeRates).set({ rate: first.exchangeRate + 0.5 });
    const again = acuotazUrlResponseSchema.parse(await (await api.json(`/api${ACUOTAZ_URL_PATH}`, urlRequest)).json()).data;
    expect(again).toEqual(first);
    const newRate = first.exchangeRate + 0.5;
    const atNewRate = { operationId: 'AQ-new-rate', orderNumber: orderNumberOf(booked), result: 'approved', amount: Math.round(booked.paymentDetails.totalAmount * newRate * 100) / 100, currency: 'PEN', exchangeRate: newRate };
    expect((await acuotazNotify(atNewRate)).status).toBe(409);
    expect(await paymentStateOf(api, booked)).toMatchObject({ order: 'PP' });
    const atQuote = { ...atNewRate, operationId: 'AQ-quoted', amount: first.amount, exchangeRate: first.exchangeRate };
    expect((await acuotazNotify(atQuote)).status).toBe(200);
    expect(await paymentStateOf(api, booked)).toMatchObject({ order: 'CPO', booking: 3 });
    await api.deps.db.update(exchangeRates).set({ rate: first.exchangeRate });
  });
});

describe('a payment for an order that no longer takes it is a refund due, recorded once with one operator mail', () => {
  it('a second bank transfer on a paid order: the order stays paid, one refund row, one operator mail; the same transfer reported again adds nothing', async () => {
    const booked = await bookWith(130, 'Dostransfer');
    expect(transferNotificationResponseSchema.parse(await (await transferNotify(booked, 'TR-first')).json()).data).toEqual({ duplicate: false, payment: 'paid' });
    // The paying transfer reported again is no refund.
    await transferNotify(booked, 'TR-first');
    expect(await refundsOf(booked)).toEqual([]);

    const second = await transferNotify(booked, 'TR-second');
    expect(second.status).toBe(200);
    expect(transferNotificationResponseSchema.parse(await second.json()).data).toEqual({ duplicate: false, payment: 'paid' });
    for (let retry = 0; retry < 3; retry += 1) expect((await transferNotify(booked, 'TR-second')).status).toBe(200);
    expect(await refundsOf(booked)).toEqual([
      expect.objectContaining({ provider: 'Transferencia bancaria', paymentReference: 'transfer:TR-second', amount: booked.paymentDetails.totalAmount, currency: 'USD', reason: 'order-already-paid' }),
    ]);
    const mails = await operatorMailsOf(booked);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'operaciones@vuelos.localhost', status: 'pending' });
    expect(mails[0]!.text).toContain('transfer:TR-second');
    expect(mails[0]!.subject).toContain(booked.pnr);
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('two different transfers arriving at once on a pending order: one pays it, the other is the refund due', async () => {
    const booked = await bookWith(130, 'Simultanea');
    const answers = await Promise.all(['TR-a', 'TR-b', 'TR-a', 'TR-b'].map((id) => transferNotify(booked, id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const [order] = await api.deps.db.select({ status: paymentOrders.status, paidBy: paymentOrders.paidBy }).from(paymentOrders).where(eq(paymentOrders.number, orderNumberOf(booked)));
    expect(order?.status).toBe('CPO');
    const refunds = await refundsOf(booked);
    expect(refunds).toHaveLength(1);
    expect([order!.paidBy, refunds[0]!.paymentReference].sort()).toEqual(['transfer:TR-a', 'transfer:TR-b']);
    expect(await operatorMailsOf(booked)).toHaveLength(1);
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('PagoEfectivo paid after its CIP expired: the order stays EPO, one refund row and one mail however often it is delivered; the booking’s page tells it', async () => {
    const booked = await bookWith(102, 'Cipvencido');
    const cip = cipResponseSchema.parse(await (await api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, { orderNumber: orderNumberOf(booked), token: booked.paymentDetails.pageToken!, language: 'es' })).json()).data;
    expect((await pagoEfectivoNotify(booked, cip.cip, 'cip.expired', 'op-exp')).status).toBe(200);
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'EPO', booking: 7, statusMails: 1 });

    const late = await pagoEfectivoNotify(booked, cip.cip, 'cip.paid', 'op-paid');
    expect(pagoEfectivoNotificationResponseSchema.parse(await late.json()).data).toEqual({ duplicate: false, payment: 'expired' });
    // The same delivery again, and the provider's second event for the same CIP payment.
    expect(pagoEfectivoNotificationResponseSchema.parse(await (await pagoEfectivoNotify(booked, cip.cip, 'cip.paid', 'op-paid')).json()).data.duplicate).toBe(true);
    await Promise.all([pagoEfectivoNotify(booked, cip.cip, 'cip.paid', 'op-paid-2'), pagoEfectivoNotify(booked, cip.cip, 'cip.paid', 'op-paid-3')]);

    expect(await refundsOf(booked)).toEqual([
      expect.objectContaining({ provider: 'PagoEfectivo', paymentReference: `pagoefectivo:${cip.cip}`, amount: booked.paymentDetails.totalAmount, currency: 'USD', reason: 'order-expired' }),
    ]);
    expect(await operatorMailsOf(booked)).toHaveLength(1);
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'EPO', booking: 7, statusMails: 1 });

    const lookup = await api.json('/api/bookings/lookup', { pnr: booked.pnr, lastName: 'Cipvencido' });
    const view = manageBookingResponseSchema.parse(await lookup.json()).data;
    expect(view.status).toEqual({ booking: 7, paymentOrder: 'EPO' });
    expect(view.refundsDue).toEqual([{ amount: booked.paymentDetails.totalAmount, currency: 'USD', reason: 'order-expired', recordedAt: expect.any(String) }]);
  });

  it('an ACuotaz approval past the order’s deadline expires it and is a refund due in soles', async () => {
    const booked = await bookWith(125, 'Acuotardia');
    const quoted = acuotazUrlResponseSchema.parse(await (await api.json(`/api${ACUOTAZ_URL_PATH}`, { orderNumber: orderNumberOf(booked), token: booked.paymentDetails.pageToken!, language: 'es' })).json()).data;
    api.clock.advanceMinutes(3 * 24 * 60);
    const report = { operationId: 'AQ-tarde', orderNumber: orderNumberOf(booked), result: 'approved', amount: quoted.amount, currency: 'PEN', exchangeRate: quoted.exchangeRate };
    expect((await acuotazNotify(report)).status).toBe(200);
    expect(await paymentStateOf(api, booked)).toMatchObject({ order: 'EPO', booking: 7 });
    expect(await refundsOf(booked)).toEqual([expect.objectContaining({ provider: 'ACuotaz', amount: quoted.amount, currency: 'PEN', reason: 'order-expired', paymentReference: 'acuotaz:AQ-tarde' })]);
    expect(await operatorMailsOf(booked)).toHaveLength(1);
  });
});
