import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import type { OrderAncillariesResult } from '../../src/contract/postsale.ts';
import { creditLedgerEntries, postSalePurchases, soldSeats } from '../../src/server/db/schema/index.ts';
import { ancillariesOf, creditRow, freeSeats, madeOrder, purchase, purchaseOf, seatChoice, setCredit, AGENCY, useAgencyOffer } from './postsale-support.ts';

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL (real concurrent transactions). */
const world = useAgencyOffer();
const BUYERS = 20;
const orders: OrderAncillariesResult[] = [];

beforeAll(async () => {
  for (let index = 0; index < BUYERS; index++) {
    const { booking } = await madeOrder(world.api, world.offer, `Concurrente${String.fromCharCode(97 + index)}`);
    orders.push(await ancillariesOf(world.api, booking.orderID.id));
  }
}, 120_000);

describe('post-sale under concurrency', () => {
  it('20 concurrent purchases on one credit line never overdraw it: the winners’ debits are exactly its debts, within the limit', async () => {
    // Twenty different seats of one price, one per order, on a line that covers five of them.
    const all = orders[0]!.seats.segments.flatMap((_segment, segmentIndex) => freeSeats(orders[0]!, segmentIndex).map((item) => ({ item, segmentIndex })));
    const byPrice = new Map<number, typeof all>();
    for (const seat of all) byPrice.set(seat.item.price, [...(byPrice.get(seat.item.price) ?? []), seat]);
    const seats = [...byPrice.values()].sort((a, b) => b.length - a.length)[0]!;
    expect(seats.length).toBeGreaterThanOrEqual(BUYERS);
    const price = seats[0]!.item.price;
    expect(price).toBeGreaterThan(0);
    await setCredit(world.api, AGENCY.accountId, Math.round(price * 5.5 * 100) / 100);
    const answers = await Promise.all(orders.map((ancillaries, index) => purchase(world.api, purchaseOf(ancillaries, { seats: [seatChoice(seats[index]!.item, seats[index]!.segmentIndex)] }))));
    const issued = answers.filter((answer) => answer.answer?.transactionStatusCode === 1);
    // The others were refused before (400, the credit check) or at the debit (5): never charged.
    const refusals = answers
      .filter((candidate) => candidate.answer?.transactionStatusCode !== 1)
      .map((answer) => (answer.answer ? `${answer.answer.transactionStatusCode} US$ ${answer.answer.amount}` : `${answer.status} ${apiErrorSchema.parse(answer.body).code}`));
    expect(refusals.filter((refusal) => refusal !== '5 US$ 0' && refusal !== '400 CREDIT_INSUFFICIENT')).toEqual([]);
    expect(issued).toHaveLength(5);
    const account = await creditRow(world.api, AGENCY.accountId);
    expect(account.debts).toBe(Math.round(price * 5 * 100) / 100);
    expect(account.creditLimit - account.debts).toBeGreaterThanOrEqual(0);
    const [ledger] = await world.api.deps.db
      .select({ total: sql<string>`coalesce(sum(${creditLedgerEntries.amount}), 0)`, entries: sql<number>`count(*)::int` })
      .from(creditLedgerEntries)
      .where(eq(creditLedgerEntries.accountId, AGENCY.accountId));
    expect([Number(ledger!.total), ledger!.entries]).toEqual([account.debts, 5]);
    // Only the winners' seats are taken.
    expect(await world.api.deps.db.select().from(soldSeats)).toHaveLength(5);
  });

  it('20 buyers of one seat at once: exactly one owner, the others told the seat is taken and charged nothing', async () => {
    await setCredit(world.api, AGENCY.accountId, 5000);
    // PAX2's: each PAX1 may already hold a seat from the test before (one seat per passenger and segment).
    const seat = freeSeats(orders[0]!, 0, 'PAX2').at(-1)!;
    const answers = await Promise.all(orders.map((ancillaries) => purchase(world.api, purchaseOf(ancillaries, { seats: [seatChoice(seat)] }))));
    const codes = answers.map((answer) => answer.answer?.transactionStatusCode);
    expect(codes.filter((code) => code === 1)).toHaveLength(1);
    expect(codes.filter((code) => code === 3)).toHaveLength(BUYERS - 1);
    const owners = await world.api.deps.db.select().from(soldSeats).where(eq(soldSeats.seat, seat.seat));
    expect(owners.filter((owner) => owner.segmentIndex === 0)).toHaveLength(1);
    expect((await creditRow(world.api, AGENCY.accountId)).debts).toBe(seat.price);
    const recorded = await world.api.deps.db.select({ statusCode: postSalePurchases.statusCode, amount: postSalePurchases.amount }).from(postSalePurchases).where(sql`${postSalePurchases.statusCode} in (1, 3)`);
    expect(recorded.filter((row) => row.statusCode === 3 && row.amount === 0).length).toBeGreaterThanOrEqual(BUYERS - 1);
  });
});
