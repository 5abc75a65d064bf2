/**
 * A job worker process for the crash tests (crash.postgres.test.ts), started with tsx: the API's job
 * runner on pg-boss, as src/server/main.ts starts it, on the database DATABASE_URL.
 *
 * WORKER_JOBS: the jobs it runs, every second (the registry's names, or `overlap-probe`, a test job
 * whose runs last WORKER_PROBE_MS, 1.5 s by default, and are written to the table job_runs with
 * WORKER_NAME); WORKER_CLOCK: the instant its clock stays at (with WORKER_CLOCK_RUNS=1, starts at and
 * runs from); WORKER_RUN_TIMEOUT_SECONDS and WORKER_CLAIM_SECONDS: the runner's run timeout and claim
 * (its defaults when unset). SMTP_URL as in the app. It prints `ready` once its runner works the queues.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../src/server/db/client.ts';
import type { AppDeps } from '../../../src/server/deps.ts';
import { periodicJobs, type PeriodicJob } from '../../../src/server/jobs/registry.ts';
import { startJobRunner } from '../../../src/server/jobs/runner.ts';
import { createSandboxSupplier } from '../../../src/server/supply/sandbox/index.ts';

const { DATABASE_URL, WORKER_JOBS = '', WORKER_CLOCK, WORKER_CLOCK_RUNS, WORKER_RUN_TIMEOUT_SECONDS, WORKER_CLAIM_SECONDS, WORKER_PROBE_MS = '1500', WORKER_NAME = String(process.pid) } = process.env;

const overlapProbe: PeriodicJob = {
  name: 'overlap-probe',
  everySeconds: 1,
  handler: async (deps) => {
    const inserted = await deps.db.execute(sql`INSERT INTO job_runs (worker) VALUES (${WORKER_NAME}) RETURNING id`);
    const [run] = (inserted as unknown as { rows: [{ id: number }] }).rows;
    await delay(Number(WORKER_PROBE_MS));
    await deps.db.execute(sql`UPDATE job_runs SET finished_at = clock_timestamp() WHERE id = ${run.id}`);
  },
};
const jobs = [...periodicJobs, overlapProbe].filter((job) => WORKER_JOBS.split(',').includes(job.name)).map((job) => ({ ...job, everySeconds: 1 }));

const database = await openDatabase({ url: DATABASE_URL });
const at = new Date(WORKER_CLOCK ?? Date.now());
const startedAt = Date.now();
const deps: AppDeps = {
  db: database.db,
  now: () => (WORKER_CLOCK_RUNS === '1' ? new Date(at.getTime() + Date.now() - startedAt) : at),
  supplier: createSandboxSupplier(),
  searchTokenSecret: randomBytes(48).toString('base64url'),
  bookingLinkSecret: randomBytes(48).toString('base64url'),
};
const runner = await startJobRunner(deps, {
  postgresUrl: DATABASE_URL,
  jobs,
  ...(WORKER_RUN_TIMEOUT_SECONDS && { runTimeoutSeconds: Number(WORKER_RUN_TIMEOUT_SECONDS) }),
  ...(WORKER_CLAIM_SECONDS && { claimSeconds: Number(WORKER_CLAIM_SECONDS) }),
});
console.info('ready');

process.on('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
