import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { PAYPAL_CAPTURE_PATH, PAYPAL_NOTIFICATION_PATH, PAYPAL_ORDER_PATH } from '../../../src/contract/paypal.ts';
import { getSessionResponseSchema } from '../../../src/contract/session.ts';
import { sandboxPayPalOrders } from '../../../src/server/db/schema/index.ts';
import type { WalletOrderRequest } from '../../../src/server/payments/gateway.ts';
import { SANDBOX_NOTIFICATION_HEADER, signSandboxNotification } from '../../../src/server/payments/paypal-sandbox.ts';
import { startTestApi } from '../../support/server.ts';
import { bookWithPayPal as bookPayPal, capturePayPal, paymentStateOf, postedForm as form, startPayPalPayment, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const bookWithPayPal = (lastName: string) => bookPayPal(api, lastName);
const startPayment = (booked: BookingSuccess, language: 'es' | 'en' = 'es') => startPayPalPayment(api, booked, language);
const capture = (booked: BookingSuccess) => capturePayPal(api, booked);

/** The approval page's token and its Approve or Cancel press; answers where PayPal sends the payer. */
async function press(approveUrl: string, choice: 'approve' | 'cancel') {
  const url = new URL(approveUrl, 'http://localhost');
  const answer = await api.request(`${url.pathname}/${choice}`, form({ token: url.searchParams.get('token')! }));
  expect(answer.status).toBe(303);
  return answer.headers.get('location')!;
}

const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);

describe('PayPal through the sandbox gateway (provider 139)', () => {
  it('books pending with the order’s page token, and creates one PayPal order per payment order: USD amount, a line per passenger and leg', async () => {
    const booked = await bookWithPayPal('Paypal');
    expect(booked.paymentDetails).toMatchObject({ providerCode: 139, status: 2 });
    expect(booked.paymentDetails.pageToken).toMatch(/^[\w-]{40,}$/);
    const approveUrl = await startPayment(booked);
    expect(await startPayment(booked)).toBe(approveUrl);
    const orders = await api.deps.db.select().from(sandboxPayPalOrders).where(eq(sandboxPayPalOrders.requestId, `vuelos-order-${booked.paymentDetails.orderNumber}`));
    expect(orders).toHaveLength(1);
    const request = orders[0]!.request as WalletOrderRequest;
    expect(request).toMatchObject({ description: 'RESERVA DE VUELO', payerCountryCode: 'PE', shippingPreference: 'NO_SHIPPING', reference: booked.paymentDetails.orderNumber, amount: { currency: 'USD', value: booked.paymentDetails.totalAmount.toFixed(2) } });
    // The family: two adults, a child and an infant, on two legs.
    expect(request.items).toHaveLength(8);
    const itemCents = request.items.reduce((sum, item) => sum + Math.round(Number(item.unitAmount.value) * 100), 0);
    expect(itemCents).toBe(Math.round(booked.paymentDetails.totalAmount * 100));
    expect(request.items[0]!.name).toMatch(/\(ADT\) LIM-CUZ 2026-12-18$/);
  });

  it('approve, return and capture: paid once, however often the capture is replayed (ten times: one move, one status mail)', async () => {
    const booked = await bookWithPayPal('Aprobado');
    const approveUrl = await startPayment(booked, 'en');
    const page = await api.request(approveUrl);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Approve and pay');
    expect(text).toContain(booked.paymentDetails.totalAmount.toFixed(2));
    const back = await press(approveUrl, 'approve');
    expect(back).toMatch(new RegExp(`^/vuelos/payment/notify/paypal/return\\?lang=en&terminalId=9132868&id=[\\w-]+&token=SBX\\w+&PayerID=`));
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => capture(booked)));
    expect(new Set(outcomes)).toEqual(new Set(['paid']));
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    const sessionId = new URL(back, 'http://localhost').searchParams.get('id')!;
    const { data: session } = getSessionResponseSchema.parse(await (await api.request(`/api/sessions?id=${sessionId}`)).json());
    expect({ status: session.booking?.statusCode === 1 && session.booking.paymentDetails?.status, processed: session.paymentWasProcessed }).toEqual({ status: 3, processed: true });
  });

  it('cancel returns to the booking’s confirmation with the order still pending, and a capture before approval pays nothing', async () => {
    const booked = await bookWithPayPal('Cancelado');
    const approveUrl = await startPayment(booked);
    expect(await capture(booked)).toBe('pending');
    expect(await press(approveUrl, 'cancel')).toMatch(/^\/vuelos\/book\/confirmation\/[\w-]+\?lang=es&terminalId=9132868$/);
    expect(await capture(booked)).toBe('pending');
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
  });

  it('refuses a forged or another order’s token (403), on the calls and on the approval page, and the order stays pending', async () => {
    const booked = await bookWithPayPal('Falso');
    const other = await bookWithPayPal('Ajeno');
    for (const token of ['A'.repeat(43), other.paymentDetails.pageToken!]) {
      expect((await api.json(`/api${PAYPAL_ORDER_PATH}`, { orderNumber: booked.paymentDetails.orderNumber, token, language: 'es' })).status).toBe(403);
      expect((await api.json(`/api${PAYPAL_CAPTURE_PATH}`, { orderNumber: booked.paymentDetails.orderNumber, token })).status).toBe(403);
    }
    const approveUrl = new URL(await startPayment(booked), 'http://localhost');
    expect((await api.request(`${approveUrl.pathname}?token=forged`)).status).toBe(403);
    expect((await api.request(`${approveUrl.pathname}/approve`, form({ token: 'forged' }))).status).toBe(403);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
  });

  it('takes a signed capture notification once per event id, settling the order; an unsigned one is 403', async () => {
    const booked = await bookWithPayPal('Webhook');
    const approveUrl = await startPayment(booked);
    await press(approveUrl, 'approve');
    const [order] = await api.deps.db.select().from(sandboxPayPalOrders).where(eq(sandboxPayPalOrders.requestId, `vuelos-order-${booked.paymentDetails.orderNumber}`));
    // The payer closed the tab before returning: PayPal captured (as with a server-side capture) and tells us.
    await api.deps.db.update(sandboxPayPalOrders).set({ status: 'COMPLETED' }).where(eq(sandboxPayPalOrders.id, order!.id));
    const body = JSON.stringify({ id: `WH-${order!.id}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { supplementary_data: { related_ids: { order_id: order!.id } } } });
    const post = (signature: string) => api.request(`/api${PAYPAL_NOTIFICATION_PATH}`, { method: 'POST', body, headers: { 'content-type': 'application/json', [SANDBOX_NOTIFICATION_HEADER]: signature } });
    expect((await post('forged')).status).toBe(403);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
    const signature = signSandboxNotification(api.deps.sandboxPaymentSecret!, body);
    const answers = [];
    for (let delivery = 0; delivery < 3; delivery++) answers.push(await (await post(signature)).json());
    expect(answers.map((answer) => (answer as { data: { duplicate: boolean } }).data.duplicate)).toEqual([false, true, true]);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('does not exist where the sandbox gateway is not configured: PayPal is not offered, and its calls and page are 404', async () => {
    const withoutSandbox = await startTestApi({ sandboxPaymentSecret: undefined });
    try {
      expect((await withoutSandbox.json(`/api${PAYPAL_ORDER_PATH}`, { orderNumber: '1', token: 'x', language: 'es' })).status).toBe(404);
      expect((await withoutSandbox.request('/sandbox/paypal/SBX1?token=x')).status).toBe(404);
    } finally {
      await withoutSandbox.close();
    }
  });
});
