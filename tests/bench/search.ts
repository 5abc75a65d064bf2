import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { searchResponseFromWireSchema } from '../../src/contract/search.ts';
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

/** The answer's bytes as they leave the server for one accept-encoding (no decoding on the way). */
function wireBytes(port: number, body: string, acceptEncoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'accept-encoding': acceptEncoding };
    const request = httpRequest({ port, host: '127.0.0.1', path: '/api/flights/search', method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Issue #15: the search answer lists each distinct flight and leg once. The baseline is the same offers as
 * the answer sent them before, every offer with its flights whole (the unpacked JSON); the target a third.
 * The three answers the issue measured: Lima–Cusco and Lima–New York round trips, a 5-leg multi-city.
 */
async function answerBytes(port: number) {
  const answers = [
    { scenario: 'round trip LIM-CUZ', body: searchBody('RT', [leg('LIM', 'CUZ', '2026-12-10'), leg('CUZ', 'LIM', '2026-12-17')]) },
    { scenario: 'round trip LIM-NYC', body: searchBody('RT', [leg('LIM', 'NYC', '2026-12-10'), leg('NYC', 'LIM', '2026-12-17')]) },
    { scenario: 'multi-city 5 legs', body: searchBody('MC', multiCity) },
  ];
  const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
  const rows = [];
  for (const { scenario, body } of answers) {
    const plain = await wireBytes(port, body, 'identity');
    const gzip = await wireBytes(port, body, 'gzip');
    const brotli = await wireBytes(port, body, 'br');
    if (!brotliDecompressSync(brotli).equals(plain)) throw new Error(`${scenario}: the brotli answer is not the plain one`);
    const unpacked = Buffer.byteLength(JSON.stringify(searchResponseFromWireSchema.parse(JSON.parse(plain.toString('utf8')))));
    const share = plain.byteLength / unpacked;
    rows.push({
      scenario,
      baselineUnpackedKB: kb(unpacked),
      jsonKB: kb(plain.byteLength),
      gzipKB: kb(gzip.byteLength),
      brotliKB: kb(brotli.byteLength),
      shareOfBaseline: Number(share.toFixed(3)),
      targetShare: '≤ 1/3',
      verdict: share <= 1 / 3 ? 'pass' : 'fail',
    });
  }
  return rows;
}

const server = await startBenchServer();
try {
  const bytes = await answerBytes(server.port);
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
    answerBytes: bytes,
  };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/search.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // The table is the bench's output, as the brief asks.
  // oxlint-disable-next-line no-console
  console.table(results);
  // oxlint-disable-next-line no-console
  console.table(bytes);
  console.info('Written to bench-results/search.json');
} finally {
  server.stop();
}
