import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/contract/engine.ts';
import { manageBookingResponseSchema } from '../../../src/contract/manage-booking.ts';
import { bookings, engines } from '../../../src/server/db/schema/index.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { REDIRECT_NOTIFICATION_PATH, REDIRECT_SIGNATURE_HEADER, redirectNotificationResponseSchema } from '../../../src/contract/redirect-payment.ts';
import { signRedirectNotification } from '../../../src/server/payments/redirect-payment.ts';
import { paymentFlowOf } from '../../../src/server/payments/registry.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, postedForm as form, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // No seeded channel offers SafetyPay's second code (106) or Cuotéalo's redirect (124): the Peruvian one does here.
  const [row] = await api.deps.db.select().from(engines).where(eq(engines.id, '9132868'));
  const config = row!.config as Engine;
  const offered = (id: number, onlineCode: number, name: string, kind: Engine['paymentMethods'][number]['kind']) => ({ id, onlineCode, name, kind, priority: 4, online: kind === 'instalments' });
  const paymentMethods = [...config.paymentMethods, offered(1014, 106, 'SafetyPay', 'bank'), offered(1015, 124, 'Cuotealo BCP', 'instalments')];
  await api.deps.db.update(engines).set({ config: { ...config, paymentMethods } }).where(eq(engines.id, '9132868'));
});
afterAll(() => api.close());

const bookWith = (payment: number, lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment }));
const stateOf = (booked: BookingSuccess) => paymentStateOf(api, booked);

function notify(booked: BookingSuccess, body: Partial<{ operationId: string; providerCode: number; result: string; amount: number }>, secret = api.deps.sandboxPaymentSecret!) {
  const raw = JSON.stringify({ operationId: 'op-1', orderNumber: booked.paymentDetails.orderNumber, providerCode: booked.paymentDetails.providerCode, result: 'paid', amount: booked.paymentDetails.totalAmount, ...body });
  return api.request(`/api${REDIRECT_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [REDIRECT_SIGNATURE_HEADER]: signRedirectNotification(secret, raw) } });
}

describe('redirect providers (SafetyPay 105, 106; Cuotéalo BCP redirect 124) through the sandbox’s provider page', () => {
  it('have a flow with the sandbox gateway only', () => {
    expect([105, 106, 124].map((code) => paymentFlowOf({ sandboxPaymentSecret: 'x' }, code))).toEqual(['providerPage', 'providerPage', 'providerPage']);
    expect([105, 106, 124].map((code) => paymentFlowOf({ sandboxPaymentSecret: undefined }, code))).toEqual([null, null, null]);
  });

  it.each([105, 106, 124])('books %i pending with the sandbox page of its provider and the order’s token', async (code) => {
    const booked = await bookWith(code, `Redirige ${'ABC'[[105, 106, 124].indexOf(code)]}`);
    expect(booked.paymentDetails).toMatchObject({ providerCode: code, status: 2, url: `/sandbox/redirect/${code}` });
    expect(booked.paymentDetails.pageToken).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses an unsigned notification, another provider’s order and another amount; the order stays pending', async () => {
    const booked = await bookWith(105, 'Firmado');
    expect((await notify(booked, {}, 'not-the-secret')).status).toBe(403);
    expect((await notify(booked, { providerCode: 106 })).status).toBe(404);
    expect((await notify(booked, { amount: booked.paymentDetails.totalAmount + 1 })).status).toBe(409);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
  });

  it('a payment replayed ten times pays the order once; a decline before it left it payable', async () => {
    const booked = await bookWith(106, 'Diez');
    expect(redirectNotificationResponseSchema.parse(await (await notify(booked, { operationId: 'declined-1', result: 'declined' })).json()).data).toEqual({ duplicate: false, payment: 'pending' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(booked, { operationId: 'paid-1' })));
    const bodies = await Promise.all(answers.map(async (answer) => redirectNotificationResponseSchema.parse(await answer.json()).data));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(bodies.every((body) => body.payment === 'paid')).toBe(true);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('the sandbox page takes the waiting page’s post with the order’s token, and pays or declines through the signed notification', async () => {
    const booked = await bookWith(124, 'Pagina');
    const { orderNumber, pageToken } = booked.paymentDetails;
    expect((await api.request('/sandbox/redirect/124', form({ paymentOrderNumber: orderNumber, token: 'A'.repeat(43), lang: 'en' }))).status).toBe(403);
    // Another provider's page does not open this order.
    expect((await api.request('/sandbox/redirect/105', form({ paymentOrderNumber: orderNumber, token: pageToken!, lang: 'en' }))).status).toBe(404);
    const posted = await api.request('/sandbox/redirect/124', form({ paymentOrderNumber: orderNumber, token: pageToken!, lang: 'en' }));
    expect(posted.status).toBe(303);
    const pageUrl = posted.headers.get('location')!;
    const page = await (await api.request(pageUrl)).text();
    expect(page).toContain('Cuotealo BCP — payment (sandbox)');
    expect(page).toContain(booked.paymentDetails.totalAmount.toFixed(2));
    const declined = await api.request(`/sandbox/redirect/124/${orderNumber}/declined?lang=en`, form({ token: pageToken! }));
    expect(declined.status).toBe(303);
    expect(await stateOf(booked)).toEqual({ order: 'PP', booking: 2, statusMails: 0 });
    const paid = await Promise.all([1, 2].map(() => api.request(`/sandbox/redirect/124/${orderNumber}/paid?lang=es`, form({ token: pageToken! }))));
    expect(paid.map((answer) => answer.headers.get('location'))).toEqual([expect.stringMatching(/^\/vuelos\/book\/confirmation\/[\w-]+\?lang=es&terminalId=/), expect.stringMatching(/^\/vuelos\/book\/confirmation\//)]);
    expect(await stateOf(booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
    expect(await (await api.request(pageUrl)).text()).toContain('This payment order is already paid.');
  });

  it('manage my booking (PNR + last name) offers to pay a pending one on its page, through the booking’s session', async () => {
    const booked = await bookWith(105, 'Gestion');
    const lookup = (lastName: string) => api.json('/api/bookings/lookup', { pnr: booked.pnr, lastName });
    const view = manageBookingResponseSchema.parse(await (await lookup('Gestion')).json()).data;
    expect(view).toMatchObject({ payNow: true, payment: { providerCode: 105 } });
    const [row] = await api.deps.db.select({ sessionId: bookings.sessionId }).from(bookings).where(eq(bookings.pnr, booked.pnr));
    expect(view.payNowSessionId).toBe(row!.sessionId);
  });

  it.each([
    ['en', 'SafetyPay (online banking / cash)', 'banca por internet', 'English'],
    ['es', 'SafetyPay (banca por internet / efectivo)', 'online banking', 'Espanol'],
  ])('the sandbox page names SafetyPay (105) in the page’s language, %s (issue 37)', async (language, name, otherLanguage, lastName) => {
    const booked = await bookWith(105, lastName);
    const page = await (await api.request(`/sandbox/redirect/105/${booked.paymentDetails.orderNumber}?lang=${language}&token=${encodeURIComponent(booked.paymentDetails.pageToken!)}`)).text();
    expect(page).toContain(name);
    expect(page).not.toContain(otherLanguage);
  });

  it('an order past its deadline reads expired on the page and a payment does not revive it', async () => {
    const booked = await bookWith(105, 'Tarde');
    api.clock.advanceMinutes(3 * 24 * 60);
    expect(redirectNotificationResponseSchema.parse(await (await notify(booked, { operationId: 'late' })).json()).data).toEqual({ duplicate: false, payment: 'expired' });
    const page = await api.request(`/sandbox/redirect/105/${booked.paymentDetails.orderNumber}?lang=en&token=${encodeURIComponent(booked.paymentDetails.pageToken!)}`);
    expect(await page.text()).toContain('This payment order has expired.');
  });
});
