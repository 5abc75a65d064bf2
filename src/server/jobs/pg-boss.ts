import PgBoss from 'pg-boss';
import type { AppDeps } from '../deps.ts';
import type { JobRunner } from './runner.ts';
import type { PeriodicJob } from './registry.ts';

/**
 * The periodic jobs as durable pg-boss jobs, safe with any number of API processes on one database.
 * Every process offers each job once per slot of `everySeconds` (a singleton send: pg-boss keeps one
 * job per queue and slot, the other processes' offers are dropped), and every process works the
 * queues, where a job is fetched by one worker only (SKIP LOCKED). The queues are `stately`: at most
 * one run waits and one is active, so a slow run never piles more up. Sub-minute slots are why this
 * is not pg-boss's cron schedule, whose granularity is a minute.
 *
 * A process killed mid-run (kill -9) leaves its job active, and a stately queue starts no other run
 * while one is active. So a run's claim is short and kept alive by its worker (issue 36): the worker
 * beats every `claimSeconds / 3` while its handler runs, each beat moving the job's expiry to
 * `claimSeconds` from now; pg-boss's maintenance (every `claimSeconds / 2`) gives up a run whose worker
 * stopped beating, and retries it at once in a process still running (`retryLimit` 1, `retryDelay` 1 s).
 * With the default 20 s claim, a dead worker's run is retried within 20 + 10 + 1 + 2 (polling) = 33 s.
 * A long run of a live worker is never given up for its length, up to `runTimeoutSeconds` (the longest a
 * run may take: pg-boss fails it then; the job's `expireInSeconds`). Every handler is idempotent, so
 * what the dead run finished is not done again.
 *
 * pg-boss 10 has no heartbeat of its own: the beat moves the job row's `expire_in`, the interval its
 * maintenance compares with `started_on` (plans.js, failJobsByTimeout). Between pg-boss marking a job
 * active and the handler's first beat (the same tick) the claim is `runTimeoutSeconds` long.
 */
export async function startPgBossRunner(
  deps: AppDeps,
  postgresUrl: string,
  jobs: readonly PeriodicJob[],
  onError: (jobName: string, error: unknown) => void,
  runTimeoutSeconds: number,
  claimSeconds: number,
): Promise<JobRunner> {
  // Its own small pool: a job's transactions never wait behind requests for a connection, or the reverse.
  const boss = new PgBoss({
    connectionString: postgresUrl,
    max: 2,
    application_name: 'vuelos-jobs',
    schedule: false,
    // How soon a run whose worker stopped beating is given up (pg-boss 10 expires in its maintenance, not its monitor).
    maintenanceIntervalSeconds: Math.max(1, Math.floor(Math.min(claimSeconds, runTimeoutSeconds) / 2)),
  });
  // Without a listener an 'error' event (a lost connection while polling) would end the process.
  boss.on('error', (error) => onError('pg-boss', error));
  await boss.start();

  const db = boss.getDb();
  /** Keeps a run's claim: its expiry `claimSeconds` from now while it is active, never past `runTimeoutSeconds` from its start. */
  const beat = (job: { id: string; name: string }) =>
    db
      .executeSql(
        `UPDATE pgboss.job SET expire_in = LEAST(make_interval(secs => $4), (now() - started_on) + make_interval(secs => $3)) WHERE name = $1 AND id = $2 AND state = 'active'`,
        [job.name, job.id, claimSeconds, runTimeoutSeconds],
      )
      .catch((error: unknown) => onError(job.name, error));

  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  for (const job of jobs) {
    const slotSeconds = Math.max(1, Math.round(job.everySeconds));
    const queue: PgBoss.Queue = { name: job.name, policy: 'stately', expireInSeconds: runTimeoutSeconds, retryLimit: 1, retryDelay: 1, retryBackoff: false };
    await boss.createQueue(job.name, queue);
    // A queue made by an earlier version keeps its options otherwise.
    await boss.updateQueue(job.name, queue);
    const workerId = await boss.work(job.name, { pollingIntervalSeconds: Math.min(slotSeconds, 2) }, async ([run]) => {
      if (run) await beat(run);
      const beating = run ? setInterval(() => void beat(run), Math.max(1, claimSeconds / 3) * 1000) : undefined;
      try {
        await job.handler(deps);
      } catch (error) {
        onError(job.name, error);
        throw error;
      } finally {
        clearInterval(beating);
      }
    });
    const offer = () =>
      !stopping &&
      boss.send(job.name, {}, { singletonSeconds: slotSeconds }).then(
        // This process's offer won the slot: its worker takes it now rather than at the next poll.
        (id) => id && boss.notifyWorker(workerId),
        (error: unknown) => onError(job.name, error),
      );
    void offer();
    timers.push(setInterval(offer, slotSeconds * 1000).unref());
  }

  return {
    kind: 'pg-boss',
    stop: async () => {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      // Graceful: the runs in progress finish before the pool closes.
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 20_000 });
    },
  };
}
