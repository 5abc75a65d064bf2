import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { bookings, mailOutbox } from '../../../src/server/db/schema/index.ts';
import { startTestApi } from '../../support/server.ts';
import type { TestApi } from '../checkout/support.ts';
import { startTestSmtpServer, type SmtpHoldPoint, type TestSmtpServer } from './smtp-server.ts';
import { bookPendingCashOrder, paymentOrderUpdatesOf, recordPaymentOrderUpdates, rowsOf, statusesOf } from './support.ts';

/**
 * Issue 16: the job queue resumes after a crash without running a job twice. Job workers are real
 * processes (worker-process.ts: the API's pg-boss runner) on this file's database; one is killed
 * (SIGKILL) at a point the test holds it at, mid-run, and another takes over. Runs in the PostgreSQL
 * pass only (vitest.config.ts): pg-boss needs a real server.
 */
const workerScript = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
/** Short, so the run the killed worker left active is given up within seconds (the last test keeps the default). */
const CLAIM_SECONDS = '2';

let api: TestApi;
let databaseUrl: string;
let smtp: TestSmtpServer;
const running = new Set<Worker>();

interface Worker {
  output: () => string;
  kill(): Promise<void>;
  /** SIGTERM: the runner finishes its runs in progress, then the process exits. */
  stop(): Promise<void>;
}

/** A worker process running `env.WORKER_JOBS` on this file's database, once it works the queues. */
async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: '', WORKER_CLAIM_SECONDS: CLAIM_SECONDS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const endWith = async (signal: NodeJS.Signals) => {
    running.delete(worker);
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const worker: Worker = { output: () => output, kill: () => endWith('SIGKILL'), stop: () => endWith('SIGTERM') };
  running.add(worker);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`The worker exited early:\n${output}`)));
  });
  return worker;
}

/** The test clock moved by `minutes`, as an ISO instant for WORKER_CLOCK. */
const clockIn = (minutes: number) => new Date(api.deps.now().getTime() + minutes * 60_000).toISOString();

async function bookingRowOf(booked: BookingSuccess) {
  const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, booked.pnr));
  return row!;
}

async function outboxOf(booked: BookingSuccess, kind: 'booking-confirmed' | 'payment-status') {
  const { id } = await bookingRowOf(booked);
  return api.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, id), eq(mailOutbox.kind, kind)));
}

beforeAll(async () => {
  api = await startTestApi();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${api.database.name}`;
  databaseUrl = url.toString();
  smtp = await startTestSmtpServer();
  await recordPaymentOrderUpdates(api.deps);
}, 60_000);

afterAll(async () => {
  await Promise.all([...running].map((worker) => worker.kill()));
  await smtp.close();
  await api.close();
});

// Each test starts two worker processes (tsx compiles the server for each): seconds apiece on a busy machine.
describe('the job queue after a worker is killed mid-run (PostgreSQL, pg-boss)', { timeout: 120_000 }, () => {
  it.each([
    // Before the server has the message: it never went out, the next worker sends it once.
    { point: 'RCPT TO' as SmtpHoldPoint, lastName: 'Caidacorreo', deliveries: 1, told: 'once' },
    // The server has the whole message, its "250" is lost with the process: SMTP is at least once,
    // so the mail goes out again (the same Message-ID); the outbox still marks it sent once.
    { point: 'end of message' as SmtpHoldPoint, lastName: 'Caidatrasdatos', deliveries: 2, told: 'twice' },
  ])('delivers a mail whose sender was killed waiting at $point $told, its outbox row marked sent once', async ({ point, lastName, deliveries }) => {
    const booked = await bookPendingCashOrder(api, lastName);
    const [pending] = await outboxOf(booked, 'booking-confirmed');
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });

    const held = smtp.holdAt(point);
    const killed = await startWorker({ WORKER_JOBS: 'deliver-mail', WORKER_CLOCK: clockIn(0), SMTP_URL: smtp.url });
    await held;
    await killed.kill();
    // Claimed (one attempt, leased for 30 s), never marked sent.
    expect((await outboxOf(booked, 'booking-confirmed'))[0]).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });

    smtp.release();
    // The next worker's clock is past the claim's lease; its queue has the killed worker's run still active.
    const next = await startWorker({ WORKER_JOBS: 'deliver-mail', WORKER_CLOCK: clockIn(6), SMTP_URL: smtp.url });
    await vi.waitFor(async () => expect((await outboxOf(booked, 'booking-confirmed'))[0]?.status).toBe('sent'), { timeout: 20_000, interval: 200 });
    await next.stop();

    const outbox = await outboxOf(booked, 'booking-confirmed');
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ id: pending!.id, status: 'sent', attempts: 2, lastError: null });
    const copies = smtp.messages.filter((message) => message.includes(`Message-ID: <${pending!.id}@`));
    expect(copies).toHaveLength(deliveries);
    expect(next.output()).not.toContain('failed');
  });

  it('expires overdue orders once each when the expiry run was killed between two orders', async () => {
    const first = await bookPendingCashOrder(api, 'Caidaprimera');
    api.clock.advanceMinutes(1);
    const second = await bookPendingCashOrder(api, 'Caidasegunda');
    // The test holds the second booking's session row: the run expires the first order (the longest
    // overdue, expired first), then waits inside the second's transaction, its order already updated.
    const blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM sessions WHERE id = $1 FOR UPDATE', [(await bookingRowOf(second)).sessionId]);
    const lockWaiters = async () =>
      (await rowsOf<{ waiting: number }>(api.deps, sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.waiting;

    const killed = await startWorker({ WORKER_JOBS: 'expire-overdue-payment-orders', WORKER_CLOCK: clockIn(7 * 60) });
    await vi.waitFor(async () => expect(await lockWaiters()).toBe(1), { timeout: 20_000, interval: 100 });
    expect(await statusesOf(api.deps, first)).toEqual({ booking: 7, order: 'EPO' });
    await killed.kill();
    // The dead run's transaction ends with its connection once the lock is free: the second order stays as it was.
    await blocker.query('ROLLBACK');
    await blocker.end();
    await vi.waitFor(async () => expect(await lockWaiters()).toBe(0), { timeout: 10_000, interval: 100 });
    expect(await statusesOf(api.deps, second)).toEqual({ booking: 2, order: 'PP' });

    const next = await startWorker({ WORKER_JOBS: 'expire-overdue-payment-orders', WORKER_CLOCK: clockIn(7 * 60) });
    await vi.waitFor(async () => expect(await statusesOf(api.deps, second)).toEqual({ booking: 7, order: 'EPO' }), { timeout: 20_000, interval: 200 });
    await next.stop();

    for (const order of [first, second]) {
      expect(await paymentOrderUpdatesOf(api.deps, order.paymentDetails.orderNumber)).toEqual([{ old_status: 'PP', new_status: 'EPO' }]);
      expect(await outboxOf(order, 'payment-status')).toHaveLength(1);
    }
    expect(next.output()).not.toContain('failed');
  });

  it('sends a mail whose sender was killed mid-send within a minute, with the default claim (20 s), the dead run given up', async () => {
    const booked = await bookPendingCashOrder(api, 'Caidaunminuto');
    const [pending] = await outboxOf(booked, 'booking-confirmed');
    // The earlier tests' mails are out of the way: the worker killed holds this one.
    await api.deps.db.update(mailOutbox).set({ status: 'sent' }).where(and(eq(mailOutbox.status, 'pending'), ne(mailOutbox.id, pending!.id)));
    // Real time: both workers' clocks run from the test clock as the wall clock does.
    const wallStart = Date.now();
    const clockNow = () => new Date(api.deps.now().getTime() + Date.now() - wallStart).toISOString();
    const defaults = { WORKER_CLAIM_SECONDS: '', WORKER_CLOCK_RUNS: '1', SMTP_URL: smtp.url, WORKER_JOBS: 'deliver-mail' };

    const held = smtp.holdAt('RCPT TO');
    const killed = await startWorker({ ...defaults, WORKER_CLOCK: clockNow() });
    await held;
    await killed.kill();
    const killedAt = Date.now();
    // The queue is stately: the one active run is the one the dead worker held.
    const heldRuns = await rowsOf<{ id: string }>(api.deps, sql`SELECT id FROM pgboss.job WHERE name = 'deliver-mail' AND state = 'active'`);
    expect(heldRuns).toHaveLength(1);
    smtp.release();

    const next = await startWorker({ ...defaults, WORKER_CLOCK: clockNow() });
    await vi.waitFor(async () => expect((await outboxOf(booked, 'booking-confirmed'))[0]?.status).toBe('sent'), { timeout: 75_000, interval: 500 });
    const waitedSeconds = (Date.now() - killedAt) / 1000;
    await next.stop();
    expect(waitedSeconds).toBeLessThan(60);
    expect((await outboxOf(booked, 'booking-confirmed'))[0]).toMatchObject({ id: pending!.id, status: 'sent', attempts: 2 });
    // The run the dead worker held was given up by its claim, so the queue went on: pg-boss failed it by
    // timeout, and either it still waits for its retry (the output says so) or it was retried (the retry
    // overwrites the output, and counts). Other tests' dead runs may be anywhere in that cycle: only this one counts.
    const [heldRun] = await rowsOf<{ retry_count: number; message: string | null }>(
      api.deps,
      sql`SELECT retry_count, output->'value'->>'message' AS message FROM pgboss.job WHERE id = ${heldRuns[0]!.id}
          UNION ALL SELECT retry_count, output->'value'->>'message' FROM pgboss.archive WHERE id = ${heldRuns[0]!.id}`,
    );
    expect(heldRun, 'the held run, given up by its claim').toSatisfy((run: typeof heldRun) => run!.retry_count === 1 || run!.message === 'job failed by timeout in active state');
    expect(next.output()).not.toContain('failed');
  });

  it('never gives up a live worker’s run longer than its claim: it beats, and no other process starts the job meanwhile', async () => {
    await api.deps.db.execute(
      sql`CREATE TABLE IF NOT EXISTS job_runs (id serial PRIMARY KEY, worker text NOT NULL, started_at timestamptz NOT NULL DEFAULT clock_timestamp(), finished_at timestamptz)`,
    );
    await api.deps.db.execute(sql`TRUNCATE job_runs`);
    // Runs of 7 s under a 2 s claim (maintenance every second), in two processes.
    const workers = [];
    for (const name of ['long-one', 'long-two']) workers.push(await startWorker({ WORKER_JOBS: 'overlap-probe', WORKER_NAME: name, WORKER_PROBE_MS: '7000' }));
    const finished = async () => (await rowsOf<{ runs: number }>(api.deps, sql`SELECT count(*)::int AS runs FROM job_runs WHERE finished_at IS NOT NULL`))[0]!.runs;
    await vi.waitFor(async () => expect(await finished()).toBeGreaterThanOrEqual(2), { timeout: 40_000, interval: 500 });
    await Promise.all(workers.map((worker) => worker.stop()));

    const overlapping = await rowsOf(
      api.deps,
      sql`SELECT a.id, b.id FROM job_runs a JOIN job_runs b ON a.id < b.id WHERE a.started_at < b.finished_at AND b.started_at < a.finished_at`,
    );
    expect(overlapping).toEqual([]);
    const givenUp = await rowsOf(
      api.deps,
      sql`SELECT id FROM pgboss.job WHERE name = 'overlap-probe' AND (retry_count > 0 OR state::text IN ('failed', 'retry'))
          UNION ALL SELECT id FROM pgboss.archive WHERE name = 'overlap-probe' AND (retry_count > 0 OR state::text IN ('failed', 'retry'))`,
    );
    expect(givenUp).toEqual([]);
  });

  it('never runs a job in two worker processes at once', async () => {
    await api.deps.db.execute(
      sql`CREATE TABLE IF NOT EXISTS job_runs (id serial PRIMARY KEY, worker text NOT NULL, started_at timestamptz NOT NULL DEFAULT clock_timestamp(), finished_at timestamptz)`,
    );
    await api.deps.db.execute(sql`TRUNCATE job_runs`);
    // Runs of 1.5 s offered every second by each process: without the queue's guard they would overlap.
    const workers = new Map<string, Worker>();
    for (const name of ['one', 'two']) workers.set(name, await startWorker({ WORKER_JOBS: 'overlap-probe', WORKER_NAME: name, WORKER_RUN_TIMEOUT_SECONDS: '30' }));
    const finishedRuns = () => rowsOf<{ worker: string; runs: number }>(api.deps, sql`SELECT worker, count(*)::int AS runs FROM job_runs WHERE finished_at IS NOT NULL GROUP BY worker ORDER BY runs DESC, worker`);
    // Both processes offered the job side by side for several runs.
    await vi.waitFor(async () => expect((await finishedRuns()).reduce((total, run) => total + run.runs, 0)).toBeGreaterThanOrEqual(4), { timeout: 60_000, interval: 500 });
    // Which one wins each run is the queue's choice: the busier stops, so the other surely runs it too.
    const [busier] = await finishedRuns();
    await workers.get(busier!.worker)!.stop();
    await vi.waitFor(
      async () => {
        const runs = await finishedRuns();
        expect(runs.map((run) => run.worker).sort()).toEqual(['one', 'two']);
        expect(runs.reduce((total, run) => total + run.runs, 0)).toBeGreaterThanOrEqual(6);
      },
      { timeout: 60_000, interval: 500 },
    );
    await Promise.all([...workers.values()].map((worker) => worker.stop()));

    const unfinished = await rowsOf(api.deps, sql`SELECT id, worker, started_at::text FROM job_runs WHERE finished_at IS NULL`);
    expect(unfinished).toEqual([]);
    const overlapping = await rowsOf(
      api.deps,
      sql`SELECT a.id, b.id FROM job_runs a JOIN job_runs b ON a.id < b.id WHERE a.started_at < b.finished_at AND b.started_at < a.finished_at`,
    );
    expect(overlapping).toEqual([]);
  });
});
