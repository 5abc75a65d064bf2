import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import { bookings, paymentOrders, sessions } from '../../../src/server/db/schema/index.ts';
import { type ApiErrorBody, book, bookingFor, sandboxCard, useLatamNdcOffer, withLeadLastName } from './support.ts';

const world = useLatamNdcOffer();

describe('a repeated submit of the same checkout', () => {
  it(`creates one booking for 10 concurrent identical requests, and every answer carries its PNR (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const request = await bookingFor(world.api, world.offer);
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(world.api, request)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const results = answers.map((answer) => answer.result as BookingSuccess);
    expect(new Set(results.map((result) => result.statusCode))).toEqual(new Set([1]));
    expect(new Set(results.map((result) => result.pnr)).size).toBe(1);
    expect(new Set(results.map((result) => result.paymentDetails.orderNumber)).size).toBe(1);
    const rows = await world.api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.bookingId, rows[0]!.id))).toHaveLength(1);
    // A later retry (reload, network retry) answers the same booking.
    const later = await book(world.api, request);
    expect(later.result).toEqual(results[0]);
  });

  it('books once when identical checkouts arrive with different keys (two tabs): the second is a duplicate (1000)', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Gutierrez');
    const answers = await Promise.all([book(world.api, request), book(world.api, { ...request, idempotencyKey: crypto.randomUUID() })]);
    expect(answers.map((answer) => answer.result.statusCode).sort()).toEqual([1, 1000]);
  });

  it('refuses the same key with another request (422) and leaves the first booking as it was', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Vargas');
    const first = await book(world.api, request);
    expect(first.result.statusCode).toBe(1);
    const other = await book(world.api, { ...request, bookForm: { ...request.bookForm, payment: 103 } });
    expect(other.status).toBe(422);
    expect((other.body as ApiErrorBody).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [row] = await world.api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey));
    expect(row?.paymentProviderCode).toBe(102);
  });
});

describe('card data', () => {
  it('is never stored: only the gateway token, brand and last four digits', async () => {
    const base = withLeadLastName(await bookingFor(world.api, world.offer), 'Rojas');
    const card = await sandboxCard(world.api, fx.cardPaymentForm.cardNumber);
    // Fields a careless client might send along are dropped by the contract, never kept.
    const request = {
      ...base,
      bookForm: { ...base.bookForm, payment: 120, paymentCreditCard: card, cardNumber: fx.cardPaymentForm.cardNumber, securityCode: '987' },
    };
    const { result } = await book(world.api, request);
    expect(result.statusCode).toBe(1);
    const [row] = await world.api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey));
    expect(row?.storedCard).toEqual(card);
    const dump = JSON.stringify([
      await world.api.deps.db.select().from(bookings),
      await world.api.deps.db.select().from(paymentOrders),
      await world.api.deps.db.select().from(sessions),
      await world.api.deps.db.execute(sql`select * from booking_attempts`),
    ]);
    expect(dump).not.toContain(fx.cardPaymentForm.cardNumber);
    expect(dump).not.toContain('securityCode');
    expect(dump).toContain(card.token);
  });

  it('refuses a stored card that carries the number or the security code', async () => {
    const base = withLeadLastName(await bookingFor(world.api, world.offer), 'Salas');
    const response = await book(world.api, { ...base, bookForm: { ...base.bookForm, payment: 120, paymentCreditCard: { ...fx.storedCard, cardNumber: fx.cardPaymentForm.cardNumber } } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toContain(fx.cardPaymentForm.cardNumber);
  });
});
