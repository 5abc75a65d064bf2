import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import type { OrderAncillariesResult } from '../../src/contract/postsale.ts';
import { bookings, postSalePurchases, sandboxCardCharges, sessions, soldBaggages, soldSeats } from '../../src/server/db/schema/index.ts';
import { periodicJobs } from '../../src/server/jobs/registry.ts';
import { sandboxCard, } from './checkout/support.ts';
import { ancillariesOf, freeSeats, madeOrder, purchase, purchaseOf, seatChoice, useAgencyOffer } from './postsale-support.ts';

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
const world = useAgencyOffer();
let names = 0;

async function freshOrder(): Promise<{ ancillaries: OrderAncillariesResult; bookingId: string }> {
  const { booking } = await madeOrder(world.api, world.offer, `Recobro${String.fromCharCode(97 + names++)}`);
  const [row] = await world.api.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.orderId, booking.orderID.id));
  return { ancillaries: await ancillariesOf(world.api, booking.orderID.id), bookingId: row!.id };
}

const db = () => world.api.deps.db;
const purchaseRows = (bookingId: string) => db().select().from(postSalePurchases).where(eq(postSalePurchases.bookingId, bookingId));
const chargesOf = (reference: string) => db().select().from(sandboxCardCharges).where(eq(sandboxCardCharges.reference, reference));
const seatsOf = (bookingId: string) => db().select().from(soldSeats).where(eq(soldSeats.bookingId, bookingId));
const bagsOf = (bookingId: string) => db().select().from(soldBaggages).where(eq(soldBaggages.bookingId, bookingId));
const resumeJob = periodicJobs.find((job) => job.name === 'resume-postsale-purchases')!;

/**
 * Sends a card purchase whose process "dies" right after the card is charged: the transaction that would record
 * the card's answer never runs. Leaves what a crash leaves: the claimed row, its seats and bags taken, no answer.
 * With `charged: false` the charge never reached the gateway either.
 */
async function crashedPurchase(cardNumber: string, options: { charged: boolean }) {
  const { ancillaries, bookingId } = await freshOrder();
  const seat = freeSeats(ancillaries)[2]!;
  const bag = ancillaries.baggages.baggages[0]!.passengers[0]!.baggagesByPassenger[0]!;
  const body = purchaseOf(ancillaries, {
    seats: [seatChoice(seat)],
    baggages: [{ offerItem: bag.offerItem!, flightIndex: 0, passengerIndex: 0, code: bag.code }],
    paymentOption: 'CARD',
    paymentCard: await sandboxCard(world.api, cardNumber),
  });
  const database = db();
  const transaction = database.transaction.bind(database);
  // This order's purchase charged and unanswered: the next transaction (the one recording the answer) never runs.
  const unanswered = () =>
    database
      .select({ reference: sandboxCardCharges.reference })
      .from(sandboxCardCharges)
      .innerJoin(postSalePurchases, eq(sql`${postSalePurchases.id}::text`, sandboxCardCharges.reference))
      .where(and(eq(postSalePurchases.bookingId, bookingId), isNull(postSalePurchases.answer)));
  database.transaction = (async (...args: Parameters<typeof transaction>) => {
    if ((await unanswered()).length > 0) throw new Error('the process died before recording the card’s answer');
    return transaction(...args);
  }) as typeof database.transaction;
  let crashed;
  try {
    crashed = await purchase(world.api, body);
  } finally {
    database.transaction = transaction;
  }
  expect(crashed.status).toBe(500);
  const [row] = await purchaseRows(bookingId);
  expect(row).toMatchObject({ statusCode: null, answer: null, paymentType: 'CARD' });
  expect(row!.pending).not.toBeNull();
  const charges = await chargesOf(row!.id);
  expect(charges).toHaveLength(1);
  if (!options.charged) await db().delete(sandboxCardCharges).where(eq(sandboxCardCharges.reference, row!.id));
  expect(await seatsOf(bookingId)).toHaveLength(1);
  expect(await bagsOf(bookingId)).toHaveLength(1);
  return { body, bookingId, purchaseId: row!.id, firstCharge: options.charged ? charges[0]! : null, amount: seat.price + bag.price };
}

/** The purchase answered once: its row, one outcome session, the booking session's extras, one charge of its reference. */
async function expectAnsweredOnce(crash: Awaited<ReturnType<typeof crashedPurchase>>, statusCode: number) {
  const rows = await purchaseRows(crash.bookingId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: crash.purchaseId, statusCode, pending: null });
  expect(rows[0]!.outcomeSessionId).not.toBeNull();
  const charges = await chargesOf(crash.purchaseId);
  expect(charges).toHaveLength(1);
  // A charge made before the crash is the one kept: the resume charged nothing more.
  expect(charges[0]).toEqual(crash.firstCharge ?? charges[0]);
  const [booking] = await db().select({ sessionId: bookings.sessionId }).from(bookings).where(eq(bookings.id, crash.bookingId));
  const [session] = await db().select({ data: sessions.data }).from(sessions).where(eq(sessions.id, booking!.sessionId));
  return { row: rows[0]!, charge: charges[0]!, extrasAfterBooking: session!.data.extrasAfterBooking ?? [] };
}

describe('post-sale card purchase interrupted mid-charge', () => {
  it('(d) within the grace period the same key still answers 409 PURCHASE_IN_PROGRESS with Retry-After, and the job leaves it alone', async () => {
    const crash = await crashedPurchase('4111 1111 1111 1111', { charged: true });
    world.api.clock.advanceMinutes(1);
    const response = await world.api.json('/api/flights/bookSeats', crash.body);
    expect([response.status, response.headers.get('retry-after'), apiErrorSchema.parse(await response.json()).code]).toEqual([409, '1', 'PURCHASE_IN_PROGRESS']);
    expect(await resumeJob.handler(world.api.deps)).toBe(0);
    expect((await purchaseRows(crash.bookingId))[0]).toMatchObject({ answer: null });
    // Past the grace period the same key resumes it (and nothing is left for the job).
    world.api.clock.advanceMinutes(2);
    expect((await purchase(world.api, crash.body)).answer).toMatchObject({ transactionStatusCode: 1 });
    expect(await resumeJob.handler(world.api.deps)).toBe(0);
  });

  it('(a) the same key after the grace period answers the first charge’s result: one charge, the answer recorded once, seats and bags kept', async () => {
    const crash = await crashedPurchase('4111 1111 1111 1111', { charged: true });
    world.api.clock.advanceMinutes(3);
    const resumed = await purchase(world.api, crash.body);
    expect(resumed.answer).toMatchObject({ transactionStatusCode: 1, amount: crash.amount });
    const { row, charge, extrasAfterBooking } = await expectAnsweredOnce(crash, 1);
    expect(row.authorizationCode).toBe(charge.authorizationCode);
    expect(row.answer).toEqual(resumed.answer);
    expect(extrasAfterBooking).toHaveLength(1);
    expect(await seatsOf(crash.bookingId)).toHaveLength(1);
    expect(await bagsOf(crash.bookingId)).toHaveLength(1);
    // Once recorded, the key replays the same answer and nothing is charged again.
    expect((await purchase(world.api, crash.body)).answer).toEqual(resumed.answer);
    expect(await chargesOf(crash.purchaseId)).toHaveLength(1);
    expect(JSON.stringify(row)).not.toContain((crash.body.paymentCard as { token: string }).token);
  });

  it('(a) the same key resumes a purchase whose charge never reached the gateway: charged once now', async () => {
    const crash = await crashedPurchase('4111 1111 1111 1111', { charged: false });
    expect(await chargesOf(crash.purchaseId)).toHaveLength(0);
    world.api.clock.advanceMinutes(3);
    expect((await purchase(world.api, crash.body)).answer).toMatchObject({ transactionStatusCode: 1, amount: crash.amount });
    const { row, charge } = await expectAnsweredOnce(crash, 1);
    expect(row.authorizationCode).toBe(charge.authorizationCode);
    expect(await seatsOf(crash.bookingId)).toHaveLength(1);
  });

  it('(b) the maintenance job resumes an abandoned purchase once: one charge, the answer recorded, seats and bags kept; the key then replays it', async () => {
    const crash = await crashedPurchase('4111 1111 1111 1111', { charged: true });
    world.api.clock.advanceMinutes(3);
    expect(await Promise.all([resumeJob.handler(world.api.deps), resumeJob.handler(world.api.deps)])).toEqual(expect.arrayContaining([1]));
    expect(await resumeJob.handler(world.api.deps)).toBe(0);
    const { row, charge, extrasAfterBooking } = await expectAnsweredOnce(crash, 1);
    expect(row.authorizationCode).toBe(charge.authorizationCode);
    expect(extrasAfterBooking).toHaveLength(1);
    expect(await seatsOf(crash.bookingId)).toHaveLength(1);
    expect(await bagsOf(crash.bookingId)).toHaveLength(1);
    expect((await purchase(world.api, crash.body)).answer).toEqual(row.answer);
  });

  it('(c) a declined charge, resumed by the job or by the key, releases the seats and bags and records status 4', async () => {
    const byJob = await crashedPurchase('4000 0000 0000 0341', { charged: true });
    const byKey = await crashedPurchase('4000 0000 0000 0341', { charged: false });
    world.api.clock.advanceMinutes(3);
    expect((await purchase(world.api, byKey.body)).answer).toMatchObject({ transactionStatusCode: 4, amount: 0, summary: null, errors: { error: [{ code: 'CARD_DECLINED' }] } });
    expect(await resumeJob.handler(world.api.deps)).toBe(1);
    for (const crash of [byJob, byKey]) {
      const { row, charge, extrasAfterBooking } = await expectAnsweredOnce(crash, 4);
      expect(charge.approved).toBe(false);
      expect(row.errors).toEqual([{ code: 'CARD_DECLINED', value: charge.description }]);
      expect(extrasAfterBooking).toEqual([]);
      expect(await seatsOf(crash.bookingId)).toEqual([]);
      expect(await bagsOf(crash.bookingId)).toEqual([]);
    }
  });
});
