import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import { bookings, paymentOrders, sessions } from '../../../src/server/db/schema/index.ts';
import { type ApiErrorBody, book, bookingFor, sandboxCard, type TestApi, useLatamNdcOffer, withLeadLastName } from './support.ts';
import { rightfulCaller } from '../../support/server.ts';

const world = useLatamNdcOffer();

describe('a repeated submit of the same checkout', () => {
  it(`creates one booking for 10 concurrent identical requests: each answers the booking or 409 in progress with Retry-After, and every retry answers the same PNR (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const request = await bookingFor(world.api, world.offer);
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(world.api, request)));
    const booked = answers.filter((answer) => answer.status === 200);
    const waiting = answers.filter((answer) => answer.status !== 200);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    expect(waiting.map((answer) => [answer.status, (answer.body as ApiErrorBody).code, answer.retryAfter])).toEqual(waiting.map(() => [409, 'BOOKING_IN_PROGRESS', '1']));
    const results = booked.map((answer) => answer.result as BookingSuccess);
    expect(new Set(results.map((result) => result.statusCode))).toEqual(new Set([1]));
    expect(new Set(results.map((result) => result.pnr)).size).toBe(1);
    const rows = await world.api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.bookingId, rows[0]!.id))).toHaveLength(1);
    // Each retry after Retry-After (a reload, the client's resend) answers the same booking.
    const retries = await Promise.all(answers.map(() => book(world.api, request)));
    expect(retries.map((retry) => retry.result)).toEqual(answers.map(() => results[0]));
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

describe('the same key while the first request is still running', () => {
  /** The test API, answered by another API process (`app`) on the same database. */
  const through = (app: ReturnType<typeof createApp>): TestApi => ({
    ...world.api,
    app,
    ...rightfulCaller(app, world.api.deps),
  });

  it('answers 409 BOOKING_IN_PROGRESS with Retry-After at once, without waiting for the first (IETF draft), and the first booking once it has answered', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Enprogreso');
    const sandbox = world.api.deps.supplier;
    let answerFirst = () => {};
    const firstMayAnswer = new Promise<void>((resolve) => (answerFirst = resolve));
    // The first request's process: its supplier answers only when the test says, within a long deadline.
    const first = through(createApp({ ...world.api.deps, supplierDeadlineMs: 60_000, supplier: { ...sandbox, book: (booking, signal) => firstMayAnswer.then(() => sandbox.book(booking, signal)) } }));

    const firstAnswer = book(first, request);
    await vi.waitFor(async () => expect(await world.api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey))).toHaveLength(1));
    // The first is held at the supplier until the test lets it answer: a retry that waited would never come back.
    const retried = await book(world.api, request);
    expect(retried.status).toBe(409);
    expect(retried.retryAfter).toBe('1');
    expect(retried.body).toMatchObject({ status: 409, code: 'BOOKING_IN_PROGRESS' });
    // Another body under the same key is refused even while the first runs.
    expect((await book(world.api, { ...request, bookForm: { ...request.bookForm, payment: 103 } })).status).toBe(422);

    answerFirst();
    const booked = await firstAnswer;
    expect(booked.result.statusCode).toBe(1);
    expect((await book(world.api, request)).result).toEqual(booked.result);
  }, 30_000);
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
