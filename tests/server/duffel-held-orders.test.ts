/**
 * A Duffel order follows the traveller's payment (issue 17): a booking paid later (cash, transfer, a provider's
 * page) is held unpaid at Duffel and paid from the agency's balance only once the traveller paid; one never paid
 * is cancelled at Duffel; a card charged at checkout is ordered and paid at once. Duffel answers as recorded
 * (MSW in node); the job is the one the runner schedules (settle-supplier-orders).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentProvider } from '../../src/contract/checkout.ts';
import { bookings, paymentOrders } from '../../src/server/db/schema/index.ts';
import { periodicJobs } from '../../src/server/jobs/registry.ts';
import { transitionPaymentOrder } from '../../src/server/services/order-lifecycle.ts';
import { book, sandboxCard } from './checkout/support.ts';
import { answer, calls, callsTo, duffelAnswers, duffelBookingRequest, withSearchedDuffelOffer } from './duffel-support.ts';
import cancellation from './duffel-recorded/order-cancellation.json' with { type: 'json' };
import roundTripOffer from './duffel-recorded/offer-round-trip.json' with { type: 'json' };
import holdOrder from './duffel-recorded/order-hold.json' with { type: 'json' };
import paidOrder from './duffel-recorded/order-hold-paid.json' with { type: 'json' };
import duffelPayment from './duffel-recorded/payment.json' with { type: 'json' };

const DUFFEL_ORDER = holdOrder.data.id;
const { apiOf, offer } = withSearchedDuffelOffer();

const settleJob = periodicJobs.find((job) => job.name === 'settle-supplier-orders')!;
const expireJob = periodicJobs.find((job) => job.name === 'expire-overdue-payment-orders')!;
// The test clock starts at 2026-11-21T15:00Z: Duffel guarantees the held price for three hours.
const PRICE_GUARANTEED_UNTIL = '2026-11-21T18:00:00Z';

/** Duffel sells the offer as holdable (or, `instantOnly`, as recorded: to be paid at once). */
function duffelSells({ instantOnly = false } = {}) {
  const holdable = { ...roundTripOffer.data, payment_requirements: { requires_instant_payment: false, payment_required_by: '2026-11-24T15:00:00Z', price_guarantee_expires_at: PRICE_GUARANTEED_UNTIL } };
  duffelAnswers('get', `/air/offers/${roundTripOffer.data.id}`, answer({ data: instantOnly ? roundTripOffer.data : holdable }));
}
const heldAtDuffel = { data: { ...holdOrder.data, payment_status: { ...holdOrder.data.payment_status, price_guarantee_expires_at: PRICE_GUARANTEED_UNTIL } } };

/** One adult (a distinct first name per booking: the same traveller twice is a duplicate), paying with `payment`. */
async function bookDuffel(firstName: string, payment: number, paymentCreditCard?: Awaited<ReturnType<typeof sandboxCard>>) {
  const request = await duffelBookingRequest(apiOf(), offer(), { firstName });
  const bookForm = { ...request.bookForm, payment, ...(paymentCreditCard ? { paymentCreditCard } : {}) };
  const { status, result } = await book(apiOf(), { ...request, bookForm });
  expect(status).toBe(200);
  expect(result.statusCode).toBe(1);
  const [stored] = await apiOf().deps.db.select().from(bookings).where(eq(bookings.paymentOrderNumber, result.paymentDetails!.orderNumber));
  return stored!;
}

const storedBooking = async (id: string) => (await apiOf().deps.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const settle = () => settleJob.handler(apiOf().deps);

describe('a Duffel booking paid later is held at Duffel until its traveller pays', () => {
  it('held without a payment, its deadline before Duffel’s price guarantee ends; paid from the balance once, after the traveller paid', async () => {
    duffelSells();
    duffelAnswers('post', '/air/orders', answer(heldAtDuffel, 201));
    const booked = await bookDuffel('Carmen', PaymentProvider.pagoEfectivo);

    const created = callsTo('POST', '/air/orders')[0]?.body?.data;
    expect(created).toMatchObject({ type: 'hold', selected_offers: [roundTripOffer.data.id] });
    expect(created).not.toHaveProperty('payments');
    expect(booked).toMatchObject({ supplierOrderId: `duf.${DUFFEL_ORDER}`, supplierOrderStatus: 'held', supplierOrderError: null });
    // A cash order would have 6 hours (21:00Z); the held price lasts until 18:00Z, so the traveller pays by 17:45Z.
    expect(booked.ticketingTimeLimit?.toISOString()).toBe('2026-11-21T17:45:00.000Z');
    const [order] = await apiOf().deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booked.paymentOrderNumber!));
    expect(order?.expiresAt.toISOString()).toBe('2026-11-21T17:45:00.000Z');

    // Not paid yet: the job asks Duffel nothing.
    calls.length = 0;
    expect(await settle()).toEqual({ paid: [], cancelled: [], kept: [] });
    expect(calls).toHaveLength(0);

    await transitionPaymentOrder(apiOf().deps, booked.paymentOrderNumber!, 'order.pay');
    duffelAnswers('get', `/air/orders/${DUFFEL_ORDER}`, answer(heldAtDuffel), answer(paidOrder));
    duffelAnswers('post', '/air/payments', answer(duffelPayment, 201));
    expect(await settle()).toEqual({ paid: [`duf.${DUFFEL_ORDER}`], cancelled: [], kept: [] });
    expect(callsTo('POST', '/air/payments').map((call) => call.body?.data)).toEqual([{ order_id: DUFFEL_ORDER, payment: { type: 'balance', amount: '1032.20', currency: 'USD' } }]);
    expect(await storedBooking(booked.id)).toMatchObject({ supplierOrderStatus: 'paid' });

    // A second run (or a second process) pays nothing more.
    expect(await settle()).toEqual({ paid: [], cancelled: [], kept: [] });
    expect(callsTo('POST', '/air/payments')).toHaveLength(1);
  });

  it('a payment Duffel refuses is recorded on the booking and retried on the next run', async () => {
    duffelSells();
    duffelAnswers('post', '/air/orders', answer(heldAtDuffel, 201));
    const booked = await bookDuffel('Rocío', PaymentProvider.bookWithoutPayment);
    await transitionPaymentOrder(apiOf().deps, booked.paymentOrderNumber!, 'order.pay');

    duffelAnswers('get', `/air/orders/${DUFFEL_ORDER}`, answer(heldAtDuffel));
    duffelAnswers('post', '/air/payments', answer({ errors: [{ type: 'validation_error', code: 'insufficient_balance', title: 'Insufficient balance', message: 'Your balance is too low.' }] }, 422));
    await expect(settle()).rejects.toThrow(`supplier order duf.${DUFFEL_ORDER}`);
    const failed = await storedBooking(booked.id);
    expect(failed.supplierOrderStatus).toBe('held');
    expect(failed.supplierOrderError).toMatch(/balance/i);

    duffelAnswers('get', `/air/orders/${DUFFEL_ORDER}`, answer(heldAtDuffel), answer(paidOrder));
    duffelAnswers('post', '/air/payments', answer(duffelPayment, 201));
    expect(await settle()).toEqual({ paid: [`duf.${DUFFEL_ORDER}`], cancelled: [], kept: [] });
    expect(await storedBooking(booked.id)).toMatchObject({ supplierOrderStatus: 'paid', supplierOrderError: null });
  });

  it('never paid: the order expires at its deadline and the held order is cancelled at Duffel, once', async () => {
    duffelSells();
    duffelAnswers('post', '/air/orders', answer(heldAtDuffel, 201));
    const booked = await bookDuffel('Pilar', PaymentProvider.pagoEfectivo);
    apiOf().clock.advanceMinutes(3 * 60);
    expect(await expireJob.handler(apiOf().deps)).toContain(booked.paymentOrderNumber);

    duffelAnswers('get', `/air/orders/${DUFFEL_ORDER}`, answer(heldAtDuffel));
    duffelAnswers('post', '/air/order_cancellations', answer(cancellation, 201));
    duffelAnswers('post', `/air/order_cancellations/${cancellation.data.id}/actions/confirm`, answer({ data: { ...cancellation.data, confirmed_at: '2026-11-21T18:01:00Z' } }));
    expect(await settle()).toEqual({ paid: [], cancelled: [`duf.${DUFFEL_ORDER}`], kept: [] });
    expect(callsTo('POST', `/air/order_cancellations/${cancellation.data.id}/actions/confirm`)).toHaveLength(1);
    expect(callsTo('POST', '/air/payments')).toHaveLength(0);
    expect(await storedBooking(booked.id)).toMatchObject({ supplierOrderStatus: 'cancelled' });

    calls.length = 0;
    await settle();
    expect(calls).toHaveLength(0);
  });
});

describe('a Duffel order paid at booking', () => {
  it('a card charged at checkout orders and pays at once; the job has nothing to do', async () => {
    duffelSells();
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const booked = await bookDuffel('Inés', PaymentProvider.cybersource, await sandboxCard(apiOf()));
    expect(callsTo('POST', '/air/orders')[0]?.body?.data).toMatchObject({ type: 'instant', payments: [{ type: 'balance', amount: '1032.20', currency: 'USD' }] });
    expect(booked).toMatchObject({ supplierOrderStatus: 'paid' });
    const [order] = await apiOf().deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booked.paymentOrderNumber!));
    expect(order?.status).toBe('CPO');
    calls.length = 0;
    await settle();
    expect(calls).toHaveLength(0);
  });

  it('an offer Duffel sells only paid at once is paid at booking even for cash; cancelled when its traveller never pays, kept when Duffel will not cancel it', async () => {
    duffelSells({ instantOnly: true });
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const refundable = await bookDuffel('Julia', PaymentProvider.pagoEfectivo);
    const kept = await bookDuffel('Teresa', PaymentProvider.pagoEfectivo);
    expect(callsTo('POST', '/air/orders').map((call) => call.body?.data?.type)).toEqual(['instant', 'instant']);
    expect([refundable.supplierOrderStatus, kept.supplierOrderStatus]).toEqual(['paid', 'paid']);
    // Cash keeps its six hours: no hold ends earlier.
    expect(refundable.ticketingTimeLimit!.getTime() - refundable.createdAt.getTime()).toBe(6 * 3_600_000);

    await transitionPaymentOrder(apiOf().deps, refundable.paymentOrderNumber!, 'order.cancel');
    duffelAnswers('get', `/air/orders/${DUFFEL_ORDER}`, answer(paidOrder));
    duffelAnswers('post', '/air/order_cancellations', answer(cancellation, 201));
    duffelAnswers('post', `/air/order_cancellations/${cancellation.data.id}/actions/confirm`, answer({ data: { ...cancellation.data, confirmed_at: '2026-11-21T15:05:00Z' } }));
    expect(await settle()).toEqual({ paid: [], cancelled: [`duf.${DUFFEL_ORDER}`], kept: [] });

    await transitionPaymentOrder(apiOf().deps, kept.paymentOrderNumber!, 'order.cancel');
    duffelAnswers('get', `/air/orders/${DUFFEL_ORDER}`, answer({ data: { ...paidOrder.data, available_actions: [] } }));
    expect(await settle()).toEqual({ paid: [], cancelled: [], kept: [`duf.${DUFFEL_ORDER}`] });
    expect(await storedBooking(kept.id)).toMatchObject({ supplierOrderStatus: 'kept' });
  });
});
