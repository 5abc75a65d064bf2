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
 * A process killed mid-run leaves its job active, and a stately queue starts no other run while one
 * is active: pg-boss's maintenance (every `runTimeoutSeconds`, at most every minute) fails a run
 * active longer than `runTimeoutSeconds`, and the queue resumes in the processes still running.
 * Every handler is idempotent, so what the dead run finished is not done again.
 */
export async function startPgBossRunner(
  deps: AppDeps,
  postgresUrl: string,
  jobs: readonly PeriodicJob[],
  onError: (jobName: string, error: unknown) => void,
  runTimeoutSeconds: number,
): Promise<JobRunner> {
  // Its own small pool: a job's transactions never wait behind requests for a connection, or the reverse.
  const boss = new PgBoss({
    connectionString: postgresUrl,
    max: 2,
    application_name: 'vuelos-jobs',
    schedule: false,
    maintenanceIntervalSeconds: Math.min(runTimeoutSeconds, 60),
  });
  // Without a listener an 'error' event (a lost connection while polling) would end the process.
  boss.on('error', (error) => onError('pg-boss', error));
  await boss.start();

  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  for (const job of jobs) {
    const slotSeconds = Math.max(1, Math.round(job.everySeconds));
    const queue: PgBoss.Queue = { name: job.name, policy: 'stately', expireInSeconds: runTimeoutSeconds };
    await boss.createQueue(job.name, queue);
    // A queue made by an earlier version keeps its options otherwise.
    await boss.updateQueue(job.name, queue);
    const workerId = await boss.work(job.name, { pollingIntervalSeconds: Math.min(slotSeconds, 2) }, async () => {
      try {
        await job.handler(deps);
      } catch (error) {
        onError(job.name, error);
        throw error;
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
