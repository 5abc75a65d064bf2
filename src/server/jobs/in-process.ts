import type { AppDeps } from '../deps.ts';
import type { JobRunner } from './runner.ts';
import type { PeriodicJob } from './registry.ts';

/**
 * Each job on its own timer in this process, first at start (what fell due while the app was down
 * runs now), then every `everySeconds`. A run still going when the next falls due makes that one
 * skip: one process (PGlite has one), so this alone makes each run happen once.
 */
export function startInProcessRunner(deps: AppDeps, jobs: readonly PeriodicJob[], onError: (jobName: string, error: unknown) => void): JobRunner {
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  const runOnce = (job: PeriodicJob) => {
    if (stopped || inFlight.has(job.name)) return;
    const run = job
      .handler(deps)
      .then(
        () => undefined,
        (error: unknown) => onError(job.name, error),
      )
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, run);
  };
  const timers = jobs.map((job) => {
    runOnce(job);
    // unref: the timers alone never keep a process (a test, a script) alive.
    return setInterval(() => runOnce(job), job.everySeconds * 1000).unref();
  });
  return {
    kind: 'in-process',
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(inFlight.values());
    },
  };
}
