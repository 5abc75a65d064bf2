import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { measure, percentile, startBenchServer } from './loopback.ts';

/**
 * Price calendar benchmark (issue 21, part of `npm run bench`): GET /api/flights/calendar for 61 days,
 * answered uncached (each query asked for the first time: the supplier prices every day) and cached (the
 * same query again, within its time to live), with the bytes it sends plain and gzipped. Target: a cached
 * answer in ≤ 300 ms. Figures go to bench-results/price-calendar.json.
 */
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 6);
const TARGET_CACHED_MS = 300;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const calendarPath = (origin: string, destination: string, date: string, back: string | null) =>
  `/api/flights/calendar?origin=${origin}&destination=${destination}&date=${date}${back ? `&return=${back}` : ''}&adults=2&children=1`;

const routes = ['LIM-CUZ', 'LIM-MIA', 'BOG-MAD', 'LIM-BUE', 'LIM-NYC', 'LIM-AQP'].map((route) => route.split('-') as [string, string]);
/** Distinct queries, each asked once: nothing cached yet. */
const uncached = routes.flatMap(([origin, destination], index) => {
  const date = addDays('2026-12-10', index);
  return [{ kind: 'one way', path: calendarPath(origin, destination, date, null) }, { kind: 'round trip', path: calendarPath(origin, destination, date, addDays(date, 7)) }];
});
const oneWay = calendarPath('LIM', 'CUZ', '2026-12-10', null);
const roundTrip = calendarPath('LIM', 'NYC', '2026-12-10', '2026-12-17');

function wireBytes(port: number, path: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ port, host: '127.0.0.1', path, method: 'GET', headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
      response.on('end', () => resolve(bytes));
    });
    request.on('error', reject);
    request.end();
  });
}

const server = await startBenchServer();
try {
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  const uncachedRows = [];
  for (const kind of ['one way', 'round trip']) {
    const times: number[] = [];
    for (const query of uncached.filter((entry) => entry.kind === kind)) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${server.port}${query.path}`, { headers: { 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      if (response.headers.get('x-cache') !== 'miss') throw new Error(`${query.path} was expected uncached`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    uncachedRows.push({ scenario: `${kind}, 61 days, uncached`, requests: times.length, p50Ms: Number(percentile(times, 0.5).toFixed(1)), maxMs: Number((times[times.length - 1] ?? 0).toFixed(1)) });
  }
  const cachedRows = [];
  for (const [kind, path] of [['one way', oneWay], ['round trip', roundTrip]] as const) {
    const row = await measure(server.port, { name: `${kind}, 61 days, cached`, method: 'GET', path, bodies: [] }, { connections: 1, durationSeconds });
    cachedRows.push({ ...row, targetP95Ms: TARGET_CACHED_MS, verdict: row.p95Ms <= TARGET_CACHED_MS && row.non2xx === 0 ? 'pass' : 'fail' });
  }
  const bytes = [];
  for (const [kind, path] of [['one way', oneWay], ['round trip', roundTrip]] as const) {
    bytes.push({ scenario: kind, jsonKB: kb(await wireBytes(server.port, path, 'identity')), gzipKB: kb(await wireBytes(server.port, path, 'gzip')), brotliKB: kb(await wireBytes(server.port, path, 'br')) });
  }
  const report = { generatedAt: new Date().toISOString(), node: process.version, durationSeconds, targetCachedP95Ms: TARGET_CACHED_MS, uncached: uncachedRows, cached: cachedRows, answerBytes: bytes };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/price-calendar.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // The tables are the bench's output.
  // oxlint-disable-next-line no-console
  console.table(uncachedRows);
  // oxlint-disable-next-line no-console
  console.table(cachedRows);
  // oxlint-disable-next-line no-console
  console.table(bytes);
  console.info('Written to bench-results/price-calendar.json');
} finally {
  server.stop();
}
