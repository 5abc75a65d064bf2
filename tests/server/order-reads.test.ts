/**
 * The order reads of spec 3 §7 and spec 2 §7 (issue 37): `GET engines/orderNumber/{n}`, its provider code,
 * `GET engines/order/{id}` and `GET engines/payme/{id}` answer the order's own traveller; an order of another
 * kind is not PayMe's. Strangers and others are refused in access/every-route.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../src/contract/checkout.ts';
import { paymentOrderResponseSchema, paymentProviderCodeResponseSchema } from '../../src/contract/postsale.ts';
import { bookingResponseSchema } from '../../src/contract/checkout.ts';
import { book, bookingFor, ownerHeaders, sandboxCard, searchOffers, useLatamNdcOffer, withLeadLastName } from './checkout/support.ts';

const world = useLatamNdcOffer();

async function bookedWith(payment: number, lastName: string, withCard = false): Promise<{ booked: BookingSuccess; headers: Record<string, string> }> {
  const [offer] = await searchOffers(world.api);
  const request = withLeadLastName(await bookingFor(world.api, offer!), lastName);
  const { result, body } = await book(world.api, { ...request, bookForm: { ...request.bookForm, payment, ...(withCard ? { paymentCreditCard: await sandboxCard(world.api) } : {}) } });
  if (result?.statusCode !== 1) throw new Error(`The booking was not made: ${JSON.stringify(body)}`);
  return { booked: result as BookingSuccess, headers: ownerHeaders(request.sessionID) };
}

const get = (path: string, headers: Record<string, string>) => world.api.app.request(path, { headers });

describe('order reads for the order’s traveller', () => {
  it('the payment order, its provider code and the order answer what the booking made', async () => {
    const { booked, headers } = await bookedWith(102, 'Lectora');
    const number = booked.paymentDetails.orderNumber;
    const order = paymentOrderResponseSchema.parse(await (await get(`/api/engines/orderNumber/${number}`, headers)).json()).data;
    expect(order).toMatchObject({ number, status: 'PP', amount: booked.paymentDetails.totalAmount, reference: booked.pnr, provider: { id: 102 }, client: { lastName: 'Lectora' } });
    const code = paymentProviderCodeResponseSchema.parse(await (await get(`/api/engines/orderNumber/${number}/provider`, headers)).json()).data.code;
    expect(code).toBe(102);
    const read = bookingResponseSchema.parse(await (await get(`/api/engines/order/${booked.orderID.id}`, headers)).json()).data as BookingSuccess;
    expect(read).toMatchObject({ pnr: booked.pnr, orderID: booked.orderID, paymentDetails: { orderNumber: number, status: 2 } });
  });

  it('PayMe’s read answers a PayMe order and is 404 ORDER_NOT_FOUND for an order another provider collects', async () => {
    const payMe = await bookedWith(119, 'Pagame', true);
    const answer = paymentOrderResponseSchema.parse(await (await get(`/api/engines/payme/${payMe.booked.orderID.id}`, payMe.headers)).json()).data;
    expect(answer).toMatchObject({ number: payMe.booked.paymentDetails.orderNumber, status: 'PP', provider: { id: 119 } });
    const cash = await bookedWith(102, 'Efectiva');
    const refused = await get(`/api/engines/payme/${cash.booked.orderID.id}`, cash.headers);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { code: string }).code).toBe('ORDER_NOT_FOUND');
  });

  it('a malformed number is a typed 400', async () => {
    const { headers } = await bookedWith(102, 'Malforma');
    const response = await get('/api/engines/orderNumber/bad%20number!', headers);
    expect(response.status).toBe(400);
  });
});
