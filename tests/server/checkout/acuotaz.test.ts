import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACUOTAZ_NOTIFICATION_PATH, ACUOTAZ_SIGNATURE_HEADER, ACUOTAZ_URL_PATH, acuotazNotificationResponseSchema, acuotazUrlResponseSchema, solesOf } from '../../../src/contract/acuotaz.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { paymentNotifications, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { signAcuotazNotification } from '../../../src/server/payments/acuotaz.ts';
import { paymentFlowOf } from '../../../src/server/payments/registry.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, postedForm as form, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const bookWithAcuotaz = (lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment: 125 }));
const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);
const urlRequest = (booked: BookingSuccess, language: 'es' | 'en' = 'es') => ({ orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken!, language });

async function pageOf(booked: BookingSuccess, language: 'es' | 'en' = 'es') {
  const answer = await api.json(`/api${ACUOTAZ_URL_PATH}`, urlRequest(booked, language));
  expect(answer.status).toBe(200);
  return acuotazUrlResponseSchema.parse(await answer.json()).data;
}

function notify(body: Record<string, unknown>, secret = api.deps.sandboxPaymentSecret!) {
  const raw = JSON.stringify(body);
  return api.request(`/api${ACUOTAZ_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [ACUOTAZ_SIGNATURE_HEADER]: signAcuotazNotification(secret, raw) } });
}

const notificationRows = (operationId: string) => api.deps.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, `acuotaz:${operationId}`));

describe('ACuotaz (125) through the sandbox instalment page', () => {
  it('has a flow only with the sandbox gateway', () => {
    expect(paymentFlowOf({ sandboxPaymentSecret: 'x' }, 125)).toBe('acuotaz');
    expect(paymentFlowOf({ sandboxPaymentSecret: undefined }, 125)).toBeNull();
  });

  it('gives the order’s page with its dollars in soles at the exchange rate; another token gets nothing', async () => {
    const booked = await bookWithAcuotaz('Acuotas');
    expect(booked.paymentDetails).toMatchObject({ providerCode: 125, status: 2, orderedAt: expect.stringMatching(/-05:00$/) });
    // The order's date and time (spec 3 §2) is when it was made, in Lima.
    expect(Math.abs(Date.parse(booked.paymentDetails.orderedAt!) - api.deps.now().getTime())).toBeLessThan(1000);
    const page = await pageOf(booked, 'en');
    expect(page.url).toMatch(new RegExp(`^/sandbox/acuotaz/${booked.paymentDetails.orderNumber}\\?lang=en&token=`));
    expect(page).toMatchObject({ currency: 'PEN', amount: solesOf(booked.paymentDetails.totalAmount, page.exchangeRate) });
    expect((await api.json(`/api${ACUOTAZ_URL_PATH}`, { ...urlRequest(booked), token: 'A'.repeat(43) })).status).toBe(403);
    expect((await api.request(`/sandbox/acuotaz/${booked.paymentDetails.orderNumber}?lang=en&token=${'A'.repeat(43)}`)).status).toBe(403);
  });

  it('the page may be framed by this origin only, and its buttons leave the frame', async () => {
    const booked = await bookWithAcuotaz('Marco');
    const page = await api.request((await pageOf(booked, 'es')).url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const text = await page.text();
    expect(text).toContain('Aprobar las cuotas');
    expect(text.match(/<form method="post"[^>]*target="_top"/g)).toHaveLength(3);
    // Every other page stays unframeable.
    expect((await api.request('/sandbox/cuotealo', form({ data: 'x' }))).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a rejection and a cancel leave the order payable and return to their result pages; an approval pays it and returns to success', async () => {
    const booked = await bookWithAcuotaz('Aprobada');
    const { url, amount } = await pageOf(booked, 'en');
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const order = booked.paymentDetails.orderNumber;
    const rejected = await api.request(`/sandbox/acuotaz/${order}/rejected?lang=en`, form({ token }));
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toMatch(new RegExp(`^/vuelos/payment/notify/acuotaz/result/rejected/name/[^/]+/amount/${amount.toFixed(2)}/id/[\\w-]+\\?lang=en&terminalId=`));
    const canceled = await api.request(`/sandbox/acuotaz/${order}/canceled?lang=en`, form({ token }));
    expect(canceled.headers.get('location')).toMatch(/^\/vuelos\/payment\/notify\/acuotaz\/result\/canceled\//);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
    const approved = await api.request(`/sandbox/acuotaz/${order}/approved?lang=en`, form({ token }));
    expect(approved.headers.get('location')).toMatch(/^\/vuelos\/payment\/notify\/acuotaz\/result\/success\/name\/[^/]+\/amount\/[\d.]+\/id\/[\w-]+\?lang=en/);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    // Paid: no page any more, neither from the API nor the sandbox.
    expect((await api.json(`/api${ACUOTAZ_URL_PATH}`, urlRequest(booked))).status).toBe(409);
    expect((await api.request(url)).status).toBe(409);
  });

  it('the signed notification: a bad signature 403 and other soles 409, neither taken; replayed ten times it moves the order once', async () => {
    const booked = await bookWithAcuotaz('Notificada');
    const { amount, exchangeRate } = await pageOf(booked);
    const report = { operationId: 'AQ-77', orderNumber: booked.paymentDetails.orderNumber, result: 'approved', amount, currency: 'PEN', exchangeRate };
    expect((await notify(report, 'not-the-secret')).status).toBe(403);
    const unsigned = await api.request(`/api${ACUOTAZ_NOTIFICATION_PATH}`, { method: 'POST', body: JSON.stringify(report), headers: { 'content-type': 'application/json' } });
    // Unsigned: refused by the route's access policy (401) before the adapter reads it.
    expect(unsigned.status).toBe(401);
    expect((await notify({ ...report, operationId: 'AQ-78', amount: amount - 1 })).status).toBe(409);
    expect({ forged: await notificationRows('AQ-77'), mismatch: await notificationRows('AQ-78') }).toEqual({ forged: [], mismatch: [] });
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });

    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(report)));
    const bodies = await Promise.all(answers.map(async (answer) => acuotazNotificationResponseSchema.parse(await answer.json()).data));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(bodies.every((body) => body.payment === 'paid')).toBe(true);
    expect(await notificationRows('AQ-77')).toHaveLength(1);
    const [stored] = await api.deps.db.select({ status: paymentOrders.status, updatedAt: paymentOrders.updatedAt }).from(paymentOrders).where(eq(paymentOrders.number, booked.paymentDetails.orderNumber));
    expect(stored?.status).toBe('CPO');
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    // Ten more deliveries later change nothing either.
    for (let delivery = 0; delivery < 10; delivery += 1) await notify(report);
    const [after] = await api.deps.db.select({ status: paymentOrders.status, updatedAt: paymentOrders.updatedAt }).from(paymentOrders).where(eq(paymentOrders.number, booked.paymentDetails.orderNumber));
    expect(after).toEqual(stored);
    expect(await api.deps.db.select().from(paymentNotifications).where(like(paymentNotifications.eventId, 'acuotaz:AQ-%'))).toHaveLength(1);
  });

  it('an approval past the order’s time limit expires it; the page is refused', async () => {
    const late = await bookWithAcuotaz('Vencida');
    const { amount, exchangeRate } = await pageOf(late);
    api.clock.advanceMinutes(3 * 24 * 60);
    expect((await api.json(`/api${ACUOTAZ_URL_PATH}`, urlRequest(late))).status).toBe(409);
    const report = { operationId: 'AQ-late', orderNumber: late.paymentDetails.orderNumber, result: 'approved', amount, currency: 'PEN', exchangeRate };
    expect(acuotazNotificationResponseSchema.parse(await (await notify(report)).json()).data).toEqual({ duplicate: false, payment: 'expired' });
    expect(await stateOf(late)).toMatchObject({ order: 'EPO', booking: 7 });
  });
});
