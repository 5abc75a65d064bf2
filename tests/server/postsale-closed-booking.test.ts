import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import type { OrderAncillariesResult } from '../../src/contract/postsale.ts';
import { bookings, mailOutbox, postSalePurchases, refundsDue, soldBaggages, soldSeats } from '../../src/server/db/schema/index.ts';
import { expireOverduePaymentOrders } from '../../src/server/services/order-lifecycle.ts';
import { sandboxCard } from './checkout/support.ts';
import { AGENCY, ancillariesOf, freeSeats, madeOrder, purchase, purchaseOf, seatChoice, setCredit, useAgencyOffer } from './postsale-support.ts';

const world = useAgencyOffer();
let names = 0;
async function freshOrder(): Promise<{ ancillaries: OrderAncillariesResult; bookingId: string; pnr: string; lastName: string }> {
  const lastName = `Cerrada${String.fromCharCode(97 + (names % 26))}${String.fromCharCode(97 + Math.floor(names++ / 26))}`;
  const { booking } = await madeOrder(world.api, world.offer, lastName);
  const [row] = await world.api.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.orderId, booking.orderID.id));
  return { ancillaries: await ancillariesOf(world.api, booking.orderID.id), bookingId: row!.id, pnr: booking.pnr, lastName };
}
const bagOf = (ancillaries: OrderAncillariesResult, flightIndex: number, passengerIndex: number, code: string) => {
  const item = ancillaries.baggages.baggages[flightIndex]!.passengers[passengerIndex]!.baggagesByPassenger.find((bag) => bag.code === code)!;
  return { offerItem: item.offerItem!, flightIndex, passengerIndex, code: item.code };
};
const extrasHeld = async (bookingId: string) => ({
  seats: (await world.api.deps.db.select().from(soldSeats).where(eq(soldSeats.bookingId, bookingId))).length,
  bags: (await world.api.deps.db.select().from(soldBaggages).where(eq(soldBaggages.bookingId, bookingId))).length,
});
const refundsOf = (bookingId: string) => world.api.deps.db.select().from(refundsDue).where(eq(refundsDue.bookingId, bookingId));
const mailsOf = (bookingId: string, kind: 'refund-due' | 'payment-status') => world.api.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.kind, kind)));
const purchasesOf = (bookingId: string) => world.api.deps.db.select().from(postSalePurchases).where(eq(postSalePurchases.bookingId, bookingId));

describe('post-sale follows the booking', () => {
  it('a purchase racing the cancellation: either refused, or its extras released and its money owed back; never extras kept on a closed booking', async () => {
    await setCredit(world.api, AGENCY.accountId, 5000);
    for (let round = 0; round < 3; round += 1) {
      const { ancillaries, bookingId } = await freshOrder();
      const [bought, cancelled] = await Promise.all([
        purchase(world.api, purchaseOf(ancillaries, { seats: [seatChoice(freeSeats(ancillaries)[round]!)], baggages: [bagOf(ancillaries, 0, 1, '0JT')] })),
        world.api.json('/api/bookings/cancel', { orderId: ancillaries.transactionId }),
      ]);
      expect(cancelled.status).toBe(200);
      expect(await extrasHeld(bookingId)).toEqual({ seats: 0, bags: 0 });
      // Whichever came first: bought then released with its money owed back, or refused with nothing taken.
      const refunds = (await refundsOf(bookingId)).map(({ reason, amount }) => ({ reason, amount }));
      const seen = { status: bought.status, transactionStatusCode: bought.answer?.transactionStatusCode ?? null, code: bought.answer ? null : apiErrorSchema.parse(bought.body).code, refunds };
      expect(seen).toEqual(
        bought.answer
          ? { status: 200, transactionStatusCode: 1, code: null, refunds: [{ reason: 'booking-cancelled', amount: bought.answer.amount }] }
          : { status: 409, transactionStatusCode: null, code: 'BOOKING_CLOSED', refunds: [] },
      );
    }
  });

  it('no extras on a cancelled or expired booking: the page data and the purchase are a typed 409 BOOKING_CLOSED, nothing bought', async () => {
    await setCredit(world.api, AGENCY.accountId, 5000);
    const { ancillaries, bookingId } = await freshOrder();
    expect((await world.api.json('/api/bookings/cancel', { orderId: ancillaries.transactionId })).status).toBe(200);
    const page = await world.api.json('/api/ancillaries/orderId', { orderId: ancillaries.transactionId });
    expect(page.status).toBe(409);
    expect(apiErrorSchema.parse(await page.json())).toMatchObject({ status: 409, code: 'BOOKING_CLOSED' });
    const bag = await purchase(world.api, purchaseOf(ancillaries, { baggages: [bagOf(ancillaries, 0, 0, '0JT')] }));
    expect(bag.status).toBe(409);
    expect(apiErrorSchema.parse(bag.body)).toMatchObject({ code: 'BOOKING_CLOSED' });
    expect(await purchasesOf(bookingId)).toEqual([]);
    expect(await extrasHeld(bookingId)).toEqual({ seats: 0, bags: 0 });
    expect(await refundsOf(bookingId)).toEqual([]);
  });

  it('a booking past its deadline sells no extras; when it expires unpaid it frees its seats and bags, owes back the extras paid by card and credit line, and its expiry mail says so', async () => {
    await setCredit(world.api, AGENCY.accountId, 5000);
    const { ancillaries, bookingId } = await freshOrder();
    const [seatA, seatB] = freeSeats(ancillaries);
    const onCredit = await purchase(world.api, purchaseOf(ancillaries, { seats: [seatChoice(seatA!)], baggages: [bagOf(ancillaries, 0, 1, '0JT')] }));
    expect(onCredit.answer).toMatchObject({ transactionStatusCode: 1 });
    const card = await sandboxCard(world.api);
    const byCard = await purchase(world.api, purchaseOf(ancillaries, { seats: [seatChoice(freeSeats(ancillaries, 0, 'PAX2')[1]!)], paymentOption: 'CARD', paymentCard: card }));
    expect(byCard.answer).toMatchObject({ transactionStatusCode: 1 });
    expect(seatB).toBeDefined();
    expect(await extrasHeld(bookingId)).toEqual({ seats: 2, bags: 1 });

    world.api.clock.advanceMinutes(3 * 24 * 60);
    // Past its deadline, before the expiry job ran: closed already.
    expect((await world.api.json('/api/ancillaries/orderId', { orderId: ancillaries.transactionId })).status).toBe(409);
    const late = await purchase(world.api, purchaseOf(ancillaries, { seats: [seatChoice(seatB!)] }));
    expect(late.status).toBe(409);
    expect(await purchasesOf(bookingId)).toHaveLength(2);
    await expireOverduePaymentOrders(world.api.deps);
    // A second run (another worker) changes nothing.
    await expireOverduePaymentOrders(world.api.deps);

    const [booking] = await world.api.deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(booking?.status).toBe(7);
    expect(await extrasHeld(bookingId)).toEqual({ seats: 0, bags: 0 });
    const refunds = await refundsOf(bookingId);
    const byAmount = (a: { amount: number }, b: { amount: number }) => a.amount - b.amount;
    expect(refunds.map(({ reason, amount, currency, paymentOrderNumber }) => ({ reason, amount, currency, paymentOrderNumber })).sort(byAmount)).toEqual(
      [
        { reason: 'booking-expired', amount: onCredit.answer!.amount ?? 0, currency: 'USD', paymentOrderNumber: null },
        { reason: 'booking-expired', amount: byCard.answer!.amount ?? 0, currency: 'USD', paymentOrderNumber: null },
      ].sort(byAmount),
    );
    expect(refunds.map((refund) => refund.provider).sort()).toEqual([`Línea de crédito ${AGENCY.accountId}`, 'Tarjeta visa •••• 1111']);
    expect(await mailsOf(bookingId, 'refund-due')).toHaveLength(2);
    const [expiryMail] = await mailsOf(bookingId, 'payment-status');
    const extrasLine = expiryMail!.language === 'es' ? 'Los extras que pagaste después de reservar' : 'The extras you paid for after booking';
    expect(expiryMail!.text.split(extrasLine)).toHaveLength(3);
  });
});
