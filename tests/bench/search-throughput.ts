import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startAppProcess } from './app-process.ts';
import { percentile } from './loopback.ts';
import { ratioTo, referenceBuild } from './reference-build.ts';

/**
 * The search API's throughput (issue 38), this build against the reference build in the same run: each
 * started as `npm start` starts it (rate limits, compression, its own embedded database), loaded with 10
 * connections for BENCH_THROUGHPUT_SECONDS (20) each, twice in turn (this, reference, this, reference) so
 * a drift of the machine's load falls on both; the better of each build's two runs is kept.
 *
 * - uncached: every request a search nobody asked before (route, dates, party and trip kind all vary), each
 *   from a client of its own (X-Forwarded-For behind TRUST_PROXY=1), as many travellers behind a balancer;
 * - cached: one search asked again and again.
 * Requests accept brotli and gzip, as browsers do. Targets: uncached requests per second ≥ 1.2× the
 * reference's, p95 ≤ the reference's p95. Figures go to bench-results/search-throughput.json.
 */
const durationSeconds = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 20);
const CONNECTIONS = 10;
const TARGET_THROUGHPUT_RATIO = 1.2;
const ROUTES = ['LIM-CUZ', 'LIM-MIA', 'BOG-MAD', 'LIM-BUE', 'LIM-NYC', 'LIM-AQP', 'BOG-MIA', 'MEX-CUN', 'UIO-MIA', 'SDQ-MIA'];

const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

/** The index-th search of a sequence in which no two are alike. */
function distinctSearch(index: number): string {
  const route = ROUTES[index % ROUTES.length] as string;
  const [origin, destination] = route.split('-') as [string, string];
  const rest = Math.floor(index / ROUTES.length);
  const out = 20 + (rest % 200);
  const adults = 1 + (Math.floor(rest / 200) % 3);
  const roundTrip = Math.floor(rest / 600) % 2 === 0;
  const itinerary = [{ origin, destination, date: isoDay(out) }, ...(roundTrip ? [{ origin: destination, destination: origin, date: isoDay(out + 4) }] : [])];
  return JSON.stringify({ flightType: roundTrip ? 'RT' : 'OW', itinerary, passengers: { adults, children: 0, infants: 0 } });
}

interface Row {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  non2xx: number;
  errors: number;
}

async function load(baseUrl: string, kind: 'uncached' | 'cached', offset: number): Promise<Row> {
  let next = offset;
  const latencies: number[] = [];
  let non2xx = 0;
  const cachedBody = distinctSearch(7);
  const instance = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationSeconds,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    requests: [
      {
        method: 'POST',
        path: '/api/flights/search',
        setupRequest: (request) => {
          const index = next++;
          return { ...request, body: kind === 'cached' ? cachedBody : distinctSearch(index), headers: { ...request.headers, 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` } };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 300) non2xx++;
  });
  const summary = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Number((latencies.length / durationSeconds).toFixed(1)),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(1)),
    p95Ms: Number(percentile(latencies, 0.95).toFixed(1)),
    non2xx,
    errors: summary.errors + summary.timeouts,
  };
}

/** One build's server: warmed with a few searches of their own, then loaded uncached and cached. */
async function measureBuild(dir: string, round: number) {
  const server = await startAppProcess(dir);
  try {
    for (let index = 0; index < 20; index++) {
      await fetch(`${server.baseUrl}/api/flights/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: distinctSearch(900_000 + index) }).then((answer) => answer.arrayBuffer());
    }
    // Each round's searches are new to both builds' caches (each server starts empty anyway).
    return { uncached: await load(server.baseUrl, 'uncached', round * 100_000), cached: await load(server.baseUrl, 'cached', 0) };
  } finally {
    await server.stop();
  }
}

const reference = referenceBuild({ web: false });
const runs = { current: [] as Array<Awaited<ReturnType<typeof measureBuild>>>, reference: [] as Array<Awaited<ReturnType<typeof measureBuild>>> };
for (const round of [0, 1]) {
  runs.current.push(await measureBuild(process.cwd(), round));
  runs.reference.push(await measureBuild(reference.dir, round));
}
const best = (rows: Row[]) => rows.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
const current = { uncached: best(runs.current.map((run) => run.uncached)), cached: best(runs.current.map((run) => run.cached)) };
const referenceRows = { uncached: best(runs.reference.map((run) => run.uncached)), cached: best(runs.reference.map((run) => run.cached)) };
const throughputRatio = ratioTo(current.uncached.requestsPerSecond, referenceRows.uncached.requestsPerSecond);
const report = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  reference: reference.commit,
  connections: CONNECTIONS,
  durationSeconds,
  current,
  referenceRows,
  runs,
  uncached: {
    throughputRatio,
    p95Ratio: ratioTo(current.uncached.p95Ms, referenceRows.uncached.p95Ms),
    targetThroughputRatio: TARGET_THROUGHPUT_RATIO,
    verdict: throughputRatio >= TARGET_THROUGHPUT_RATIO && current.uncached.p95Ms <= referenceRows.uncached.p95Ms && current.uncached.non2xx === 0 ? 'pass' : 'fail',
  },
  cached: { throughputRatio: ratioTo(current.cached.requestsPerSecond, referenceRows.cached.requestsPerSecond), p95Ratio: ratioTo(current.cached.p95Ms, referenceRows.cached.p95Ms) },
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/search-throughput.json', `${JSON.stringify(report, null, 2)}\n`);
// The table is the bench's output.
// oxlint-disable-next-line no-console
console.table({ [`this build uncached`]: current.uncached, [`${reference.commit} uncached`]: referenceRows.uncached, [`this build cached`]: current.cached, [`${reference.commit} cached`]: referenceRows.cached });
console.info(`uncached at ${CONNECTIONS} connections: ${throughputRatio}× the reference's requests per second (target ≥ ${TARGET_THROUGHPUT_RATIO}×), p95 ${report.uncached.p95Ratio}× its p95: ${report.uncached.verdict}. Written to bench-results/search-throughput.json`);
