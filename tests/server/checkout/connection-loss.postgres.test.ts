import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import type { Supplier } from '../../../src/server/supply/port.ts';
import { sandboxSupplier } from '../../support/server.ts';
import { book, bookingFor, useLatamNdcOffer, withLeadLastName } from './support.ts';

// Runs in the PostgreSQL pass only (vitest.config.ts): PGlite has no connections to cut.
/** The sandbox, answering bookings after a pause: connections stay busy long enough to be cut. */
const slowBookingSupplier = (): Supplier => {
  const sandbox = sandboxSupplier();
  return { ...sandbox, book: async (request) => (await new Promise((resolve) => setTimeout(resolve, 400)), sandbox.book(request)) };
};

// A short supplier deadline: a booking whose record step lost its connection leaves a claim that a
// retry takes over once stale (deadline + 5 s).
const world = useLatamNdcOffer({ supplier: slowBookingSupplier(), supplierDeadlineMs: 1_000 });

describe('a database connection lost in the middle of a request (PostgreSQL)', () => {
  it('never takes the process down: each of 20 bookings is made once or answers 503, and a retry with the same key finishes it', async () => {
    const requests = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => withLeadLastName(await bookingFor(world.api, world.offer), `Conexion${'abcdefghijklmnopqrst'[index]}`)),
    );
    const answers = Promise.all(requests.map((request) => book(world.api, request)));
    // While the bookings wait on the supplier (no transaction open then), cut every connection of the
    // pool, busy or idle, as a failover or a restart does.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query<{ cut: boolean }>(
      `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [world.api.database.name],
    );
    await admin.end();
    expect(rows.filter((row) => row.cut).length).toBeGreaterThan(0);

    const settled = await answers;
    expect(settled.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    for (const answer of settled.filter((candidate) => candidate.status === 503)) {
      expect(apiErrorSchema.parse(answer.body)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    }

    // The pool recovers: the same keys now book, and no key ever holds two bookings.
    const retried = await Promise.all(requests.map((request) => book(world.api, request)));
    for (const answer of retried) expect((answer.result as BookingSuccess).statusCode).toBe(1);
    for (const request of requests) {
      expect(await world.api.deps.db.select().from(bookings).where(eq(bookings.idempotencyKey, request.idempotencyKey))).toHaveLength(1);
    }
  });
});
