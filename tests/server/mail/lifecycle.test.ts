import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { paymentOrders } from '../../../src/server/db/schema/index.ts';
import { deliverPendingMails } from '../../../src/server/mail/delivery.ts';
import { enqueuePaymentReminders, reminderTimeOf } from '../../../src/server/mail/reminders.ts';
import { transitionPaymentOrder } from '../../../src/server/services/order-lifecycle.ts';
import { startTestApi } from '../../support/server.ts';
import { useLatamNdcOffer } from '../checkout/support.ts';
import { enqueueInTransaction, madeBooking, mailsOf } from './support.ts';

const world = useLatamNdcOffer();

async function orderOf(bookingPaymentOrderNumber: string) {
  const [order] = await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, bookingPaymentOrderNumber));
  return order!;
}

describe('mails of the payment lifecycle', () => {
  it('a cash order gets one reminder once its reminder time comes, a paid one none but its payment mail', async () => {
    const unpaid = await madeBooking(world.api, world.offer);
    const paid = await madeBooking(world.api, world.offer);
    await transitionPaymentOrder(world.api.deps, paid.paymentOrderNumber!, 'order.pay');
    const order = await orderOf(unpaid.paymentOrderNumber!);
    const remindAt = reminderTimeOf(order);
    expect(remindAt).toEqual(new Date(order.expiresAt.getTime() - 2 * 60 * 60_000));

    expect(await enqueuePaymentReminders(world.api.deps)).not.toContain(order.number);
    world.api.clock.advanceMinutes((remindAt.getTime() - world.api.deps.now().getTime()) / 60_000);
    expect(await enqueuePaymentReminders(world.api.deps)).toContain(order.number);
    expect(await enqueuePaymentReminders(world.api.deps)).not.toContain(order.number);

    expect((await mailsOf(world.api, unpaid.id)).map((mail) => mail.kind).sort()).toEqual(['booking-confirmed', 'payment-reminder']);
    const paidMails = await mailsOf(world.api, paid.id);
    expect(paidMails.map((mail) => [mail.kind, mail.dedupeKey]).sort()).toEqual([
      ['booking-confirmed', `${paid.id}:booking-confirmed`],
      ['payment-status', `${paid.id}:payment-status:CPO`],
    ]);
  });

  it('a short deadline is reminded half-way', () => {
    const createdAt = new Date('2026-11-21T15:00:00Z');
    expect(reminderTimeOf({ createdAt, expiresAt: new Date('2026-11-21T18:00:00Z') })).toEqual(new Date('2026-11-21T16:30:00Z'));
  });

  it('a payment status mail keeps the language the traveller booked in', async () => {
    const booking = await madeBooking(world.api, world.offer, 'en');
    await transitionPaymentOrder(world.api.deps, booking.paymentOrderNumber!, 'order.cancel');
    const mails = await mailsOf(world.api, booking.id);
    const statusMail = mails.find((mail) => mail.kind === 'payment-status')!;
    expect([statusMail.language, statusMail.subject]).toEqual(['en', `Payment update for your booking ${booking.pnr}`]);
    expect(statusMail.text).toContain('The payment order was cancelled');
  });
});

describe('the development mailbox', () => {
  it('lists a delivered mail, newest first, with its HTML view and its .ics', async () => {
    const booking = await madeBooking(world.api, world.offer);
    const { id } = (await enqueueInTransaction(world.api, booking.id))!;
    world.api.clock.advanceMinutes(1);
    await enqueueInTransaction(world.api, booking.id, 'payment-reminder');
    await deliverPendingMails(world.api.deps);
    expect((await mailsOf(world.api, booking.id)).find((mail) => mail.id === id)?.status).toBe('sent');

    const page = await world.api.request('/dev/mailbox');
    const listing = await page.text();
    expect(page.status).toBe(200);
    const newer = listing.indexOf(`Recuerda pagar tu reserva ${booking.pnr}`);
    expect([newer > 0, newer < listing.indexOf(`Tu reserva ${booking.pnr} está confirmada`)]).toEqual([true, true]);
    expect(listing).toContain(`/dev/mailbox/${id}/itinerary.ics`);

    const view = await world.api.request(`/dev/mailbox/${id}`);
    expect(await view.text()).toContain('Gestionar tu reserva');
    const calendar = await world.api.request(`/dev/mailbox/${id}/itinerary.ics`);
    expect([calendar.status, calendar.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
    expect(await calendar.text()).toContain('BEGIN:VEVENT');
    expect((await world.api.request('/dev/mailbox/not-a-mail')).status).toBe(404);
  });

  it('is not mounted when an SMTP server is configured', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://mail.example.com:587');
    const api = await startTestApi();
    try {
      expect((await api.request('/dev/mailbox')).status).toBe(404);
    } finally {
      vi.unstubAllEnvs();
      await api.close();
    }
  });
});
