import { mkdirSync, writeFileSync } from 'node:fs';
import * as fx from '../../src/contract/fixtures/checkout.ts';
import { searchResponseFromWireSchema, type Recommendation } from '../../src/contract/search.ts';
import type { Supplier } from '../../src/server/supply/port.ts';
import { sandboxSupplier, startTestApi } from '../support/server.ts';

/**
 * Slow-supplier benchmark (issue 19, part of `npm run bench`): the supplier's book call takes 6 s; with
 * ten bookings waiting on it, how long do session saves and reads take? The supplier is called outside
 * any database transaction, so they should not wait at all. PGlite always; PostgreSQL too when
 * TEST_POSTGRES_URL is set. Figures go to bench-results/slow-supplier.json.
 */
const SUPPLIER_DELAY_MS = 6_000;
const BOOKINGS_IN_FLIGHT = 10;
const SESSION_CALLS = 40;
const familySearch = {
  terminalId: '9132868',
  flightType: 'RT',
  itinerary: [
    { origin: 'LIM', destination: 'CUZ', date: '2026-12-18' },
    { origin: 'CUZ', destination: 'LIM', date: '2026-12-26' },
  ],
  passengers: { adults: 2, children: 1, infants: 1 },
};

function slowSupplier(): { supplier: Supplier; calls: () => number } {
  const sandbox = sandboxSupplier();
  let calls = 0;
  const supplier: Supplier = {
    ...sandbox,
    book: async (request, signal) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, SUPPLIER_DELAY_MS));
      return sandbox.book(request, signal);
    },
  };
  return { supplier, calls: () => calls };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function run(database: 'PGlite' | 'PostgreSQL') {
  const slow = slowSupplier();
  const api = await startTestApi({ supplier: slow.supplier, supplierDeadlineMs: SUPPLIER_DELAY_MS * 2 });
  try {
    const search = await api.json('/api/flights/search', familySearch);
    const offer = searchResponseFromWireSchema.parse(await search.json()).data.find((candidate) => candidate.pos.systemProviderCode === 107) as Recommendation;
    const newSession = async () => ((await (await api.json('/api/sessions/save', {})).json()) as { sessionID: string }).sessionID;
    const requests = await Promise.all(
      Array.from({ length: BOOKINGS_IN_FLIGHT }, async (_, index) => {
        const [lead, ...rest] = fx.bookingRequest.bookForm.passengers;
        return {
          ...fx.bookingRequest,
          sessionID: await newSession(),
          idempotencyKey: crypto.randomUUID(),
          flights: offer.itinerary.map((leg) => leg.flights[0]),
          recommendation: offer,
          searchParams: familySearch,
          selectedFare: null,
          selectedExtras: undefined,
          seats: [],
          bookForm: {
            ...fx.bookingRequest.bookForm,
            coupon: undefined,
            insurance: { ...fx.insuranceSelection, productId: 'ASSIST-PLUS' },
            passengers: [{ ...lead, lastName: `Lenta${String.fromCharCode(97 + index)}` }, ...rest],
          },
        };
      }),
    );
    const started = performance.now();
    const bookings = requests.map(async (request) => {
      const answer = await api.json('/api/flights/book', request);
      const body = (await answer.json()) as { data?: { statusCode?: number } };
      return { status: answer.status, statusCode: body.data?.statusCode ?? null, ms: performance.now() - started };
    });
    while (slow.calls() < BOOKINGS_IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 10));

    const saves: number[] = [];
    const reads: number[] = [];
    for (let call = 0; call < SESSION_CALLS; call++) {
      let at = performance.now();
      const saved = await api.json('/api/sessions/save', {});
      saves.push(performance.now() - at);
      const { sessionID } = (await saved.json()) as { sessionID: string };
      at = performance.now();
      await api.request(`/api/sessions?id=${sessionID}`);
      reads.push(performance.now() - at);
    }
    const doneWhileBooking = slow.calls() === BOOKINGS_IN_FLIGHT && performance.now() - started < SUPPLIER_DELAY_MS;
    const answers = await Promise.all(bookings);
    saves.sort((a, b) => a - b);
    reads.sort((a, b) => a - b);
    return {
      database,
      supplierDelayMs: SUPPLIER_DELAY_MS,
      bookingsInFlight: BOOKINGS_IN_FLIGHT,
      sessionCalls: SESSION_CALLS,
      sessionSave: { p50Ms: round(percentile(saves, 0.5)), p95Ms: round(percentile(saves, 0.95)), maxMs: round(saves.at(-1) ?? Number.NaN) },
      sessionRead: { p50Ms: round(percentile(reads, 0.5)), p95Ms: round(percentile(reads, 0.95)), maxMs: round(reads.at(-1) ?? Number.NaN) },
      sessionCallsFinishedBeforeSupplierAnswered: doneWhileBooking,
      bookingStatuses: answers.map((answer) => answer.status),
      bookingStatusCodes: answers.map((answer) => answer.statusCode),
      slowestBookingMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
    };
  } finally {
    await api.close();
  }
}

const results = [await run('PGlite')];
if (process.env.TEST_POSTGRES_URL) {
  process.env.DATABASE_URL = process.env.TEST_POSTGRES_URL;
  results.push(await run('PostgreSQL'));
}
mkdirSync('bench-results', { recursive: true });
const report = { generatedAt: new Date().toISOString(), node: process.version, targetSessionSaveMs: 100, results };
writeFileSync('bench-results/slow-supplier.json', `${JSON.stringify(report, null, 2)}\n`);
for (const result of results) {
  console.info(`slow supplier (${result.database}): session save p95 ${result.sessionSave.p95Ms} ms, max ${result.sessionSave.maxMs} ms; read p95 ${result.sessionRead.p95Ms} ms; ${result.bookingsInFlight} bookings answered ${result.bookingStatusCodes.join(',')} in ${result.slowestBookingMs} ms`);
}
