/**
 * The entry's modules run in import order, and without a pause all of them run in one task: on a slow
 * phone some 300 ms in which the server's first paint answers no tap (issue 15, total blocking time).
 * main.tsx imports the entry in stages, each followed by one of the modules beside this one, whose
 * top-level await gives the browser a turn before the next stage runs: tasks of some 50 ms instead.
 */
export function yieldToBrowser(): Promise<void> {
  // scheduler.yield (Chrome 129+) resumes ahead of other queued work; a timer turn elsewhere.
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
