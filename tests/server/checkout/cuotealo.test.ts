import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { CUOTEALO_FORM_PATH, CUOTEALO_NOTIFICATION_PATH, CUOTEALO_SIGNATURE_HEADER, cuotealoFormResponseSchema, cuotealoNotificationResponseSchema } from '../../../src/contract/cuotealo.ts';
import { openSealedOrder, sealOrder, signCuotealoNotification } from '../../../src/server/payments/cuotealo.ts';
import { paymentFlowOf } from '../../../src/server/payments/registry.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, postedForm as form, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const bookWithCuotealo = (lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment: 137 }));

const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);

const formRequest = (booked: BookingSuccess, language: 'es' | 'en' = 'es') => ({ orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken!, language });

async function formOf(booked: BookingSuccess, language: 'es' | 'en' = 'es') {
  const answer = await api.json(`/api${CUOTEALO_FORM_PATH}`, formRequest(booked, language));
  expect(answer.status).toBe(200);
  return cuotealoFormResponseSchema.parse(await answer.json()).data;
}

function notify(body: Record<string, unknown>, secret = api.deps.sandboxPaymentSecret!) {
  const raw = JSON.stringify(body);
  return api.request(`/api${CUOTEALO_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [CUOTEALO_SIGNATURE_HEADER]: signCuotealoNotification(secret, raw) } });
}

describe('Cuotéalo BCP (137) through the sandbox bank page', () => {
  it('has a flow only with the sandbox gateway', () => {
    expect(paymentFlowOf({ sandboxPaymentSecret: 'x' }, 137)).toBe('cuotealo');
    expect(paymentFlowOf({ sandboxPaymentSecret: undefined }, 137)).toBeNull();
  });

  it('seals the order’s own amount into the form; a changed seal or another order’s token opens nothing', async () => {
    const booked = await bookWithCuotealo('Cuotas');
    expect(booked.paymentDetails).toMatchObject({ providerCode: 137, status: 2 });
    const { action, data } = await formOf(booked);
    expect(action).toBe('/sandbox/cuotealo');
    const sealed = openSealedOrder(api.deps.sandboxPaymentSecret!, data);
    expect(sealed).toMatchObject({ orderNumber: booked.paymentDetails.orderNumber, amount: booked.paymentDetails.totalAmount, currency: 'USD', language: 'es' });
    expect(openSealedOrder('another-secret', data)).toBeNull();
    expect(openSealedOrder(api.deps.sandboxPaymentSecret!, `${data.slice(0, -2)}AA`)).toBeNull();
    expect((await api.json(`/api${CUOTEALO_FORM_PATH}`, { ...formRequest(booked), token: 'A'.repeat(43) })).status).toBe(403);
    // The amount cannot be chosen by the caller: the request has no such field.
    expect((await api.json(`/api${CUOTEALO_FORM_PATH}`, { ...formRequest(booked), amount: 1 })).status).toBe(400);
    // A page sealed by someone else is refused.
    const forged = sealOrder('forged', { orderNumber: booked.paymentDetails.orderNumber, amount: 1, currency: 'USD', language: 'en', expiresAt: new Date().toISOString() });
    expect((await api.request('/sandbox/cuotealo', form({ data: forged }))).status).toBe(403);
  });

  it('the bank page shows the order and amount; a decline leaves it pending, an approval pays it once and returns to the booking', async () => {
    const booked = await bookWithCuotealo('Aprobada');
    const { data } = await formOf(booked, 'en');
    const page = await api.request('/sandbox/cuotealo', form({ data }));
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Approve the instalment payment');
    expect(text).toContain(booked.paymentDetails.totalAmount.toFixed(2));
    const declined = await api.request('/sandbox/cuotealo/declined', form({ data }));
    expect(declined.status).toBe(303);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
    const approvals = await Promise.all(Array.from({ length: 10 }, () => api.request('/sandbox/cuotealo/approved', form({ data }))));
    for (const approval of approvals) {
      expect(approval.status).toBe(303);
      expect(approval.headers.get('location')).toMatch(/^\/vuelos\/book\/confirmation\/[\w-]+\?lang=en&terminalId=/);
    }
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    // Paid: no new form.
    expect((await api.json(`/api${CUOTEALO_FORM_PATH}`, formRequest(booked))).status).toBe(409);
  });

  it('the signed notification: forged 403, another amount 409, replayed ten times one move and one mail', async () => {
    const booked = await bookWithCuotealo('Notificada');
    const report = { operationId: 'OP-77', orderNumber: booked.paymentDetails.orderNumber, result: 'approved', amount: booked.paymentDetails.totalAmount };
    expect((await notify(report, 'not-the-secret')).status).toBe(403);
    expect((await notify({ ...report, operationId: 'OP-78', amount: 1 })).status).toBe(409);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(report)));
    const bodies = await Promise.all(answers.map(async (answer) => cuotealoNotificationResponseSchema.parse(await answer.json()).data));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(bodies.every((body) => body.payment === 'paid')).toBe(true);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('refuses the form of an order past its time limit', async () => {
    const late = await bookWithCuotealo('Vencida');
    api.clock.advanceMinutes(3 * 24 * 60);
    expect((await api.json(`/api${CUOTEALO_FORM_PATH}`, formRequest(late))).status).toBe(409);
    const report = { operationId: 'OP-late', orderNumber: late.paymentDetails.orderNumber, result: 'approved', amount: late.paymentDetails.totalAmount };
    expect(cuotealoNotificationResponseSchema.parse(await (await notify(report)).json()).data).toEqual({ duplicate: false, payment: 'expired' });
    expect(await stateOf(late)).toMatchObject({ order: 'EPO', booking: 7 });
  });
});
