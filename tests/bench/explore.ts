import { mkdirSync, writeFileSync } from 'node:fs';
import { measure, percentile, startBenchServer } from './loopback.ts';

/**
 * Explora benchmark (issue 36, part of `npm run bench`): GET /api/flights/explore cold (each origin and month
 * asked for the first time: ~100 supplier questions), six different cold ones at once (what once slowed every
 * request 26×) with a cached calendar asked meanwhile, and warm (the same answer again, from the cache).
 * Targets: a cold answer within its 5 s wait, a cached one ≤ 50 ms at p95. Figures go to bench-results/explore.json.
 */
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 6);
const TARGET_COLD_MS = 5_000;
const TARGET_WARM_P95_MS = 50;

const explorePath = (origin: string, month: string) => `/api/flights/explore?origin=${origin}&month=${month}&language=es`;
const get = async (port: number, path: string) => {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, cache: response.headers.get('x-cache') };
};

const server = await startBenchServer();
try {
  const round = (ms: number) => Number(ms.toFixed(1));
  const cold = [];
  for (const [origin, month] of [['LIM', '2026-12'], ['MAD', '2027-04'], ['BOG', '2027-03']] as const) {
    const answer = await get(server.port, explorePath(origin, month));
    cold.push({ scenario: `cold ${origin} ${month}`, status: answer.status, ms: round(answer.ms) });
  }
  // Six different cold answers at once, and a cached calendar asked while they are computed.
  const calendar = '/api/flights/calendar?origin=LIM&destination=CUZ&date=2026-12-10';
  await get(server.port, calendar);
  const burst = ['2027-01', '2027-02', '2027-05', '2027-06', '2027-07', '2027-08'].map((month) => get(server.port, explorePath('LIM', month)));
  const calendarTimes: number[] = [];
  for (let index = 0; index < 10; index++) calendarTimes.push((await get(server.port, calendar)).ms);
  const burstAnswers = await Promise.all(burst);
  calendarTimes.sort((a, b) => a - b);
  const burstRow = {
    scenario: 'six cold at once',
    statuses: burstAnswers.map((answer) => answer.status).join(' '),
    maxMs: round(Math.max(...burstAnswers.map((answer) => answer.ms))),
    cachedCalendarMeanwhileP50Ms: round(percentile(calendarTimes, 0.5)),
    cachedCalendarMeanwhileMaxMs: round(calendarTimes.at(-1) ?? 0),
  };
  // The answers refused with 503 went on into the cache: the client's retry after Retry-After finds them.
  const retried = [];
  for (const month of ['2027-01', '2027-02', '2027-05', '2027-06', '2027-07', '2027-08']) {
    let answer = await get(server.port, explorePath('LIM', month));
    for (let tries = 0; answer.status === 503 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      answer = await get(server.port, explorePath('LIM', month));
    }
    retried.push(answer.status);
  }
  Object.assign(burstRow, { afterRetry: retried.join(' ') });
  const warm = await measure(server.port, { name: 'warm LIM 2026-12', method: 'GET', path: explorePath('LIM', '2026-12'), bodies: [] }, { connections: 1, durationSeconds });
  const coldVerdict = cold.every((row) => row.ms <= TARGET_COLD_MS && row.status === 200) ? 'pass' : 'fail';
  const warmVerdict = warm.p95Ms <= TARGET_WARM_P95_MS && warm.non2xx === 0 ? 'pass' : 'fail';
  const report = { generatedAt: new Date().toISOString(), node: process.version, durationSeconds, targetColdMs: TARGET_COLD_MS, targetWarmP95Ms: TARGET_WARM_P95_MS, cold, coldVerdict, burst: burstRow, warm: { ...warm, verdict: warmVerdict } };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/explore.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // The tables are the bench's output.
  // oxlint-disable-next-line no-console
  console.table(cold);
  // oxlint-disable-next-line no-console
  console.table([burstRow]);
  // oxlint-disable-next-line no-console
  console.table([warm]);
  console.info('Written to bench-results/explore.json');
} finally {
  server.stop();
}
