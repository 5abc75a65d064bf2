import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { openDatabase, type OpenedDatabase } from '../../../src/server/db/client.ts';
import type { AppDeps } from '../../../src/server/deps.ts';
import { startJobRunner, type JobRunner } from '../../../src/server/jobs/runner.ts';
import { startTestApi } from '../../support/server.ts';
import type { TestApi } from '../checkout/support.ts';
import { bookPendingCashOrder, paymentOrderUpdatesOf, periodicJobsEvery, recordPaymentOrderUpdates, rowsOf, statusesOf } from './support.ts';

// Runs in the PostgreSQL pass only (vitest.config.ts): pg-boss needs a real server.

let api: TestApi;
let secondPool: OpenedDatabase;
let secondDeps: AppDeps;
const runners: JobRunner[] = [];
const failures: string[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${api.database.name}`;
  // A second API process on the same database: its own pool and app, the same (test) clock.
  secondPool = await openDatabase({ url: url.toString() });
  secondDeps = { ...api.deps, db: secondPool.db };
  createApp(secondDeps);
  await recordPaymentOrderUpdates(api.deps);
  const onError = (job: string, error: unknown) => failures.push(`${job}: ${String(error)}`);
  for (const deps of [api.deps, secondDeps]) runners.push(await startJobRunner(deps, { postgresUrl: url.toString(), jobs: periodicJobsEvery(1), onError }));
}, 60_000);

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await secondPool.close();
  await api.close();
});

describe('periodic jobs on PostgreSQL with two API processes', () => {
  it('expires an overdue order exactly once, with no test calling the expiry', async () => {
    expect(runners.map((runner) => runner.kind)).toEqual(['pg-boss', 'pg-boss']);
    const booked = await bookPendingCashOrder(api, 'Dosprocesos');
    const beforeDeadline = await statusesOf(api.deps, booked);
    expect(beforeDeadline.order).toBe('PP');

    api.clock.advanceMinutes(6 * 60);
    await vi.waitFor(async () => expect(await statusesOf(secondDeps, booked)).toEqual({ booking: 7, order: 'EPO' }), { timeout: 20_000, interval: 200 });
    // A few more slots for both processes to run the job again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    expect(await paymentOrderUpdatesOf(api.deps, booked.paymentDetails.orderNumber)).toEqual([{ old_status: 'PP', new_status: 'EPO' }]);
    // pg-boss ran the job in several slots, one job per slot, none failed.
    const runs = await rowsOf<{ state: string; slot: string }>(
      api.deps,
      sql`SELECT state, singleton_on::text AS slot FROM pgboss.job WHERE name = 'expire-overdue-payment-orders'
          UNION ALL SELECT state, singleton_on::text FROM pgboss.archive WHERE name = 'expire-overdue-payment-orders'`,
    );
    const completed = runs.filter((run) => run.state === 'completed');
    expect(completed.length).toBeGreaterThan(1);
    expect(new Set(runs.map((run) => run.slot)).size).toBe(runs.length);
    expect(runs.filter((run) => run.state === 'failed')).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('expires each order once when both processes run the expiry at the same moment, and neither fails', async () => {
    const booked = [];
    for (const lastName of ['Carreraa', 'Carrerab', 'Carrerac']) booked.push(await bookPendingCashOrder(api, lastName));
    api.clock.advanceMinutes(6 * 60);
    const expiry = periodicJobsEvery(1).find((job) => job.name === 'expire-overdue-payment-orders')!;
    const runs = await Promise.all(Array.from({ length: 8 }, (_, index) => expiry.handler(index % 2 === 0 ? api.deps : secondDeps) as Promise<string[]>));

    const numbers = booked.map((order) => order.paymentDetails.orderNumber);
    const expiredByTheseRuns = runs.flat().filter((number) => numbers.includes(number));
    expect(new Set(expiredByTheseRuns).size).toBe(expiredByTheseRuns.length);
    for (const order of booked) {
      expect(await statusesOf(api.deps, order)).toEqual({ booking: 7, order: 'EPO' });
      expect(await paymentOrderUpdatesOf(api.deps, order.paymentDetails.orderNumber)).toEqual([{ old_status: 'PP', new_status: 'EPO' }]);
    }
    expect(failures).toEqual([]);
  });
});
