/**
 * PayPal (139) through PayPal's Orders v2 API, against its recorded answers (MSW in node): the OAuth token,
 * the order (PayPal-Request-Id, USD, items adding up to the amount), the approval link, the capture and
 * its replay, ORDER_ALREADY_CAPTURED, and webhook deliveries verified by PayPal (SUCCESS, FAILURE, and one
 * event delivered ten times).
 */
import { eq } from 'drizzle-orm';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { PAYPAL_NOTIFICATION_PATH } from '../../../src/contract/paypal.ts';
import { paymentNotifications, walletPayments } from '../../../src/server/db/schema/index.ts';
import { PAYPAL_HOSTS, payPalApiGateway, payPalConfigOf, type PayPalConfig } from '../../../src/server/payments/paypal-api.ts';
import { startTestApi } from '../../support/server.ts';
import { bookWithPayPal as bookPayPal, capturePayPal, paymentStateOf, startPayPalPayment, type TestApi } from '../checkout/support.ts';
import alreadyCaptured from './recorded/paypal-capture-already-captured.json' with { type: 'json' };
import oauthToken from './recorded/paypal-oauth-token.json' with { type: 'json' };
import captured from './recorded/paypal-order-captured.json' with { type: 'json' };
import created from './recorded/paypal-order-created.json' with { type: 'json' };
import captureEvent from './recorded/paypal-webhook-capture-completed.json' with { type: 'json' };

const HOST = PAYPAL_HOSTS.sandbox;
const CLIENT_ID = 'AeXq1-vuelos-sandbox-client';
const CLIENT_SECRET = 'EHk2-vuelos-sandbox-secret';
const WEBHOOK_ID = '1JE4291016473214C';
const VALID_SIGNATURE = 'recorded-valid-transmission-signature';

interface CreateCall {
  requestId: string | null;
  authorization: string | null;
  body: {
    intent: string;
    purchase_units: Array<{ reference_id: string; amount: { currency_code: string; value: string; breakdown: { item_total: { value: string } } }; items: Array<{ quantity: string; unit_amount: { currency_code: string; value: string } }> }>;
    payment_source: { paypal: { experience_context: { return_url: string; cancel_url: string; shipping_preference: string; locale: string } } };
  };
}

/** PayPal as recorded: its orders by id (captured or not), and what it was asked. */
const paypal = {
  tokenCalls: 0,
  orders: new Map<string, { requestId: string; captured: boolean; captureRequestId: string | null }>(),
  creates: [] as CreateCall[],
  captures: [] as Array<{ id: string; requestId: string | null; answered: number }>,
  verifications: [] as Array<Record<string, unknown>>,
};

const orderIdOf = (reference: string) => `5O1901${reference.slice(-8)}T`;
const capturedOrder = (id: string) => ({ ...captured, id });

const server = setupServer(
  http.post(`${HOST}/v1/oauth2/token`, async ({ request }) => {
    paypal.tokenCalls += 1;
    const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
    if (request.headers.get('authorization') !== basic || (await request.text()) !== 'grant_type=client_credentials') return HttpResponse.json({ error: 'invalid_client' }, { status: 401 });
    return HttpResponse.json(oauthToken);
  }),
  http.post(`${HOST}/v2/checkout/orders`, async ({ request }) => {
    const call: CreateCall = { requestId: request.headers.get('paypal-request-id'), authorization: request.headers.get('authorization'), body: (await request.json()) as CreateCall['body'] };
    paypal.creates.push(call);
    const id = orderIdOf(call.body.purchase_units[0]!.reference_id);
    const replay = [...paypal.orders.values()].some((order) => order.requestId === call.requestId);
    if (!replay) paypal.orders.set(id, { requestId: call.requestId ?? '', captured: false, captureRequestId: null });
    const links = created.links.map((link) => ({ ...link, href: link.href.replace(created.id, id) }));
    return HttpResponse.json({ ...created, id, links }, { status: replay ? 200 : 201 });
  }),
  http.post(`${HOST}/v2/checkout/orders/:id/capture`, ({ request, params }) => {
    const id = String(params.id);
    const order = paypal.orders.get(id);
    const requestId = request.headers.get('paypal-request-id');
    const answer = (status: number, body: JsonBodyType) => {
      paypal.captures.push({ id, requestId, answered: status });
      return HttpResponse.json(body, { status });
    };
    if (!order) return answer(404, { name: 'RESOURCE_NOT_FOUND' });
    if (order.captured && order.captureRequestId === requestId) return answer(200, capturedOrder(id));
    if (order.captured) return answer(422, alreadyCaptured);
    Object.assign(order, { captured: true, captureRequestId: requestId });
    return answer(201, capturedOrder(id));
  }),
  http.get(`${HOST}/v2/checkout/orders/:id`, ({ params }) => {
    const id = String(params.id);
    const order = paypal.orders.get(id);
    if (!order) return HttpResponse.json({ name: 'RESOURCE_NOT_FOUND' }, { status: 404 });
    return HttpResponse.json(order.captured ? capturedOrder(id) : { ...created, id, status: 'APPROVED' });
  }),
  http.post(`${HOST}/v1/notifications/verify-webhook-signature`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    paypal.verifications.push(body);
    const genuine = body.webhook_id === WEBHOOK_ID && body.transmission_sig === VALID_SIGNATURE;
    return HttpResponse.json({ verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
  }),
);

const config: PayPalConfig = payPalConfigOf({ PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET, PAYPAL_WEBHOOK_ID: WEBHOOK_ID, PAYPAL_ENV: 'sandbox', PUBLIC_URL: 'https://vuelos.example/' })!;

let api: TestApi;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Complete PAYPAL_* and no sandbox secret: PayPal runs through its API alone.
  api = await startTestApi({ sandboxPaymentSecret: undefined, payPal: config });
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await api.close();
});

const bookWithPayPal = (lastName: string) => bookPayPal(api, lastName);
const startPayment = (booked: BookingSuccess) => startPayPalPayment(api, booked, 'en');
const capture = (booked: BookingSuccess) => capturePayPal(api, booked);

/** A webhook delivery as PayPal sends it: the event and its transmission headers. */
const deliver = (event: unknown, signature = VALID_SIGNATURE) =>
  api.request(`/api${PAYPAL_NOTIFICATION_PATH}`, {
    method: 'POST',
    body: JSON.stringify(event),
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
      'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': '2026-11-21T15:05:02Z',
    },
  });

const providerOrderOf = async (booked: BookingSuccess) => (await api.deps.db.select().from(walletPayments).where(eq(walletPayments.paymentOrderNumber, booked.paymentDetails.orderNumber)))[0]!.providerOrderId;
const captureEventFor = (orderId: string, eventId: string) => ({ ...captureEvent, id: eventId, resource: { ...captureEvent.resource, supplementary_data: { related_ids: { order_id: orderId } } } });

describe('PayPal through the Orders v2 API', () => {
  it('creates the order with PayPal-Request-Id, USD items adding up to the amount and absolute return addresses, and sends the payer to the payer-action link', async () => {
    const booked = await bookWithPayPal('Paypalreal');
    const approveUrl = await startPayment(booked);
    const id = orderIdOf(booked.paymentDetails.orderNumber);
    expect(approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${id}`);
    const call = paypal.creates.at(-1)!;
    expect(call.requestId).toBe(`vuelos-order-${booked.paymentDetails.orderNumber}`);
    expect(call.authorization).toBe(`Bearer ${oauthToken.access_token}`);
    const unit = call.body.purchase_units[0]!;
    expect(call.body.intent).toBe('CAPTURE');
    expect(unit.amount).toMatchObject({ currency_code: 'USD', value: booked.paymentDetails.totalAmount.toFixed(2), breakdown: { item_total: { value: booked.paymentDetails.totalAmount.toFixed(2) } } });
    const itemCents = unit.items.reduce((sum, item) => sum + Math.round(Number(item.unit_amount.value) * 100) * Number(item.quantity), 0);
    expect(itemCents).toBe(Math.round(booked.paymentDetails.totalAmount * 100));
    expect(unit.items.every((item) => item.unit_amount.currency_code === 'USD')).toBe(true);
    expect(call.body.payment_source.paypal.experience_context).toMatchObject({ shipping_preference: 'NO_SHIPPING', locale: 'en-US' });
    expect(call.body.payment_source.paypal.experience_context.return_url).toMatch(/^https:\/\/vuelos\.example\/vuelos\/payment\/notify\/paypal\/return\?lang=en&/);
    // Pressing again replays the same request id: PayPal's 200, the same order.
    expect(await startPayment(booked)).toBe(approveUrl);
    expect(paypal.creates.at(-1)!.requestId).toBe(call.requestId);
    expect(await providerOrderOf(booked)).toBe(id);
  });

  it('captures on return and settles the order once; the capture replayed with its request id answers the same capture', async () => {
    const booked = await bookWithPayPal('Capturada');
    await startPayment(booked);
    expect(await capture(booked)).toBe('paid');
    expect(await capture(booked)).toBe('paid');
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    const id = await providerOrderOf(booked);
    expect(paypal.captures.filter((call) => call.id === id)).toEqual([{ id, requestId: `vuelos-capture-${booked.paymentDetails.orderNumber}`, answered: 201 }]);
    // PayPal's own replay of the same PayPal-Request-Id: 200 with the same completed capture.
    expect(await payPalApiGateway(config).capture(id, `vuelos-capture-${booked.paymentDetails.orderNumber}`)).toBe('COMPLETED');
    expect(paypal.captures.filter((call) => call.id === id).map((call) => call.answered)).toEqual([201, 200]);
  });

  it('reads the order back on 422 ORDER_ALREADY_CAPTURED, and settles it when its capture completed', async () => {
    const booked = await bookWithPayPal('Yacapturada');
    await startPayment(booked);
    const id = await providerOrderOf(booked);
    // Captured already under another request id (another tab, a retry after a lost answer).
    Object.assign(paypal.orders.get(id)!, { captured: true, captureRequestId: 'another-request' });
    expect(await capture(booked)).toBe('paid');
    expect(paypal.captures.filter((call) => call.id === id).map((call) => call.answered)).toEqual([422]);
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('refuses a webhook delivery PayPal’s verification calls FAILURE, and takes nothing from it', async () => {
    const booked = await bookWithPayPal('Firmafalsa');
    await startPayment(booked);
    const id = await providerOrderOf(booked);
    paypal.orders.get(id)!.captured = true;
    const eventId = `WH-FORGED-${booked.paymentDetails.orderNumber}`;
    const response = await deliver(captureEventFor(id, eventId), 'forged-signature');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'NOTIFICATION_SIGNATURE_INVALID' });
    expect(paypal.verifications.at(-1)).toMatchObject({ auth_algo: 'SHA256withRSA', transmission_sig: 'forged-signature', webhook_id: WEBHOOK_ID, webhook_event: { id: eventId } });
    expect(await api.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, eventId))).toEqual([]);
    expect(await paymentStateOf(api, booked)).toMatchObject({ order: 'PP', statusMails: 0 });
  });

  it('takes a verified PAYMENT.CAPTURE.COMPLETED delivered ten times once: the order is settled once', async () => {
    const booked = await bookWithPayPal('Diezveces');
    await startPayment(booked);
    const id = await providerOrderOf(booked);
    // Captured at PayPal while the payer's return never reached us: the webhook tells.
    paypal.orders.get(id)!.captured = true;
    const event = captureEventFor(id, `WH-${booked.paymentDetails.orderNumber}-8HN650336L201105X`);
    const verificationsBefore = paypal.verifications.length;
    // Ten deliveries at once (PayPal retries while the first is still being answered), then the same again later.
    const answers = await Promise.all(Array.from({ length: 9 }, () => deliver(event)));
    answers.push(await deliver(event));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ data: { duplicate: boolean } }>;
    expect(bodies.filter((body) => !body.data.duplicate)).toHaveLength(1);
    expect(bodies.at(-1)!.data.duplicate).toBe(true);
    expect(paypal.verifications.length - verificationsBefore).toBe(10);
    expect(paypal.verifications.at(-1)).toMatchObject({ webhook_id: WEBHOOK_ID, transmission_sig: VALID_SIGNATURE, webhook_event: event });
    expect(await api.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, event.id))).toHaveLength(1);
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('keeps one OAuth token across calls', async () => {
    const booked = await bookWithPayPal('Unsolotoken');
    await startPayment(booked);
    const before = paypal.tokenCalls;
    expect(await capture(booked)).toBe('paid');
    expect(await payPalApiGateway(config).status(await providerOrderOf(booked))).toBe('COMPLETED');
    expect(paypal.tokenCalls - before).toBe(0);
  });
});
