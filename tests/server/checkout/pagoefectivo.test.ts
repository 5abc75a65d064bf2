import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { PAGOEFECTIVO_CIP_PATH, PAGOEFECTIVO_NOTIFICATION_PATH, PAGOEFECTIVO_SIGNATURE_HEADER, cipResponseSchema, pagoEfectivoNotificationResponseSchema } from '../../../src/contract/pagoefectivo.ts';
import { cashPaymentCodes, paymentNotifications } from '../../../src/server/db/schema/index.ts';
import { signPagoEfectivoNotification } from '../../../src/server/payments/pagoefectivo-api.ts';
import { sandboxPagoEfectivoKey } from '../../../src/server/payments/pagoefectivo-sandbox.ts';
import { pagoEfectivoGatewayOf } from '../../../src/server/payments/pagoefectivo.ts';
import { paymentFlowOf } from '../../../src/server/payments/registry.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, postedForm as form, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const bookWithPagoEfectivo = (lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment: 102 }));
const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);
const cipRequest = (booked: BookingSuccess, token = booked.paymentDetails.pageToken!) => ({ orderNumber: booked.paymentDetails.orderNumber, token, language: 'es' });

async function cipOf(booked: BookingSuccess) {
  const answer = await api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, cipRequest(booked));
  expect(answer.status).toBe(200);
  return cipResponseSchema.parse(await answer.json()).data;
}

/** PagoEfectivo's notification for a CIP, signed with the sandbox merchant's key unless told. */
function notify(cip: string, booked: BookingSuccess, eventType: string, options: { key?: string; amount?: number; signature?: string } = {}) {
  const raw = JSON.stringify({
    eventType,
    operationNumber: `op-${eventType}`,
    data: { cip, currency: 'USD', amount: options.amount ?? booked.paymentDetails.totalAmount, paymentDate: '2026-11-25T10:00:00-05:00', transactionCode: booked.paymentDetails.orderNumber },
  });
  const signature = options.signature ?? signPagoEfectivoNotification(options.key ?? sandboxPagoEfectivoKey(api.deps.sandboxPaymentSecret!), raw);
  return api.request(`/api${PAGOEFECTIVO_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [PAGOEFECTIVO_SIGNATURE_HEADER]: signature } });
}

describe('PagoEfectivo (102) CIP through the sandbox', () => {
  it('has a flow with the sandbox gateway or a configured PagoEfectivo, and none without either', () => {
    expect(paymentFlowOf({ sandboxPaymentSecret: 'x' }, 102)).toBe('pagoEfectivo');
    expect(paymentFlowOf({ sandboxPaymentSecret: undefined, pagoEfectivo: { accessKey: 'a', secretKey: 's', serviceId: 1, environment: 'sandbox' } }, 102)).toBe('pagoEfectivo');
    expect(paymentFlowOf({ sandboxPaymentSecret: undefined }, 102)).toBeNull();
  });

  it('makes one CIP per order (two presses at once too), for the order’s amount, until its deadline, stored on the order', async () => {
    const booked = await bookWithPagoEfectivo('Cip');
    expect(booked.paymentDetails).toMatchObject({ providerCode: 102, status: 2, url: null });
    const [first, second] = await Promise.all([cipOf(booked), cipOf(booked)]);
    expect(second).toEqual(first);
    expect(first.cip).toMatch(/^\d{8}$/);
    expect(first.amount).toBe(booked.paymentDetails.totalAmount);
    expect(first.cipUrl).toMatch(new RegExp(`^/sandbox/pagoefectivo/${first.cip}\\?token=`));
    const deadline = new Date(first.expiresAt).getTime();
    expect(deadline).toBeLessThanOrEqual(api.deps.now().getTime() + 6 * 3_600_000);
    expect(deadline).toBeGreaterThan(api.deps.now().getTime());
    const stored = await api.deps.db.select().from(cashPaymentCodes).where(eq(cashPaymentCodes.paymentOrderNumber, booked.paymentDetails.orderNumber));
    expect(stored.map((row) => row.cip)).toEqual([first.cip]);
    expect((await api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, cipRequest(booked, 'A'.repeat(43)))).status).toBe(403);
  });

  it('refuses an unsigned or wrongly signed notification with 401, and another amount with 409; the order stays pending', async () => {
    const booked = await bookWithPagoEfectivo('Firma');
    const { cip } = await cipOf(booked);
    expect((await notify(cip, booked, 'cip.paid', { signature: '' })).status).toBe(401);
    expect((await notify(cip, booked, 'cip.paid', { key: 'not-the-key' })).status).toBe(401);
    expect((await notify(cip, booked, 'cip.paid', { amount: booked.paymentDetails.totalAmount - 1 })).status).toBe(409);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
  });

  it('accepts the signature in upper case, as some of PagoEfectivo’s clients send it', async () => {
    const booked = await bookWithPagoEfectivo('Mayusculas');
    const { cip } = await cipOf(booked);
    const raw = JSON.stringify({ eventType: 'cip.paid', operationNumber: 'op', data: { cip, currency: 'USD', amount: booked.paymentDetails.totalAmount, transactionCode: booked.paymentDetails.orderNumber } });
    const signature = signPagoEfectivoNotification(sandboxPagoEfectivoKey(api.deps.sandboxPaymentSecret!), raw).toUpperCase();
    const answer = await api.request(`/api${PAGOEFECTIVO_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [PAGOEFECTIVO_SIGNATURE_HEADER]: signature } });
    expect(pagoEfectivoNotificationResponseSchema.parse(await answer.json()).data).toEqual({ duplicate: false, payment: 'paid' });
  });

  it('cip.paid replayed ten times (at once) pays the order once: one taken notification, one status mail', async () => {
    const booked = await bookWithPagoEfectivo('Pagado');
    const { cip } = await cipOf(booked);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(cip, booked, 'cip.paid')));
    const bodies = await Promise.all(answers.map(async (answer) => pagoEfectivoNotificationResponseSchema.parse(await answer.json()).data));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(bodies.every((body) => body.payment === 'paid')).toBe(true);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    expect(await pagoEfectivoGatewayOf(api.deps)!.status(cip)).toBe('paid');
    expect(await pagoEfectivoGatewayOf(api.deps)!.status('99999999')).toBeNull();
    const taken = await api.deps.db.select().from(paymentNotifications).where(like(paymentNotifications.eventId, `pagoefectivo:${cip}:%`));
    expect(taken.map((row) => row.eventType)).toEqual(['cip.paid']);
    // A later cip.expired for a paid CIP changes nothing.
    expect(pagoEfectivoNotificationResponseSchema.parse(await (await notify(cip, booked, 'cip.expired')).json()).data).toEqual({ duplicate: false, payment: 'paid' });
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('cip.expired expires the order: its CIP can no longer be paid, nor a new one made', async () => {
    const booked = await bookWithPagoEfectivo('Expirado');
    const { cip, cipUrl } = await cipOf(booked);
    expect(pagoEfectivoNotificationResponseSchema.parse(await (await notify(cip, booked, 'cip.expired')).json()).data).toEqual({ duplicate: false, payment: 'expired' });
    expect(await stateOf(booked)).toEqual({ order: 'EPO', booking: 7, statusMails: 1 });
    expect(await pagoEfectivoGatewayOf(api.deps)!.status(cip)).toBe('expired');
    expect(pagoEfectivoNotificationResponseSchema.parse(await (await notify(cip, booked, 'cip.paid')).json()).data).toEqual({ duplicate: false, payment: 'expired' });
    expect(await stateOf(booked)).toEqual({ order: 'EPO', booking: 7, statusMails: 1 });
    expect((await api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, cipRequest(booked))).status).toBe(409);
    expect(await (await api.request(`${cipUrl}&lang=en`)).text()).toContain('This CIP code has expired: it can no longer be paid.');
  });

  it('the sandbox CIP page needs the CIP’s token, shows code, amount and expiry, and its buttons send the signed notification', async () => {
    const booked = await bookWithPagoEfectivo('Pagina');
    const { cip, cipUrl } = await cipOf(booked);
    expect((await api.request(`/sandbox/pagoefectivo/${cip}?lang=en`)).status).toBe(403);
    expect((await api.request(`/sandbox/pagoefectivo/${cip}/paid`, form({ token: 'A'.repeat(43) }))).status).toBe(403);
    const page = await api.request(`${cipUrl}&lang=en`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(cip);
    expect(text).toContain(booked.paymentDetails.totalAmount.toFixed(2));
    expect(text).toContain('Pay before (Lima time)');
    const token = new URL(cipUrl, 'http://x').searchParams.get('token')!;
    const presses = await Promise.all([1, 2, 3].map(() => api.request(`/sandbox/pagoefectivo/${cip}/paid?lang=es`, form({ token }))));
    for (const pressed of presses) {
      expect(pressed.status).toBe(303);
      expect(pressed.headers.get('location')).toMatch(/^\/vuelos\/book\/confirmation\/[\w-]+\?lang=es&terminalId=/);
    }
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    expect(await (await api.request(`${cipUrl}&lang=es`)).text()).toContain('Este código CIP ya está pagado.');
  });
});
