import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { Temporal } from 'temporal-polyfill';
import { createSandboxSupplier } from '../../src/server/supply/sandbox/index.ts';
import type { Recommendation } from '../../src/contract/search.ts';
import type { FiltersEvent } from '../../machines/filters.machine.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { TEST_NOW } from '../support/test-time.ts';

/**
 * Results-list benchmark (part of `npm run bench`): every filter, sort and "load more" over 5,000
 * real sandbox offers must finish within one 50 ms task in Chromium. The real filters machine is
 * bundled and run in the page; figures go to bench-results/results-list.json.
 */
const TARGET_MS = 50;
const OFFERS = 5_000;
const ROUNDS = 15;

async function collectOffers(): Promise<Recommendation[]> {
  const supplier = createSandboxSupplier();
  const routes = [['LIM', 'NYC'], ['LIM', 'MIA'], ['BOG', 'MAD'], ['LIM', 'BUE'], ['LIM', 'MEX'], ['LIM', 'SCL'], ['LIM', 'CUZ'], ['BOG', 'MIA']];
  const offers: Recommendation[] = [];
  const today = TEST_NOW.slice(0, 10);
  for (let day = 10; offers.length < OFFERS; day++) {
    for (const [origin, destination] of routes) {
      const out = Temporal.PlainDate.from(today).add({ days: day }).toString();
      const back = Temporal.PlainDate.from(out).add({ days: 7 }).toString();
      const result = await supplier.search({
        legs: [{ origin: origin!, destination: destination!, date: out }, { origin: destination!, destination: origin!, date: back }],
        passengers: { adults: 2, children: 1, infants: 0 },
        cabin: 'I',
        airline: null,
        corporateCode: null,
        today,
        now: Date.parse(TEST_NOW),
        agency: false,
        flexible: false,
      });
      offers.push(...result.offers.map((offer) => ({ ...offer, id: `${offer.id}#${offers.length}` })));
    }
  }
  return offers.slice(0, OFFERS);
}

async function bundleEntry(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: fileURLToPath(new URL('./results-list-entry.ts', import.meta.url)), formats: ['iife'], name: 'resultsBench' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = (result as { output: Array<{ type: string; code?: string }> }).output.find((item) => item.type === 'chunk');
  if (!chunk?.code) throw new Error('The bench bundle is empty');
  return chunk.code;
}

const data = await collectOffers();
const airlines = [...new Set(data.map((offer) => offer.pricing.validatingAirline))];
const events: FiltersEvent[] = [
  { type: 'filter.toggle', key: 'airline', value: airlines[0]! },
  { type: 'filter.toggle', key: 'stops', value: 1 },
  { type: 'filter.toggle', key: 'provider', value: 'NDC' },
  { type: 'filter.toggle', key: 'departureBand', value: 1 },
  { type: 'filter.toggle', key: 'maxPrice', value: 900 },
  { type: 'filter.clear' },
  { type: 'filter.apply', criteria: { provider: 'GDS', airline: airlines[1]!, departureBand: 2, arrivalBand: 3, stops: 0 } },
  { type: 'filter.reset' },
  { type: 'sort.select', order: 'cheapest' },
  { type: 'sort.select', order: 'fastest' },
  { type: 'sort.select', order: 'best' },
  { type: 'list.more' },
  { type: 'list.more' },
];

const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  await page.setContent('<!doctype html><title>results bench</title>');
  await page.addScriptTag({ content: await bundleEntry() });
  type Bench = { timeEvents: typeof import('./results-list-entry.ts').timeEvents };
  const { timings } = await page.evaluate(
    ([offers, sent, rounds]) => (globalThis as unknown as { resultsBench: Bench }).resultsBench.timeEvents(offers, sent, rounds),
    [data, events, ROUNDS] as const,
  );
  const rows = Object.entries(timings).map(([event, samples]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (share: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(2));
    return { event, samples: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1), withinTarget: at(1) <= TARGET_MS };
  });
  const report = { generatedAt: new Date().toISOString(), browser: browser.version(), offers: data.length, rounds: ROUNDS, targetMs: TARGET_MS, results: rows };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/results-list.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // oxlint-disable-next-line no-console
  console.table(rows);
  console.info(`Written to bench-results/results-list.json (${data.length} offers, target ${TARGET_MS} ms per event)`);
} finally {
  await browser.close();
}
