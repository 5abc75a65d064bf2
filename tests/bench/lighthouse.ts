import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/browser.ts';
import { startAppProcess } from './app-process.ts';
import { ratioTo, referenceBuild } from './reference-build.ts';

/**
 * Lighthouse itself (issue 38), version 13 through `npm exec`, mobile profile with the browser's own
 * throttling (DevTools: 562.5 ms round trip, 1.47 Mbit/s down, CPU 4× slower), on the home, results and
 * checkout pages of this build and of the reference build (reference-build.ts), each served as `npm start`
 * serves it, in the same run. Three runs a page; the median run by score is kept. Each figure is reported
 * with its ratio to the reference's, which a slow or loaded machine moves much less than the figure.
 *
 * The checkout is reached as a traveller reaches it (results → Buy) in the system Chromium; Lighthouse then
 * loads that address cold in a profile of its own, with the browser's cookies (the session's, issue 38).
 * Figures go to bench-results/lighthouse.json.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGETS = {
  home: { score: 95 },
  results: { tbtMs: 200 },
  checkout: { lcpMs: 2_500, tbtMs: 200, cls: 0.1, score: 90 },
} as const;
type PageName = keyof typeof TARGETS;

const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
const RESULTS_PATH = `/vuelos/LIM/CUZ/${isoDay(36)}/${isoDay(43)}/1/0/0?lang=es`;

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
}

/** The checkout address a traveller reaches from the results, and the cookies the browser holds then. */
async function checkoutOf(baseUrl: string): Promise<{ url: string; cookie: string }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${RESULTS_PATH}`);
    const card = page.getByRole('list', { name: 'Vuelos' }).getByRole('article').first();
    await card.waitFor({ timeout: 60_000 });
    await card.getByRole('button', { name: 'Comprar', exact: true }).first().click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('region', { name: 'Adulto 1' }).waitFor({ timeout: 60_000 });
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    return { url: page.url(), cookie };
  } finally {
    await browser.close();
  }
}

function lighthouse(url: string, cookie: string): Figures {
  const outDir = mkdtempSync(join(tmpdir(), 'vuelos-lighthouse-'));
  try {
    const report = join(outDir, 'report.json');
    execFileSync(
      'npm',
      [
        'exec', '--yes', 'lighthouse@13', '--',
        url,
        '--quiet', '--output=json', `--output-path=${report}`,
        '--only-categories=performance',
        '--form-factor=mobile', '--throttling-method=devtools',
        `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 },
    );
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue?: number; details?: { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } }>;
    };
    const value = (audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;
    return {
      score: Math.round(result.categories.performance.score * 100),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
      lcpElement: result.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 80) ?? '',
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The median run by score (then by LCP): one real run, not a blend of three. */
function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measureBuild(dir: string): Promise<Record<PageName, Figures>> {
  const server = await startAppProcess(dir, { SERVE_WEB: '1' });
  try {
    const checkout = await checkoutOf(server.baseUrl);
    const pages: Record<PageName, { url: string; cookie: string }> = {
      home: { url: `${server.baseUrl}/vuelos/?lang=es`, cookie: '' },
      results: { url: `${server.baseUrl}${RESULTS_PATH}`, cookie: '' },
      checkout,
    };
    const figures = {} as Record<PageName, Figures>;
    for (const [name, page] of Object.entries(pages) as Array<[PageName, { url: string; cookie: string }]>) {
      figures[name] = medianRun(Array.from({ length: RUNS }, () => lighthouse(page.url, page.cookie)));
    }
    return figures;
  } finally {
    await server.stop();
  }
}

execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const reference = referenceBuild({ web: true });
const current = await measureBuild(process.cwd());
const before = await measureBuild(reference.dir);

const rows = (Object.keys(TARGETS) as PageName[]).map((page) => {
  const now = current[page];
  const then = before[page];
  const targets: Record<string, number> = TARGETS[page];
  const met = [
    targets.score === undefined || now.score >= targets.score,
    targets.lcpMs === undefined || now.lcpMs <= targets.lcpMs,
    targets.tbtMs === undefined || now.tbtMs <= targets.tbtMs,
    targets.cls === undefined || now.cls <= targets.cls,
  ].every(Boolean);
  return {
    page,
    ...now,
    reference: then,
    ratios: { lcp: ratioTo(now.lcpMs, then.lcpMs), fcp: ratioTo(now.fcpMs, then.fcpMs), tbt: then.tbtMs > 0 ? ratioTo(now.tbtMs, then.tbtMs) : null },
    targets,
    verdict: met ? 'pass' : 'fail',
  };
});
const report = { generatedAt: new Date().toISOString(), machine: `${process.platform} ${process.arch}, ${execFileSync('nproc').toString().trim()} cores`, lighthouse: 13, throttling: 'devtools, mobile', runs: RUNS, reference: reference.commit, rows };
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);
// The table is the bench's output.
// oxlint-disable-next-line no-console
console.table(rows.map(({ page, score, fcpMs, lcpMs, tbtMs, cls, reference: then, ratios, verdict }) => ({ page, score, fcpMs, lcpMs, tbtMs, cls, [`${reference.commit} score`]: then.score, [`${reference.commit} lcp`]: then.lcpMs, [`${reference.commit} tbt`]: then.tbtMs, lcpRatio: ratios.lcp, tbtRatio: ratios.tbt, verdict })));
console.info('Written to bench-results/lighthouse.json');
