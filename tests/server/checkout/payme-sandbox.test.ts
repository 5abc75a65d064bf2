import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { getSessionResponseSchema } from '../../../src/contract/session.ts';
import { bookings, paymentOrders } from '../../../src/server/db/schema/index.ts';
import { paymentPageToken } from '../../../src/server/payments/sandbox.ts';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, bookPaying, sandboxCard, searchOffers, withLeadLastName, postedForm as form, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A PayMe (119) booking of the first family offer, paid with a tokenised card, under a distinct lead name. */
async function bookWithPayMe(lastName: string): Promise<BookingSuccess> {
  const card = await sandboxCard(api);
  return bookPaying(api, lastName, (bookForm) => ({ ...bookForm, payment: 119, paymentCreditCard: card }));
}

async function orderOf(orderNumber: string) {
  const [row] = await api.deps.db.select({ order: paymentOrders, booking: bookings }).from(paymentOrders).innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId)).where(eq(paymentOrders.number, orderNumber));
  return row!;
}

describe('PayMe sandbox payment page (provider 119)', () => {
  let booked: BookingSuccess;
  beforeAll(async () => {
    booked = await bookWithPayMe('Quispe');
  });

  const token = () => booked.paymentDetails.pageToken!;
  const withToken = (fields: Record<string, string> = {}) => form({ token: token(), ...fields });

  it('gives a PayMe booking the processing page to post to, with the order’s own token', () => {
    expect(booked.paymentDetails).toMatchObject({ providerCode: 119, url: '/sandbox/payme' });
    expect(booked.paymentDetails.pageToken).toMatch(/^[\w-]{40,}$/);
  });

  it('opens nothing without the order’s token: the page and a forged pay or decline answer 403 and the order stays pending', async () => {
    const orderNumber = booked.paymentDetails.orderNumber;
    expect((await api.request('/sandbox/payme', form({ paymentOrderNumber: orderNumber, lang: 'es' }))).status).toBe(403);
    expect((await api.request(`/sandbox/payme/${orderNumber}?lang=es`)).status).toBe(403);
    const forged = await api.request(`/sandbox/payme/${orderNumber}/pay?lang=en`, form({ token: 'A'.repeat(43) }));
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This payment link is not valid');
    expect((await api.request(`/sandbox/payme/${orderNumber}/pay`, { method: 'POST' })).status).toBe(403);
    // Another order's token opens only that order.
    const other = await bookWithPayMe('Ccori');
    expect((await api.request(`/sandbox/payme/${orderNumber}/pay`, form({ token: other.paymentDetails.pageToken! }))).status).toBe(403);
    expect((await orderOf(orderNumber)).order.status).toBe('PP');
  });

  it('is not mounted where the sandbox gateway is not the configured one', async () => {
    const withoutSandbox = await startTestApi({ sandboxPaymentSecret: undefined });
    try {
      expect((await withoutSandbox.request('/sandbox/payme', form({ paymentOrderNumber: '1', token: 'x' }))).status).toBe(404);
    } finally {
      await withoutSandbox.close();
    }
  });

  it('takes the posted order number to the order’s page, which shows the order, the booking and the card in the posted language', async () => {
    const posted = await api.request('/sandbox/payme', withToken({ paymentOrderNumber: booked.paymentDetails.orderNumber, lang: 'es' }));
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/sandbox/payme/${booked.paymentDetails.orderNumber}?lang=es&token=${encodeURIComponent(token())}`);
    const shown = await api.request(posted.headers.get('location')!);
    const page = await shown.text();
    expect(shown.status).toBe(200);
    expect(page).toContain('<html lang="es">');
    expect(page).toContain(booked.pnr);
    expect(page).toContain(`Pagar US$ ${booked.paymentDetails.totalAmount.toFixed(2)}`);
    expect(page).toContain('visa •••• 1111');
    expect(page).not.toContain('tok_sbx_');
  });

  it('answers 400 or 404 pages for a malformed or unknown order, or one not paid with PayMe', async () => {
    expect((await api.request('/sandbox/payme', form({ paymentOrderNumber: '12ab' }))).status).toBe(400);
    expect((await api.request('/sandbox/payme', withToken({ paymentOrderNumber: '12ab' }))).status).toBe(400);
    const [offer] = await searchOffers(api);
    const cash = await book(api, withLeadLastName(await bookingFor(api, offer!), 'Mamani'));
    const cashOrder = (cash.result as BookingSuccess).paymentDetails.orderNumber;
    // The cash order's own token (its CIP's call) does not open PayMe's page for it.
    const cashToken = (cash.result as BookingSuccess).paymentDetails.pageToken!;
    expect(cashToken).toBe(paymentPageToken(api.deps.sandboxPaymentSecret!, cashOrder));
    expect((await api.request(`/sandbox/payme/${cashOrder}?token=${cashToken}`)).status).toBe(404);
    expect((await api.request(`/sandbox/payme/${cashOrder}/pay`, form({ token: cashToken }))).status).toBe(404);
    expect((await orderOf(cashOrder)).order.status).toBe('PP');
  });

  it('declining returns to the PayMe error page and leaves the order pending', async () => {
    const declined = await api.request(`/sandbox/payme/${booked.paymentDetails.orderNumber}/decline?lang=en`, withToken());
    expect(declined.status).toBe(303);
    const { sessionId } = (await orderOf(booked.paymentDetails.orderNumber)).booking;
    expect(declined.headers.get('location')).toBe(`/vuelos/payment/notify/payme/error?lang=en&terminalId=9132868&id=${sessionId}`);
    expect((await orderOf(booked.paymentDetails.orderNumber)).order.status).toBe('PP');
  });

  it('paying five times at once pays once: order CPO, booking completed payment (3), session marked processed', async () => {
    const orderNumber = booked.paymentDetails.orderNumber;
    const presses = await Promise.all(Array.from({ length: 5 }, () => api.request(`/sandbox/payme/${orderNumber}/pay?lang=es`, withToken())));
    const { sessionId } = (await orderOf(orderNumber)).booking;
    for (const press of presses) {
      expect(press.status).toBe(303);
      expect(press.headers.get('location')).toBe(`/vuelos/payment/notify/payme/success?lang=es&terminalId=9132868&id=${sessionId}`);
    }
    const { order, booking } = await orderOf(orderNumber);
    expect(order.status).toBe('CPO');
    expect(booking.status).toBe(3);
    const session = getSessionResponseSchema.parse(await (await api.request(`/api/sessions?id=${booking.sessionId}`)).json()).data;
    expect(session.paymentWasProcessed).toBe(true);
    expect(session.booking?.paymentDetails?.status).toBe(3);
    // The page now says the order is paid instead of offering to pay again.
    expect(await (await api.request(`/sandbox/payme/${orderNumber}?lang=en&token=${encodeURIComponent(token())}`)).text()).toContain('This payment order is already paid.');
  });

  it('refuses to pay an order past its time limit and marks it expired', async () => {
    const late = await bookWithPayMe('Condori');
    api.clock.advanceMinutes(3 * 24 * 60);
    // Pressed twice at once: both are told it expired, neither fails.
    const presses = await Promise.all([1, 2].map(() => api.request(`/sandbox/payme/${late.paymentDetails.orderNumber}/pay`, form({ token: late.paymentDetails.pageToken! }))));
    for (const pressed of presses) {
      expect(pressed.status).toBe(409);
      expect(await pressed.text()).toContain('This payment order has expired.');
    }
    const { order, booking } = await orderOf(late.paymentDetails.orderNumber);
    expect(order.status).toBe('EPO');
    expect(booking.status).toBe(7);
  });
});
