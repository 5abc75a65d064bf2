import { mkdirSync, writeFileSync } from 'node:fs';
import { ndjsonLines, SEARCH_STREAM_TYPE } from '../../src/contract/search-stream.ts';
import { searchResponseFromWireSchema, type Recommendation } from '../../src/contract/search.ts';
import { DUFFEL_POS } from '../../src/server/supply/duffel/map.ts';
import { createMultiSupplier, searchEach, type SupplierEntry } from '../../src/server/supply/multi.ts';
import type { Supplier, SupplierSearchQuery } from '../../src/server/supply/port.ts';
import { createTestClock, sandboxSupplier, startTestApi } from '../support/server.ts';
import { TEST_NOW } from '../support/test-time.ts';

/**
 * Time to first offer with two suppliers, one of them 3 s late (issue 17; run alone with
 * `npx tsx tests/bench/supplier-first-offer.ts`, not part of `npm run bench`). The sandbox answers at once;
 * a stubbed Duffel answers its own offers after DELAY_MS. Three figures, median of RUNS:
 * - `sandboxAlone`: POST /api/flights/search with the sandbox only (today's default), to its first offer;
 * - `mergedEndpoint`: the same call with both suppliers: today's endpoint answers once, when the merge is
 *   whole, so its first offer waits for the late supplier;
 * - `streamedEndpoint`: the same call asking for the streamed answer (Accept: application/x-ndjson): its first
 *   line with offers (the sandbox's, while the late supplier is still asked), and its last (the whole merge);
 * - `firstBatch`: the per-supplier merge (searchEach's onBatch, what a streaming endpoint would send):
 *   the first merged batch with offers, i.e. what a streamed answer could show first (in process: no HTTP,
 *   no session or serialisation, so it is a floor rather than a streamed page's figure).
 * Figures go to bench-results/supplier-first-offer.json.
 */
const DELAY_MS = 3_000;
const RUNS = 5;
const NOW = createTestClock().now().getTime();

const legFor = (run: number) => ({ origin: 'LIM', destination: 'CUZ', date: `2026-12-${String(10 + run).padStart(2, '0')}` });

function lateDuffel(): Supplier {
  const sandbox = sandboxSupplier();
  return {
    ...sandbox,
    search: async (query) => {
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      const offers = (await sandbox.search(query)).offers.slice(0, 5);
      return { offers: offers.map((offer, index): Recommendation => ({ ...offer, id: `duf.off_BENCH${index}.${Math.round(offer.pricing.total * 100)}`, pos: { ...DUFFEL_POS } })), flexible: null };
    },
  };
}

const entries = (): [SupplierEntry, SupplierEntry] => [
  { code: 'sandbox', idPrefix: 'sbx.', supplier: sandboxSupplier(), searchDeadlineMs: 10_000 },
  { code: 'duffel', idPrefix: 'duf.', supplier: lateDuffel(), searchDeadlineMs: 10_000 },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function endpointFirstOffer(supplier: Supplier, run: number): Promise<number> {
  const api = await startTestApi({ supplier, supplierSearchDeadlineMs: 15_000 });
  try {
    const started = performance.now();
    const response = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, itinerary: [legFor(run)] });
    const answer = searchResponseFromWireSchema.parse(await response.json());
    if (answer.data.length === 0) throw new Error('the search answered no offer');
    return performance.now() - started;
  } finally {
    await api.close();
  }
}

async function streamedFirstOffer(run: number): Promise<{ firstMs: number; wholeMs: number }> {
  const api = await startTestApi({ supplier: createMultiSupplier(entries()), supplierSearchDeadlineMs: 15_000 });
  try {
    const started = performance.now();
    const response = await api.request('/api/flights/search', {
      method: 'POST',
      body: JSON.stringify({ flightType: 'OW', passengers: { adults: 1 }, itinerary: [legFor(run)] }),
      headers: { 'content-type': 'application/json', accept: SEARCH_STREAM_TYPE },
    });
    let firstMs = Number.NaN;
    for await (const line of ndjsonLines(response.body!)) {
      if (Number.isNaN(firstMs) && searchResponseFromWireSchema.parse(JSON.parse(line)).data.length > 0) firstMs = performance.now() - started;
    }
    if (Number.isNaN(firstMs)) throw new Error('the streamed search answered no offer');
    return { firstMs, wholeMs: performance.now() - started };
  } finally {
    await api.close();
  }
}

async function firstBatch(run: number): Promise<{ firstMs: number; wholeMs: number }> {
  const query: SupplierSearchQuery = { legs: [legFor(run)], passengers: { adults: 1, children: 0, infants: 0 }, cabin: 'I', airline: null, corporateCode: null, today: TEST_NOW.slice(0, 10), now: NOW, agency: false, flexible: false };
  const started = performance.now();
  let firstMs = Number.NaN;
  await searchEach(entries(), query, (merged) => {
    if (Number.isNaN(firstMs) && merged.offers.length > 0) firstMs = performance.now() - started;
  });
  return { firstMs, wholeMs: performance.now() - started };
}

const sandboxAlone: number[] = [];
const mergedEndpoint: number[] = [];
const batches: Array<{ firstMs: number; wholeMs: number }> = [];
const streamed: Array<{ firstMs: number; wholeMs: number }> = [];
for (let run = 0; run < RUNS; run++) {
  sandboxAlone.push(await endpointFirstOffer(sandboxSupplier(), run));
  mergedEndpoint.push(await endpointFirstOffer(createMultiSupplier(entries()), run));
  // Its own day: the sandbox's timetable of it is not warm either.
  streamed.push(await streamedFirstOffer(run + 5));
  // A date no search of this run asked yet: the sandbox's timetable of that day is not warm.
  batches.push(await firstBatch(run + 10));
}

const report = {
  date: new Date().toISOString(),
  lateSupplierDelayMs: DELAY_MS,
  runs: RUNS,
  sandboxAloneFirstOfferMs: round(median(sandboxAlone)),
  mergedEndpointFirstOfferMs: round(median(mergedEndpoint)),
  streamedEndpointFirstOfferMs: round(median(streamed.map((answer) => answer.firstMs))),
  streamedEndpointWholeMs: round(median(streamed.map((answer) => answer.wholeMs))),
  perSupplierBatchFirstOfferMs: round(median(batches.map((batch) => batch.firstMs))),
  perSupplierBatchWholeMs: round(median(batches.map((batch) => batch.wholeMs))),
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/supplier-first-offer.json', `${JSON.stringify(report, null, 2)}\n`);
console.info(
  `time to first offer, one supplier ${DELAY_MS} ms late (median of ${RUNS}): sandbox alone ${report.sandboxAloneFirstOfferMs} ms; merged endpoint ${report.mergedEndpointFirstOfferMs} ms; ` +
    `streamed endpoint ${report.streamedEndpointFirstOfferMs} ms (last line ${report.streamedEndpointWholeMs} ms); ` +
    `first per-supplier batch ${report.perSupplierBatchFirstOfferMs} ms (whole merge ${report.perSupplierBatchWholeMs} ms)`,
);
