import { mkdirSync, writeFileSync } from 'node:fs';
import { measure, startBenchServer, type Scenario } from './loopback.ts';

/**
 * Search benchmark (part of `npm run bench`): latency of POST /api/flights/search against GET /api/health on the same server
 * in the same run (the difference is what search costs). Figures go to bench-results/search.json.
 */
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = 1;

const leg = (origin: string, destination: string, date: string) => ({ origin, destination, date });
const searchBody = (flightType: string, itinerary: ReturnType<typeof leg>[]) =>
  JSON.stringify({ flightType, itinerary, passengers: { adults: 2, children: 1, infants: 0 } });

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const multiCity = [leg('LIM', 'BOG', '2026-12-10'), leg('BOG', 'MEX', '2026-12-14'), leg('MEX', 'MAD', '2026-12-18'), leg('MAD', 'BUE', '2026-12-22'), leg('BUE', 'LIM', '2026-12-28')];

/** Distinct round trips (more than the answer cache holds): every request is assembled afresh. */
const uncachedRoundTrips = Array.from({ length: 80 }, (_, index) => {
  const [origin, destination] = (['LIM-NYC', 'LIM-MIA', 'BOG-MAD', 'LIM-BUE'][index % 4] as string).split('-') as [string, string];
  const out = addDays('2026-12-01', Math.floor(index / 4));
  return searchBody('RT', [leg(origin, destination, out), leg(destination, origin, addDays(out, 7))]);
});

const scenarios: Scenario[] = [
  { name: 'trivial GET /api/health', method: 'GET', path: '/api/health', bodies: [] },
  { name: 'one way LIM-CUZ', method: 'POST', path: '/api/flights/search', bodies: [searchBody('OW', [leg('LIM', 'CUZ', '2026-12-10')])] },
  { name: 'round trip LIM-NYC (250 offers)', method: 'POST', path: '/api/flights/search', bodies: [searchBody('RT', [leg('LIM', 'NYC', '2026-12-10'), leg('NYC', 'LIM', '2026-12-17')])] },
  { name: 'multi-city 5 legs', method: 'POST', path: '/api/flights/search', bodies: [searchBody('MC', multiCity)] },
  { name: 'round trips, 80 distinct (uncached)', method: 'POST', path: '/api/flights/search', bodies: uncachedRoundTrips },
];

const server = await startBenchServer();
try {
  const rows = [];
  for (const scenario of scenarios) rows.push(await measure(server.port, scenario, { connections, durationSeconds }));
  const trivial = rows[0] as (typeof rows)[number];
  const results = rows.map((row) => ({ ...row, p95OverTrivialMs: Number((row.p95Ms - trivial.p95Ms).toFixed(2)) }));
  const report = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    connections,
    durationSeconds,
    targetP95OverTrivialMs: 10,
    results,
  };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/search.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // The table is the bench's output, as the brief asks.
  // oxlint-disable-next-line no-console
  console.table(results);
  console.info('Written to bench-results/search.json');
} finally {
  server.stop();
}
