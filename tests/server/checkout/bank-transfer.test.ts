import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_TRANSFER_ACCOUNTS_PATH, BANK_TRANSFER_NOTIFICATION_PATH, TRANSFER_SIGNATURE_HEADER, transferAccountsResponseSchema, transferNotificationResponseSchema } from '../../../src/contract/bank-transfer.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { engineResponseSchema } from '../../../src/contract/engine.ts';
import { signTransferNotification } from '../../../src/server/payments/bank-transfer.ts';
import { paymentFlowOf } from '../../../src/server/payments/registry.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, postedForm as form, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const bookWithTransfer = (lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment: 130 }));

const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);

/** The bank's notification, signed with the given secret (the gateway's unless told). */
function notify(body: Record<string, unknown>, secret = api.deps.sandboxPaymentSecret!) {
  const raw = JSON.stringify(body);
  return api.request(`/api${BANK_TRANSFER_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [TRANSFER_SIGNATURE_HEADER]: signTransferNotification(secret, raw) } });
}

const reportOf = (booked: BookingSuccess, transferId: string, amount = booked.paymentDetails.totalAmount) => ({ transferId, orderNumber: booked.paymentDetails.orderNumber, amount, currency: 'USD' });

describe('bank transfer (provider 130) through the sandbox bank', () => {
  it('has a flow only where the sandbox gateway is configured, and is offered by the sales channel then only', async () => {
    expect(paymentFlowOf({ sandboxPaymentSecret: 'x' }, 130)).toBe('bankTransfer');
    expect(paymentFlowOf({ sandboxPaymentSecret: undefined }, 130)).toBeNull();
    const withoutSandbox = await startTestApi({ sandboxPaymentSecret: undefined });
    const codesOf = async (target: TestApi) => engineResponseSchema.parse(await (await target.request('/api/engines/9132868')).json()).data.paymentMethods.map((method) => method.onlineCode);
    expect(await codesOf(api)).toContain(130);
    expect(await codesOf(withoutSandbox)).not.toContain(130);
    expect((await withoutSandbox.request(`/api${BANK_TRANSFER_ACCOUNTS_PATH}`)).status).toBe(404);
    await withoutSandbox.close();
  });

  it('lists the sandbox bank’s accounts per currency from its seed', async () => {
    const answer = transferAccountsResponseSchema.parse(await (await api.request(`/api${BANK_TRANSFER_ACCOUNTS_PATH}`)).json());
    expect(new Set(answer.data.accounts.map((account) => account.currency))).toEqual(new Set(['USD', 'PEN']));
    expect(answer.data.accounts[0]).toMatchObject({ bank: 'BCP', currency: 'USD', holder: 'Vuelos Sandbox S.A.C.' });
  });

  it('books pending with the order’s page token, and stays pending until the bank reports the transfer', async () => {
    const booked = await bookWithTransfer('Transferencia');
    expect(booked.paymentDetails).toMatchObject({ providerCode: 130, status: 2 });
    expect(booked.paymentDetails.pageToken).toMatch(/^[\w-]{40,}$/);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
  });

  it('refuses an unsigned or forged notification, and another amount than the order’s; the order stays pending', async () => {
    const booked = await bookWithTransfer('Firmada');
    const raw = JSON.stringify(reportOf(booked, 'T-unsigned'));
    expect((await api.request(`/api${BANK_TRANSFER_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json' } })).status).toBe(401); // unsigned: the route's access policy
    expect((await notify(reportOf(booked, 'T-forged'), 'not-the-secret')).status).toBe(403);
    const short = await notify(reportOf(booked, 'T-short', booked.paymentDetails.totalAmount - 1));
    expect(short.status).toBe(409);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
  });

  it('a notification replayed ten times (and concurrently) moves the order once and sends one status mail', async () => {
    const booked = await bookWithTransfer('Pagada');
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(reportOf(booked, 'T-1001'))));
    const bodies = await Promise.all(answers.map(async (answer) => transferNotificationResponseSchema.parse(await answer.json()).data));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(bodies.every((body) => body.payment === 'paid')).toBe(true);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    // Another transfer for an order already paid changes nothing either.
    const again = transferNotificationResponseSchema.parse(await (await notify(reportOf(booked, 'T-1002'))).json()).data;
    expect(again).toEqual({ duplicate: false, payment: 'paid' });
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('the sandbox bank page needs the order’s token, confirms the order’s own amount once, and returns to the booking', async () => {
    const booked = await bookWithTransfer('Banco');
    const { orderNumber, pageToken } = booked.paymentDetails;
    expect((await api.request(`/sandbox/bank-transfer/${orderNumber}?lang=en`)).status).toBe(403);
    expect((await api.request(`/sandbox/bank-transfer/${orderNumber}/confirm`, form({ token: 'A'.repeat(43) }))).status).toBe(403);
    const page = await api.request(`/sandbox/bank-transfer/${orderNumber}?lang=en&token=${encodeURIComponent(pageToken!)}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Confirm the transfer was received');
    expect(text).toContain(booked.paymentDetails.totalAmount.toFixed(2));
    const presses = await Promise.all([1, 2, 3].map(() => api.request(`/sandbox/bank-transfer/${orderNumber}/confirm?lang=es`, form({ token: pageToken! }))));
    for (const pressed of presses) {
      expect(pressed.status).toBe(303);
      expect(pressed.headers.get('location')).toMatch(/^\/vuelos\/book\/confirmation\/[\w-]+\?lang=es&terminalId=/);
    }
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    expect(await (await api.request(`/sandbox/bank-transfer/${orderNumber}?lang=es&token=${encodeURIComponent(pageToken!)}`)).text()).toContain('Esta orden de pago ya está pagada.');
  });

  it('refuses to pay an order past its time limit: it reads expired, and a later notification does not revive it', async () => {
    const late = await bookWithTransfer('Tarde');
    api.clock.advanceMinutes(3 * 24 * 60);
    const answer = await notify(reportOf(late, 'T-late'));
    expect(transferNotificationResponseSchema.parse(await answer.json()).data).toEqual({ duplicate: false, payment: 'expired' });
    const page = await api.request(`/sandbox/bank-transfer/${late.paymentDetails.orderNumber}?lang=en&token=${encodeURIComponent(late.paymentDetails.pageToken!)}`);
    expect(await page.text()).toContain('This payment order has expired.');
    expect(await stateOf(late)).toMatchObject({ order: 'EPO', booking: 7, statusMails: 1 });
  });
});
