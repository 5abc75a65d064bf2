import { describe, expect, it } from 'vitest';
import type { SendMailOptions } from 'nodemailer';
import { useLatamNdcOffer } from '../checkout/support.ts';
import { deliverPendingMails, MAX_ATTEMPTS, retryDelayMs, type MailSender } from '../../../src/server/mail/delivery.ts';
import { enqueueBookingMail } from '../../../src/server/mail/outbox.ts';
import { enqueueInTransaction, madeBooking, mailsOf } from './support.ts';

const world = useLatamNdcOffer();

/** A transport that keeps what it is given; it fails the first `failures` sends. */
function testSender(failures = 0) {
  const delivered: SendMailOptions[] = [];
  let calls = 0;
  const sender: MailSender = {
    sendMail: async (message) => {
      calls += 1;
      if (calls <= failures) throw new Error('421 try again later');
      delivered.push(message);
      return { messageId: `<${calls}@test>` };
    },
  };
  return { sender, delivered, calls: () => calls };
}

describe('booking mail outbox', () => {
  it('enqueues one mail per booking and kind however often it is asked, also concurrently', async () => {
    const booking = await madeBooking(world.api, world.offer, 'en');
    const first = await enqueueInTransaction(world.api, booking.id, 'payment-reminder');
    const again = await Promise.all([1, 2, 3].map(() => enqueueInTransaction(world.api, booking.id, 'payment-reminder')));
    expect(first).toEqual({ id: expect.any(String), created: true });
    expect(again).toEqual([1, 2, 3].map(() => ({ id: first!.id, created: false })));
    const mails = await mailsOf(world.api, booking.id);
    expect(mails.map((mail) => [mail.kind, mail.status, mail.language, mail.recipient]).sort()).toEqual([
      ['booking-confirmed', 'pending', 'en', booking.contactEmail],
      ['payment-reminder', 'pending', 'en', booking.contactEmail],
    ]);
  });

  it('writes nothing when the transaction that enqueued is rolled back', async () => {
    const booking = await madeBooking(world.api, world.offer);
    const rolledBack = world.api.deps.db.transaction(async (tx) => {
      await enqueueBookingMail(tx, world.api.deps, { bookingId: booking.id, kind: 'payment-reminder' });
      throw new Error('the move failed after all');
    });
    await expect(rolledBack).rejects.toThrow('the move failed after all');
    expect((await mailsOf(world.api, booking.id)).map((mail) => mail.kind)).toEqual(['booking-confirmed']);
  });

  it('the job sends a due mail once through the transport and marks it sent', async () => {
    const booking = await madeBooking(world.api, world.offer);
    const { sender, delivered } = testSender();
    await deliverPendingMails(world.api.deps, sender);
    await deliverPendingMails(world.api.deps, sender);
    const ours = delivered.filter((message) => message.to === booking.contactEmail && String(message.subject).includes(booking.pnr!));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.attachments).toEqual([expect.objectContaining({ filename: 'itinerario.ics', contentType: expect.stringContaining('text/calendar') })]);
    const [mail] = await mailsOf(world.api, booking.id);
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, sentAt: world.api.deps.now() });
  });

  it('several delivery runs at once send each mail once', async () => {
    const bookingsMade = await Promise.all([1, 2, 3].map(() => madeBooking(world.api, world.offer)));
    const { sender, delivered } = testSender();
    await Promise.all([1, 2, 3, 4].map(() => deliverPendingMails(world.api.deps, sender)));
    const subjects = delivered.map((message) => String(message.subject));
    expect(bookingsMade.map((booking) => subjects.filter((subject) => subject.includes(booking.pnr!)).length)).toEqual([1, 1, 1]);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it('a failing transport is retried with a growing backoff until the mail goes out', async () => {
    const booking = await madeBooking(world.api, world.offer);
    await deliverPendingMails(world.api.deps, testSender().sender); // the confirmation and earlier tests' mails out of the way
    const { id } = (await enqueueInTransaction(world.api, booking.id, 'payment-reminder'))!;
    const { sender, delivered } = testSender(2);
    const mailRow = async () => (await mailsOf(world.api, booking.id)).find((mail) => mail.id === id)!;

    expect(await deliverPendingMails(world.api.deps, sender)).toEqual({ sent: 0, failed: 1 });
    expect(await mailRow()).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later', nextAttemptAt: new Date(world.api.deps.now().getTime() + retryDelayMs(1)) });
    expect(await deliverPendingMails(world.api.deps, sender)).toEqual({ sent: 0, failed: 0 }); // not due yet

    world.api.clock.advanceMinutes(1);
    expect(await deliverPendingMails(world.api.deps, sender)).toEqual({ sent: 0, failed: 1 });
    expect(await mailRow()).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: new Date(world.api.deps.now().getTime() + retryDelayMs(2)) });

    world.api.clock.advanceMinutes(2);
    expect(await deliverPendingMails(world.api.deps, sender)).toEqual({ sent: 1, failed: 0 });
    expect(await mailRow()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(delivered).toHaveLength(1);
    expect([retryDelayMs(1), retryDelayMs(2), retryDelayMs(MAX_ATTEMPTS + 5)]).toEqual([60_000, 120_000, 3_600_000]);
  });
});
