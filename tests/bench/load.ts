import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cacheBudgetBytes } from '../../src/server/services/search.ts';
import { measure, startBenchServer, type Scenario } from './loopback.ts';

/**
 * Load (issue 16, part of `npm run bench`): search and session save at 10 and 50 connections for 20 s
 * each over loopback (error rate and p99), and the server's resident memory before and after 1,000
 * distinct searches: bounded when it stays within idle + the search cache's budget + 100 MB (issue 15).
 * Both are read after a full garbage collection: the target is what the server keeps, and V8 lets garbage
 * grow to a few times the live heap before it collects, so a reading without one moved by ±300 MB between
 * runs with the same code. The readings before the collections are recorded too.
 * Figures go to bench-results/load.json.
 */
const durationSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const DISTINCT_SEARCHES = 1_000;

const search: Scenario = {
  name: 'search LIM-CUZ one way',
  method: 'POST',
  path: '/api/flights/search',
  bodies: [JSON.stringify({ flightType: 'OW', itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-10' }], passengers: { adults: 1, children: 0, infants: 0 } })],
};
const sessionSave: Scenario = { name: 'session save (new session)', method: 'POST', path: '/api/sessions/save', bodies: [JSON.stringify({})] };

const residentMB = (pid: number) => Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024);
const day = (offset: number) => new Date(Date.parse('2026-12-01T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
const routes = ['LIM-CUZ', 'LIM-MIA', 'BOG-MAD', 'LIM-BUE', 'LIM-NYC'];
/** The index-th of many distinct round trips (route, dates and party vary), from `firstDay` days after 1 December. */
function distinctRoundTrip(index: number, firstDay = 0) {
  const [origin, destination] = (routes[index % routes.length] as string).split('-') as [string, string];
  const out = firstDay + (index % 60);
  return JSON.stringify({
    flightType: 'RT',
    itinerary: [{ origin, destination, date: day(out) }, { origin: destination, destination: origin, date: day(out + 3 + (index % 7)) }],
    passengers: { adults: 1 + (index % 3), children: 0, infants: 0 },
  });
}
/** Issue #15: uncached searches at 10 connections against the trivial route at 10 connections, p95 to p95. */
const UNCACHED_TARGET_RATIO = 1.5;
const trivial: Scenario = { name: 'trivial GET /api/health', method: 'GET', path: '/api/health', bodies: [] };
// Dates 60 to 120 days out: none of them was searched before, so each answer is assembled afresh.
const uncached: Scenario = { name: 'search, distinct round trips (uncached)', method: 'POST', path: '/api/flights/search', bodies: Array.from({ length: 3_000 }, (_, index) => distinctRoundTrip(index, 60)) };

const ALLOWANCE_MB = 100;

const server = await startBenchServer();
try {
  // Settled after start-up (seeding), before any request.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleUncollected = residentMB(server.pid);
  await server.collectGarbage();
  const idle = residentMB(server.pid);
  const throughput = [];
  for (const scenario of [search, sessionSave]) {
    for (const connections of [10, 50]) {
      const row = await measure(server.port, scenario, { connections, durationSeconds });
      throughput.push({ ...row, connections, errorRate: Number(((row.errors + row.non2xx) / Math.max(1, row.requests)).toFixed(4)) });
    }
  }

  const before = residentMB(server.pid);
  for (let index = 0; index < DISTINCT_SEARCHES; index++) {
    await fetch(`http://127.0.0.1:${server.port}/api/flights/search`, { method: 'POST', body: distinctRoundTrip(index), headers: { 'content-type': 'application/json' } }).then((answer) => answer.arrayBuffer());
  }
  const afterUncollected = residentMB(server.pid);
  await server.collectGarbage();
  const after = residentMB(server.pid);
  const cacheBudgetMB = cacheBudgetBytes / 1024 / 1024;
  const boundMB = idle + cacheBudgetMB + ALLOWANCE_MB;

  const trivialRow = await measure(server.port, trivial, { connections: 10, durationSeconds });
  const uncachedRow = await measure(server.port, uncached, { connections: 10, durationSeconds });
  const ratio = uncachedRow.p95Ms / trivialRow.p95Ms;
  const uncachedSearch = {
    connections: 10,
    trivialP95Ms: trivialRow.p95Ms,
    uncachedP95Ms: uncachedRow.p95Ms,
    uncachedRequests: uncachedRow.requests,
    ratio: Number(ratio.toFixed(2)),
    targetRatio: UNCACHED_TARGET_RATIO,
    verdict: ratio <= UNCACHED_TARGET_RATIO ? 'pass' : 'fail',
  };

  const report = { generatedAt: new Date().toISOString(), node: process.version, durationSeconds, throughput, uncachedSearch, memory: { distinctSearches: DISTINCT_SEARCHES, afterFullCollection: true, residentMBIdle: idle, residentMBBefore: before, residentMBAfter: after, residentMBIdleUncollected: idleUncollected, residentMBAfterUncollected: afterUncollected, cacheBudgetMB, boundMB, withinBound: after <= boundMB } };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/load.json', `${JSON.stringify(report, null, 2)}\n`);
  // The table is the bench's output.
  // oxlint-disable-next-line no-console
  console.table(throughput);
  // oxlint-disable-next-line no-console
  console.table([uncachedSearch]);
  console.info(
    `RSS after a full collection: ${idle} MB idle, ${after} MB after ${DISTINCT_SEARCHES} distinct searches: ${after <= boundMB ? 'within' : 'OVER'} the bound of ${boundMB} MB (idle + ${cacheBudgetMB} MB cache + ${ALLOWANCE_MB} MB). Before the collections: ${idleUncollected} MB idle, ${before} MB after the load runs, ${afterUncollected} MB after the searches. Written to bench-results/load.json`,
  );
} finally {
  server.stop();
}
