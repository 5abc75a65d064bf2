import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { cpus } from 'node:os';
import { startAppProcess } from './app-process.ts';
import { firstCard, RESULTS_PATH, startBuiltApp } from './built-app.ts';
import { ratioTo, referenceBuild } from './reference-build.ts';

/**
 * Page-speed benchmark (part of `npm run bench`, issue 15), in the system Chromium against the built app:
 *
 * 1. First load of the home and results pages under Lighthouse's mobile profile with DevTools throttling
 *    (562.5 ms round trip, 1,474.6 kbit/s down, 675 kbit/s up, CPU 4× slower, a 412×823 phone screen):
 *    Lighthouse itself cannot run here (no download of it or its Chrome), so the page's own performance
 *    entries give the metrics Lighthouse weighs: first and largest contentful paint, total blocking time
 *    (long tasks after the first paint, each beyond 50 ms), cumulative layout shift, and the longest task.
 *    Median of three loads each.
 * 2. Taps on the real results page with 250 offers (Lima–New York round trip), on a laptop's screen and a
 *    small phone's: opening and closing the filters sheet, opening the sort and stops selects and picking in
 *    them, and "load more", each from the input to the next paint as the Event Timing API measures it (what
 *    INP reports), at full speed and with the CPU 4× slower. Median of three pages.
 *
 * Both for this build and for the reference build (reference-build.ts: the previous release's commit, served as
 * `npm start` serves it) in the same run, so each timing also has its ratio to the reference's: a loaded machine
 * moves both. Figures go to bench-results/page-speed.json, each beside its target with a pass/fail word.
 */
const TARGETS = { lcpMs: 2_500, tbtMs: 200, cls: 0.1, resultsLongestTaskMs: 200, tapMs: 100, slowTapMs: 200 } as const;
const MOBILE_NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1_474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const SLOW_CPU = 4;
const LOADS = 3;
const MANY_OFFERS_PATH = '/vuelos/LIM/NYC/2026-12-10/2026-12-17/1/0/0?lang=en';

/**
 * Collects the page's paint, layout-shift, long-task and event-timing entries from its first byte on. Plain
 * JavaScript text: a function would be sent through tsx's transform, whose helpers the page lacks.
 */
const OBSERVE_PERFORMANCE = `(() => {
  const vitals = { fcp: 0, lcp: 0, shifts: [], tasks: [], events: [] };
  window.vitals = vitals;
  const observe = (type, take, options = {}) => new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true, ...options });
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { vitals.lcp = entry.startTime; });
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) vitals.shifts.push({ time: entry.startTime, value: entry.value }); });
  observe('longtask', (entry) => vitals.tasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('event', (entry) => { if (entry.interactionId > 0) vitals.events.push({ id: entry.interactionId, duration: entry.duration }); }, { durationThreshold: 16 });
})();`;

type Vitals = { fcp: number; lcp: number; shifts: Array<{ time: number; value: number }>; tasks: Array<{ start: number; duration: number }>; events: Array<{ id: number; duration: number }> };
const vitalsOf = (page: Page): Promise<Vitals> => page.evaluate('window.vitals');

/** Layout shift as Chromium scores it: the worst window of shifts less than 1 s apart, at most 5 s long. */
function cumulativeLayoutShift(shifts: Vitals['shifts']): number {
  let worst = 0;
  let current = 0;
  let windowStart = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (const { time, value } of shifts) {
    if (time - previous > 1_000 || time - windowStart > 5_000) {
      current = 0;
      windowStart = time;
    }
    current += value;
    previous = time;
    worst = Math.max(worst, current);
  }
  return worst;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const verdict = (pass: boolean) => (pass ? 'pass' : 'fail');

async function phonePage(browser: Browser, cpuRate: number, network?: typeof MOBILE_NETWORK, timeoutMs = 120_000): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'es-PE', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  await page.addInitScript(OBSERVE_PERFORMANCE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  return { page, cdp, close: () => context.close() };
}

/**
 * One throttled first load: the metrics once the page has shown its content and been quiet for 5 s. While
 * the page loads, its content is awaited by a CSS selector checked every 250 ms: Playwright's role queries
 * compute every element's role on each DOM change, work a user's browser never does, and at 4× CPU they
 * made tens of ms of the page's long tasks. The role check (`ready`) runs once the metrics are read.
 */
async function throttledLoad(browser: Browser, url: string, shown: string, ready: (page: Page) => Promise<unknown>, timeoutMs?: number) {
  const { page, close } = await phonePage(browser, SLOW_CPU, MOBILE_NETWORK, timeoutMs);
  try {
    await page.goto(url);
    await page.waitForFunction((selector) => document.querySelector(selector) !== null, shown, { polling: 250 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(5_000);
    const vitals = await vitalsOf(page);
    await ready(page);
    if (!(vitals.fcp > 0 && vitals.lcp > 0)) throw new Error(`${url}: no paint entries were recorded`);
    const blocking = vitals.tasks.filter((task) => task.start >= vitals.fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { fcpMs: vitals.fcp, lcpMs: vitals.lcp, tbtMs: blocking, cls: cumulativeLayoutShift(vitals.shifts), longestTaskMs: Math.max(0, ...vitals.tasks.map((task) => task.duration)) };
  } finally {
    await close();
  }
}

const nextFrames = (page: Page) => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

/**
 * The slowest event of the interaction a tap on `target` starts, to the next paint. The target is scrolled into
 * view first, as a user sees what they tap: scrolled by the tap itself, the page's scroll would land in the
 * interaction (and closes an open select, as a native one's).
 */
async function tap(page: Page, target: Locator): Promise<number> {
  await target.scrollIntoViewIfNeeded();
  await nextFrames(page);
  const before = new Set((await vitalsOf(page)).events.map((event) => event.id));
  await target.click();
  // Event Timing reports an interaction once its next frame is painted.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))))');
  const events = (await vitalsOf(page)).events.filter((event) => !before.has(event.id));
  // Under 16 ms an interaction is not reported at all (durationThreshold): it counts as 16.
  return Math.max(16, ...events.map((event) => event.duration));
}

/** The two screens the taps are measured on: a laptop's, filters in a column, and a small phone's, filters in a sheet. */
const TAP_SCREENS = { wide: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } } as const;
type TapScreen = keyof typeof TAP_SCREENS;

/**
 * Every tap on the 250-offer results page, at one CPU speed and screen: opening and closing the filters sheet (a
 * phone), opening each select and picking in it (which closes it), and "load more". Each tap must have done its
 * work (checked after the timing), or its figure would mean nothing. Figures go into `figures` as they are
 * taken: on the reference build a control this build added or renamed ends its taps, with the ones before kept.
 */
async function resultsTaps(browser: Browser, baseUrl: string, cpuRate: number, screen: TapScreen, figures: Record<string, number>, timeoutMs?: number) {
  const { page, close } = await phonePage(browser, 1, undefined, timeoutMs);
  try {
    await page.setViewportSize(TAP_SCREENS[screen]);
    await page.goto(`${baseUrl}${MANY_OFFERS_PATH}`);
    await page.getByRole('list', { name: 'Flights' }).getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    if (screen === 'phone') {
      figures['open filters sheet'] = await tap(page, page.getByRole('button', { name: 'Filters', exact: true }));
      await sheet.waitFor();
    }
    const filters = (screen === 'phone' ? sheet : page).getByRole('region', { name: 'Filters' });
    const choose = async (select: RegExp, option: string, action: string) => {
      figures[`open ${action} select`] = await tap(page, filters.getByRole('button', { name: select }));
      await page.getByRole('listbox').waitFor();
      figures[`pick ${action} (closes the select)`] = await tap(page, page.getByRole('option', { name: option }));
      await filters.getByRole('button', { name: new RegExp(`^${option}`) }).waitFor({ timeout: 10_000 });
    };
    await choose(/Sort by$/, 'Fastest', 'sort');
    await choose(/Stops$/, '1 stop', 'stops filter');
    if (screen === 'phone') {
      figures['close filters sheet'] = await tap(page, sheet.getByRole('button', { name: 'Show flights' }));
      await sheet.waitFor({ state: 'detached' });
    }
    const shown = await page.getByRole('list', { name: 'Flights' }).getByRole('article').count();
    figures['load more'] = await tap(page, page.getByRole('button', { name: 'Load more flights' }));
    await page.waitForFunction(([selector, count]) => document.querySelectorAll(selector as string).length > (count as number), ['[aria-label="Flights"] article', shown] as const, { timeout: 10_000 });
  } finally {
    await close();
  }
}

const PAGES = [
  { name: 'home', path: '/vuelos/?lang=es', shown: 'h1', ready: (page: Page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'results', path: RESULTS_PATH, shown: '[aria-label="Vuelos"] article', ready: (page: Page) => firstCard(page).waitFor() },
];
type LoadFigures = Awaited<ReturnType<typeof throttledLoad>>;

/**
 * One build's figures: each page's first load, and each tap's next paint per CPU speed and screen (median of
 * LOADS pages each). `reference`: the reference build, whose missing controls end its taps early (a figure missing
 * there has no ratio) and may not stall the run.
 */
async function measureBuild(browser: Browser, baseUrl: string, { reference }: { reference: boolean }) {
  const loads: Record<string, LoadFigures> = {};
  // PAGE_SPEED_TAPS_ONLY=1 measures the taps alone, when working on them.
  for (const { name, path, shown, ready } of process.env.PAGE_SPEED_TAPS_ONLY ? [] : PAGES) {
    const runs: LoadFigures[] = [];
    try {
      for (let run = 0; run < LOADS; run++) runs.push(await throttledLoad(browser, `${baseUrl}${path}`, shown, ready, reference ? 60_000 : undefined));
    } catch (error) {
      if (!reference) throw error;
      continue;
    }
    const metric = (key: keyof LoadFigures) => median(runs.map((entry) => entry[key]));
    loads[name] = { fcpMs: round(metric('fcpMs')), lcpMs: round(metric('lcpMs')), tbtMs: round(metric('tbtMs')), cls: round(metric('cls'), 3), longestTaskMs: round(metric('longestTaskMs')) };
  }
  const taps: Record<string, number> = {};
  // PAGE_SPEED_LOADS_ONLY=1 measures the first loads alone, when working on them.
  for (const cpuRate of process.env.PAGE_SPEED_LOADS_ONLY ? [] : [1, SLOW_CPU]) {
    for (const screen of Object.keys(TAP_SCREENS) as TapScreen[]) {
      // One tap varies by ±50 % from run to run: the median of three pages, each tapped once per action.
      const runs: Array<Record<string, number>> = [];
      for (let run = 0; run < LOADS; run++) {
        const figures: Record<string, number> = {};
        runs.push(figures);
        try {
          await resultsTaps(browser, baseUrl, cpuRate, screen, figures, reference ? 20_000 : undefined);
        } catch (error) {
          if (!reference) throw error;
        }
      }
      for (const action of Object.keys(runs[0]!)) taps[tapKey(action, screen, cpuRate)] = median(runs.map((run) => run[action]!).filter((ms) => ms !== undefined));
    }
  }
  return { loads, taps };
}

const tapKey = (action: string, screen: TapScreen, cpuRate: number) => `${action}|${screen}|${cpuRate}`;

const { baseUrl, browser, stop } = await startBuiltApp();
try {
  const current = await measureBuild(browser, baseUrl, { reference: false });
  // The previous release's build, served as `npm start` serves it, in the same run: a loaded machine moves both.
  const reference = referenceBuild({ web: true });
  const referenceServer = await startAppProcess(reference.dir, { SERVE_WEB: '1' });
  let before: Awaited<ReturnType<typeof measureBuild>>;
  try {
    before = await measureBuild(browser, referenceServer.baseUrl, { reference: true });
  } finally {
    await referenceServer.stop();
  }
  const ratioOf = (figure: number, then: number | undefined) => (then ? ratioTo(figure, then) : null);
  const loads = Object.entries(current.loads).map(([name, row]) => {
    const then = before.loads[name];
    const passes = row.lcpMs <= TARGETS.lcpMs && row.tbtMs <= TARGETS.tbtMs && row.cls <= TARGETS.cls && (name !== 'results' || row.longestTaskMs <= TARGETS.resultsLongestTaskMs);
    return { page: name, ...row, reference: then ?? null, ratios: { lcp: ratioOf(row.lcpMs, then?.lcpMs), tbt: ratioOf(row.tbtMs, then?.tbtMs) }, verdict: verdict(passes) };
  });
  const taps = Object.entries(current.taps).map(([key, ms]) => {
    const [action, screen, cpu] = key.split('|') as [string, TapScreen, string];
    const cpuSlowdown = Number(cpu);
    const target = cpuSlowdown === 1 ? TARGETS.tapMs : TARGETS.slowTapMs;
    const then = before.taps[key];
    return { action, screen: `${TAP_SCREENS[screen].width}×${TAP_SCREENS[screen].height}`, cpuSlowdown, nextPaintMs: round(ms), referenceMs: then === undefined ? null : round(then), ratio: ratioOf(ms, then), targetMs: target, verdict: verdict(ms <= target) };
  });
  const report = {
    generatedAt: new Date().toISOString(),
    browser: browser.version(),
    machine: `${process.platform} ${process.arch}, ${cpus().length} cores`,
    reference: reference.commit,
    throttling: { ...MOBILE_NETWORK, cpuSlowdown: SLOW_CPU, viewport: '412×823', loads: LOADS },
    targets: TARGETS,
    firstLoad: loads,
    resultsTaps: { path: MANY_OFFERS_PATH, runs: LOADS, taps },
  };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/page-speed.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // oxlint-disable-next-line no-console
  console.table(loads.map((row) => ({ page: row.page, lcpMs: row.lcpMs, lcpRatio: row.ratios.lcp, tbtMs: row.tbtMs, tbtRatio: row.ratios.tbt, cls: row.cls, verdict: row.verdict })));
  // oxlint-disable-next-line no-console
  console.table(taps);
  console.info('Written to bench-results/page-speed.json');
} finally {
  await stop();
}
