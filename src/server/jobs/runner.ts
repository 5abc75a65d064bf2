/**
 * Runs the periodic jobs (registry.ts) while the API runs: durable jobs in pg-boss on PostgreSQL,
 * the same handlers on an in-process timer on PGlite (pg-boss needs a real server: PGlite has one
 * connection and no LISTEN/SKIP LOCKED across processes).
 */
import type { AppDeps } from '../deps.ts';
import { startInProcessRunner } from './in-process.ts';
import { startPgBossRunner } from './pg-boss.ts';
import { periodicJobs, type PeriodicJob } from './registry.ts';

export interface JobRunner {
  kind: 'pg-boss' | 'in-process';
  /** Stops scheduling and waits for the runs in progress to finish. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** postgres://… of the app's database: the jobs run in pg-boss there. Unset: in-process (PGlite). */
  postgresUrl?: string | undefined;
  /** The jobs to run; the registry's by default (tests run them more often). */
  jobs?: readonly PeriodicJob[];
  /** Told about every failed run; by default the job's name and the error's message are logged. */
  onError?: (jobName: string, error: unknown) => void;
  /**
   * On PostgreSQL, the longest a run may take: pg-boss fails it then, and the job runs again at its next
   * slot. Default: 5 minutes.
   */
  runTimeoutSeconds?: number;
  /**
   * On PostgreSQL, how long a run's claim lasts after its worker's last beat (pg-boss.ts): a run whose
   * process died (kill -9) is retried elsewhere within about 1.5 × this + 3 s. Default: 20 s.
   */
  claimSeconds?: number;
}

const DEFAULT_RUN_TIMEOUT_SECONDS = 5 * 60;
export const DEFAULT_CLAIM_SECONDS = 20;

export const logJobError = (jobName: string, error: unknown) =>
  console.error(`Job ${jobName} failed: ${error instanceof Error ? error.message : String(error)}`);

export function startJobRunner(deps: AppDeps, options: JobRunnerOptions = {}): Promise<JobRunner> {
  const jobs = options.jobs ?? periodicJobs;
  const onError = options.onError ?? logJobError;
  return options.postgresUrl
    ? startPgBossRunner(deps, options.postgresUrl, jobs, onError, options.runTimeoutSeconds ?? DEFAULT_RUN_TIMEOUT_SECONDS, options.claimSeconds ?? DEFAULT_CLAIM_SECONDS)
    : Promise.resolve(startInProcessRunner(deps, jobs, onError));
}
