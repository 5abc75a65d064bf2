import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The end of `npm run bench` (issue 15): every target the benchmarks check, in one table with the figure
 * measured, its baseline and a pass/fail word, written to bench-results/summary.md and into the README
 * between its bench markers. A baseline "same run" was measured beside the figure (the same build
 * uncompressed, the same offers unpacked, the trivial route); "at filing" is issue 15's own measurement.
 */
const results = new URL('../../bench-results/', import.meta.url);
const read = <T>(name: string): T | null => (existsSync(new URL(name, results)) ? (JSON.parse(readFileSync(new URL(name, results), 'utf8')) as T) : null);

interface Row {
  target: string;
  figure: string;
  baseline: string;
  verdict: string;
}
const rows: Row[] = [];
const word = (pass: boolean) => (pass ? 'pass' : '**fail**');
const kb = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
const ms = (value: number) => `${value.toLocaleString('en-US')} ms`;
/** A figure's ratio to the reference build's, when the reference has that figure. */
const timesOf = (ratio: number | null | undefined) => (ratio == null ? '' : ` (${ratio}×)`);

const ISSUE_JS_KB: Record<string, number> = { home: 1_092, results: 1_156, checkout: 1_006 };
const weight = read<{ results: Array<{ page: string; jsKB: number; uncompressedJsKB: number; targetJsKB: number; withinTarget: boolean }> }>('page-weight.json');
for (const page of weight?.results ?? []) {
  rows.push({
    target: `${page.page}: first-load JS on the wire ≤ ${page.targetJsKB} KB`,
    figure: kb(page.jsKB),
    baseline: `${kb(page.uncompressedJsKB)} uncompressed (same run); ${kb(ISSUE_JS_KB[page.page] ?? Number.NaN)} at filing`,
    verdict: word(page.withinTarget),
  });
}

const ISSUE_LOADS: Record<string, string> = { home: 'LCP 8.2 s, TBT 640 ms (Lighthouse 44) at filing', results: 'LCP 8.5 s, TBT 1,084 ms (Lighthouse 37) at filing' };
const speed = read<{
  targets: { lcpMs: number; tbtMs: number; cls: number; resultsLongestTaskMs: number };
  reference?: string;
  firstLoad: Array<{ page: string; lcpMs: number; tbtMs: number; cls: number; longestTaskMs: number; ratios?: { lcp: number | null; tbt: number | null } }>;
  resultsTaps: { taps: Array<{ action: string; screen?: string; cpuSlowdown: number; nextPaintMs: number; referenceMs?: number | null; ratio?: number | null; targetMs: number; verdict: string }> };
}>('page-speed.json');
if (speed) {
  for (const load of speed.firstLoad) {
    const { targets } = speed;
    rows.push({
      target: `${load.page}, mobile throttling: LCP ≤ ${ms(targets.lcpMs)}, TBT ≤ ${ms(targets.tbtMs)}, CLS ≤ ${targets.cls}`,
      figure: `LCP ${ms(load.lcpMs)}${timesOf(load.ratios?.lcp)}, TBT ${ms(load.tbtMs)}${timesOf(load.ratios?.tbt)}, CLS ${load.cls}`,
      baseline: `${speed.reference ? `${speed.reference} in the same run; ` : ''}${ISSUE_LOADS[load.page] ?? ''}`,
      verdict: word(load.lcpMs <= targets.lcpMs && load.tbtMs <= targets.tbtMs && load.cls <= targets.cls),
    });
    if (load.page === 'results') {
      rows.push({ target: `results loading at 4× CPU: no long task over ${ms(targets.resultsLongestTaskMs)}`, figure: `longest ${ms(load.longestTaskMs)}`, baseline: 'longest 1,360 ms at filing', verdict: word(load.longestTaskMs <= targets.resultsLongestTaskMs) });
    }
  }
  for (const tap of speed.resultsTaps.taps) {
    rows.push({
      target: `250-offer results${tap.screen ? ` at ${tap.screen}` : ''}, ${tap.action} tap at ${tap.cpuSlowdown}× CPU: next paint ≤ ${ms(tap.targetMs)}`,
      figure: `${ms(tap.nextPaintMs)}${timesOf(tap.ratio)}`,
      baseline: `${tap.referenceMs == null ? '' : `${speed.reference}: ${ms(tap.referenceMs)} (same run); `}${tap.cpuSlowdown === 1 ? '152–288 ms at filing' : '0.8–1.2 s at filing'}`,
      verdict: word(tap.verdict === 'pass'),
    });
  }
}

const search = read<{ answerBytes?: Array<{ scenario: string; jsonKB: number; brotliKB: number; baselineUnpackedKB: number; shareOfBaseline: number; verdict: string }> }>('search.json');
for (const answer of search?.answerBytes ?? []) {
  rows.push({
    target: `search answer ${answer.scenario}: ≤ 1/3 of the unpacked bytes`,
    figure: `${kb(answer.jsonKB)} (${answer.shareOfBaseline}; ${kb(answer.brotliKB)} brotli)`,
    baseline: `${kb(answer.baselineUnpackedKB)} unpacked (same run)`,
    verdict: word(answer.verdict === 'pass'),
  });
}

const calendar = read<{
  uncached: Array<{ scenario: string; p50Ms: number; maxMs: number }>;
  cached: Array<{ scenario: string; p95Ms: number; targetP95Ms: number; verdict: string }>;
  answerBytes: Array<{ scenario: string; jsonKB: number; gzipKB: number }>;
}>('price-calendar.json');
for (const [index, cached] of (calendar?.cached ?? []).entries()) {
  const uncached = calendar?.uncached[index];
  const bytes = calendar?.answerBytes[index];
  rows.push({
    target: `price calendar ${cached.scenario}: p95 ≤ ${ms(cached.targetP95Ms)}`,
    figure: `${ms(cached.p95Ms)}; ${kb(bytes?.jsonKB ?? Number.NaN)} JSON, ${kb(bytes?.gzipKB ?? Number.NaN)} gzip`,
    baseline: `uncached p50 ${ms(uncached?.p50Ms ?? Number.NaN)}, max ${ms(uncached?.maxMs ?? Number.NaN)} (same run)`,
    verdict: word(cached.verdict === 'pass'),
  });
}

const load = read<{
  uncachedSearch?: { trivialP95Ms: number; uncachedP95Ms: number; ratio: number; targetRatio: number; verdict: string };
  memory: { residentMBIdle: number; residentMBAfter: number; residentMBAfterUncollected?: number; boundMB: number; cacheBudgetMB: number; withinBound: boolean; distinctSearches: number };
}>('load.json');
if (load?.uncachedSearch) {
  const uncached = load.uncachedSearch;
  rows.push({
    target: `uncached search p95 ≤ ${uncached.targetRatio}× the trivial route's, 10 connections`,
    figure: `${ms(uncached.uncachedP95Ms)} (${uncached.ratio}×)`,
    baseline: `trivial route ${ms(uncached.trivialP95Ms)} (same run)`,
    verdict: word(uncached.verdict === 'pass'),
  });
}
if (load) {
  const { memory } = load;
  rows.push({
    target: `RSS after ${memory.distinctSearches.toLocaleString('en-US')} distinct searches ≤ idle + ${memory.cacheBudgetMB} MB cache + 100 MB (each after a full GC)`,
    figure: `${memory.residentMBAfter} MB (bound ${memory.boundMB} MB)${memory.residentMBAfterUncollected === undefined ? '' : `; ${memory.residentMBAfterUncollected} MB before the GC`}`,
    baseline: `${memory.residentMBIdle} MB idle (same run); over 1 GB at filing`,
    verdict: word(memory.withinBound),
  });
}

const lighthouse = read<{
  generatedAt: string;
  machine: string;
  reference: string;
  rows: Array<{ page: string; score: number; lcpMs: number; tbtMs: number; cls: number; reference: { score: number; lcpMs: number; tbtMs: number; cls: number }; ratios: { lcp: number; tbt: number | null }; targets: Record<string, number>; verdict: string }>;
}>('lighthouse.json');
for (const row of lighthouse?.rows ?? []) {
  const wanted = [
    row.targets.score === undefined ? '' : `score ≥ ${row.targets.score}`,
    row.targets.lcpMs === undefined ? '' : `LCP ≤ ${ms(row.targets.lcpMs)}`,
    row.targets.tbtMs === undefined ? '' : `TBT ≤ ${ms(row.targets.tbtMs)}`,
    row.targets.cls === undefined ? '' : `CLS ≤ ${row.targets.cls}`,
  ].filter(Boolean);
  rows.push({
    target: `${row.page}, Lighthouse 13 mobile (DevTools throttling), median of 3: ${wanted.join(', ')}`,
    figure: `score ${row.score}, LCP ${ms(row.lcpMs)} (${row.ratios.lcp}×), TBT ${ms(row.tbtMs)}${row.ratios.tbt === null ? '' : ` (${row.ratios.tbt}×)`}, CLS ${row.cls}`,
    baseline: `${lighthouse?.reference}: score ${row.reference.score}, LCP ${ms(row.reference.lcpMs)}, TBT ${ms(row.reference.tbtMs)}, CLS ${row.reference.cls} (same run, ${lighthouse?.generatedAt.slice(0, 10)}, ${lighthouse?.machine})`,
    verdict: word(row.verdict === 'pass'),
  });
}

const throughput = read<{
  generatedAt: string;
  reference: string;
  current: { uncached: { requestsPerSecond: number; p95Ms: number }; cached: { requestsPerSecond: number; p95Ms: number } };
  referenceRows: { uncached: { requestsPerSecond: number; p95Ms: number }; cached: { requestsPerSecond: number; p95Ms: number } };
  uncached: { throughputRatio: number; p95Ratio: number; targetThroughputRatio: number; verdict: string };
  cached: { throughputRatio: number; p95Ratio: number };
}>('search-throughput.json');
if (throughput) {
  const { current, referenceRows, uncached } = throughput;
  rows.push({
    target: `uncached searches at 10 connections: ≥ ${uncached.targetThroughputRatio}× the reference's requests/s, p95 ≤ its p95`,
    figure: `${current.uncached.requestsPerSecond} req/s (${uncached.throughputRatio}×), p95 ${ms(current.uncached.p95Ms)} (${uncached.p95Ratio}×)`,
    baseline: `${throughput.reference}: ${referenceRows.uncached.requestsPerSecond} req/s, p95 ${ms(referenceRows.uncached.p95Ms)} (same run, ${throughput.generatedAt.slice(0, 10)})`,
    verdict: word(uncached.verdict === 'pass'),
  });
  rows.push({
    target: 'cached searches at 10 connections (compressed bytes kept): no slower than the reference',
    figure: `${current.cached.requestsPerSecond} req/s (${throughput.cached.throughputRatio}×), p95 ${ms(current.cached.p95Ms)} (${throughput.cached.p95Ratio}×)`,
    baseline: `${throughput.reference}: ${referenceRows.cached.requestsPerSecond} req/s, p95 ${ms(referenceRows.cached.p95Ms)} (same run)`,
    verdict: word(throughput.cached.throughputRatio >= 1 && throughput.cached.p95Ratio <= 1),
  });
}

const table = ['| target | figure | baseline | verdict |', '|---|---|---|---|', ...rows.map((row) => `| ${row.target} | ${row.figure} | ${row.baseline} | ${row.verdict} |`)].join('\n');
const passed = rows.filter((row) => row.verdict === 'pass').length;
const summary = `${table}\n\n${passed} of ${rows.length} targets met (bench-results/*.json, ${new Date().toISOString().slice(0, 10)}).\n`;
writeFileSync(new URL('summary.md', results), summary);

// The README's table is this file's, between its markers.
const readmeUrl = new URL('../../README.md', import.meta.url);
const readme = readFileSync(readmeUrl, 'utf8');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
if (readme.includes(start) && readme.includes(end)) {
  writeFileSync(readmeUrl, `${readme.slice(0, readme.indexOf(start) + start.length)}\n${summary}${readme.slice(readme.indexOf(end))}`);
}
console.info(`${summary}Written to bench-results/summary.md and the README.`);
