import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  bodies: string[];
}

const scenarios: Scenario[] = [
  { name: 'trivial GET /api/health', method: 'GET', path: '/api/health', bodies: [] },
  { name: 'one way LIM-CUZ', method: 'POST', path: '/api/flights/search', bodies: [searchBody('OW', [leg('LIM', 'CUZ', '2026-12-10')])] },
  { name: 'round trip LIM-NYC (250 offers)', method: 'POST', path: '/api/flights/search', bodies: [searchBody('RT', [leg('LIM', 'NYC', '2026-12-10'), leg('NYC', 'LIM', '2026-12-17')])] },
  { name: 'multi-city 5 legs', method: 'POST', path: '/api/flights/search', bodies: [searchBody('MC', multiCity)] },
  { name: 'round trips, 80 distinct (uncached)', method: 'POST', path: '/api/flights/search', bodies: uncachedRoundTrips },
];

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function startServer(): Promise<{ port: number; stop: () => void }> {
  const entry = fileURLToPath(new URL('./search-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

async function measure(port: number, scenario: Scenario) {
  const requests = scenario.bodies.length > 0 ? scenario.bodies.map((body) => ({ method: scenario.method, path: scenario.path, body })) : [{ method: scenario.method, path: scenario.path }];
  // Warm-up pass: one of each request, so caches and JIT are in their steady state.
  for (const request of requests) {
    await fetch(`http://127.0.0.1:${port}${request.path}`, { method: request.method, body: 'body' in request ? request.body : null, headers: { 'content-type': 'application/json' } });
  }
  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: durationSeconds,
    // Browsers always accept gzip; the server caches the compressed answer.
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    requests,
  });
  instance.on('response', (_client: unknown, statusCode: number, responseBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += responseBytes;
    if (statusCode >= 300) non2xx++;
  });
  await instance;
  latencies.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    requests: latencies.length,
    non2xx,
    p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p95Ms: Number(percentile(latencies, 0.95).toFixed(2)),
    meanKB: Number((bytes / Math.max(1, latencies.length) / 1024).toFixed(1)),
  };
}

const server = await startServer();
try {
  const rows = [];
  for (const scenario of scenarios) rows.push(await measure(server.port, scenario));
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
