/**
 * Search across suppliers (issue 17): the merge is a pure fold of per-supplier batches (what a streaming
 * endpoint would send batch by batch), identical itineraries are sold once at the cheaper price with the
 * other source remembered, and a failing or slow supplier (a stubbed Duffel beside the sandbox) degrades
 * the answer to fewer offers, named in `unavailableSuppliers`, never to an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSearchResponse, searchResponseFromWireSchema, unpackSearchResponse, type Recommendation, type SearchResponse } from '../../src/contract/search.ts';
import { configuredSupplier } from '../../src/server/supply/configured.ts';
import { DUFFEL_POS } from '../../src/server/supply/duffel/map.ts';
import { emptyMerge, itineraryKey, mergeBatch, mergeSupplierResults, type SupplierBatch } from '../../src/server/supply/merge.ts';
import { createMultiSupplier, searchEach, type SupplierEntry } from '../../src/server/supply/multi.ts';
import { SupplierTimeout, type Supplier, type SupplierSearchQuery } from '../../src/server/supply/port.ts';
import { createTestClock, sandboxSupplier, startTestApi } from '../support/server.ts';
import { duffelConfig } from './duffel-support.ts';

const NOW = createTestClock().now().getTime();
const LEG = { origin: 'LIM', destination: 'CUZ', date: '2026-12-10' };
const query: SupplierSearchQuery = { legs: [LEG], passengers: { adults: 1, children: 0, infants: 0 }, cabin: 'I', airline: null, corporateCode: null, today: '2026-11-21', now: NOW, agency: false, flexible: false };

let sandboxOffers: Recommendation[];
/** The sandbox's offers of the same flights as `offer` (it sells each through several providers). */
const twinsOf = (offer: Recommendation) => sandboxOffers.filter((candidate) => itineraryKey(candidate) === itineraryKey(offer));
beforeAll(async () => {
  sandboxOffers = (await sandboxSupplier().search(query)).offers;
});

/** A sandbox offer as Duffel would sell the same flights: its own id and badge, another total. */
const asDuffel = (offer: Recommendation, total: number, suffix: string): Recommendation => ({
  ...offer,
  id: `duf.off_${suffix}.${Math.round(total * 100)}`,
  pos: { ...DUFFEL_POS },
  pricing: { ...offer.pricing, total, source: 'NDC' },
});
/** A Duffel-only itinerary: the sandbox offer's flights a day later in the ids, so nothing of the sandbox's matches. */
const duffelOnly = (offer: Recommendation, total: number): Recommendation => ({
  ...asDuffel(offer, total, 'ONLY'),
  itinerary: offer.itinerary.map((leg) => ({ ...leg, flights: leg.flights.map((flight) => ({ ...flight, segments: flight.segments.map((segment) => ({ ...segment, flightNumber: '9999' })) })) })),
});

const stubDuffel = (search: Supplier['search']): Supplier => ({ ...sandboxSupplier(), search, airlines: () => [], servesAirport: () => false });
const entries = (duffel: Supplier, duffelDeadlineMs = 1_000): [SupplierEntry, SupplierEntry] => [
  { code: 'sandbox', idPrefix: 'sbx.', supplier: sandboxSupplier(), searchDeadlineMs: 5_000 },
  { code: 'duffel', idPrefix: 'duf.', supplier: duffel, searchDeadlineMs: duffelDeadlineMs },
];

describe('merging suppliers’ answers (pure)', () => {
  it('keeps the cheaper of two suppliers’ identical itineraries and remembers the other source, either way round; one supplier’s own twins all stay', () => {
    const [first] = sandboxOffers as [Recommendation];
    const firstTwins = twinsOf(first);
    const second = sandboxOffers.find((offer) => itineraryKey(offer) !== itineraryKey(first)) as Recommendation;
    const secondTwins = twinsOf(second);
    expect(firstTwins.length).toBeGreaterThan(1);
    const cheapestOf = (offers: Recommendation[]) => Math.min(...offers.map((offer) => offer.pricing.total));
    const cheaper = asDuffel(first, cheapestOf(firstTwins) - 10, 'CHEAP');
    const dearer = asDuffel(second, cheapestOf(secondTwins) + 10, 'DEAR');
    const merged = mergeSupplierResults([
      { supplier: 'sandbox', result: { offers: sandboxOffers, flexible: null } },
      { supplier: 'duffel', result: { offers: [cheaper, dearer], flexible: null } },
    ]);
    expect(merged.offers).toHaveLength(sandboxOffers.length - firstTwins.length + 1);
    const ids = merged.offers.map((offer) => offer.id);
    expect(ids).toContain(cheaper.id);
    expect(ids.filter((id) => firstTwins.some((twin) => twin.id === id))).toEqual([]);
    expect(secondTwins.every((twin) => ids.includes(twin.id))).toBe(true);
    expect(ids).not.toContain(dearer.id);
    expect(merged.alsoSoldBy.get(cheaper.id)).toEqual(firstTwins.map((twin) => ({ supplier: 'sandbox', offerId: twin.id, total: twin.pricing.total })));
    const secondCheapest = secondTwins.find((twin) => twin.pricing.total === cheapestOf(secondTwins)) as Recommendation;
    expect(merged.alsoSoldBy.get(secondCheapest.id)).toEqual([{ supplier: 'duffel', offerId: dearer.id, total: dearer.pricing.total }]);
    expect(merged.supplierOf.get(cheaper.id)).toBe('duffel');
    expect(merged.supplierOf.get(second.id)).toBe('sandbox');
    // Each kept offer keeps its own seller's badge.
    expect(merged.offers.find((offer) => offer.id === cheaper.id)?.pos).toEqual({ systemProviderCode: 120, providerName: 'Duffel', group: 'NDC' });
    expect(merged.offers.find((offer) => offer.id === second.id)?.pos).toEqual(second.pos);
    expect(merged.offers.map((offer) => offer.pricing.total)).toEqual([...merged.offers.map((offer) => offer.pricing.total)].sort((a, b) => a - b));
  });

  it('an itinerary is its flights’ segments: other flight numbers are another itinerary', () => {
    const [first] = sandboxOffers as [Recommendation];
    expect(itineraryKey(asDuffel(first, 1, 'X'))).toBe(itineraryKey(first));
    expect(itineraryKey(duffelOnly(first, 1))).not.toBe(itineraryKey(first));
  });

  it('folds batch by batch (a streaming endpoint’s per-supplier batches): each step is a whole answer, the last one the same as merging all at once', () => {
    const [first] = sandboxOffers as [Recommendation];
    const batches: SupplierBatch[] = [
      { supplier: 'duffel', result: { offers: [duffelOnly(first, 12.5)], flexible: null } },
      { supplier: 'other', failure: 'timeout' },
      { supplier: 'sandbox', result: { offers: sandboxOffers, flexible: null } },
    ];
    const steps = batches.reduce<ReturnType<typeof emptyMerge>[]>((all, batch) => [...all, mergeBatch(all.at(-1) ?? emptyMerge(), batch)], []);
    expect(steps.map((step) => step.offers.length)).toEqual([1, 1, sandboxOffers.length + 1]);
    expect(steps[1]?.unavailableSuppliers).toEqual([{ supplier: 'other', reason: 'timeout' }]);
    const all = mergeSupplierResults(batches);
    expect(steps.at(-1)?.offers.map((offer) => offer.id)).toEqual(all.offers.map((offer) => offer.id));
    expect(all.offers[0]?.id).toBe('duf.off_ONLY.1250');
    // Batches are not changed by merging (pure).
    expect(batches[2]).toEqual({ supplier: 'sandbox', result: { offers: sandboxOffers, flexible: null } });
  });

  it('searchEach reports each supplier’s batch as it comes: the sandbox’s first while Duffel still thinks', async () => {
    const [first] = sandboxOffers as [Recommendation];
    const seen: string[] = [];
    const slow = stubDuffel(() => new Promise((resolve) => setTimeout(() => resolve({ offers: [duffelOnly(first, 1)], flexible: null }), 100)));
    const { merged } = await searchEach(entries(slow), query, (_, batch) => seen.push(batch.supplier));
    expect(seen).toEqual(['sandbox', 'duffel']);
    expect(merged.offers).toHaveLength(sandboxOffers.length + 1);
  });
});

describe('the search API with the sandbox and a stubbed Duffel', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let duffelSearch: Supplier['search'];
  beforeAll(async () => {
    api = await startTestApi({ supplier: createMultiSupplier(entries(stubDuffel((searched) => duffelSearch(searched)), 300)), supplierSearchDeadlineMs: 5_000 });
  });
  afterAll(() => api.close());

  const search = async (body: Record<string, unknown> = {}) => {
    const response = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, itinerary: [LEG], ...body });
    expect(response.headers.get('content-type')).toContain('json');
    return { status: response.status, body: searchResponseFromWireSchema.parse(await response.json()) };
  };

  it('merges both: Duffel’s own itinerary among the sandbox’s, the shared one at Duffel’s lower price, each offer with its seller’s badge', async () => {
    const [first] = sandboxOffers as [Recommendation];
    const twins = twinsOf(first);
    const lowest = Math.min(...twins.map((twin) => twin.pricing.total));
    duffelSearch = async () => ({ offers: [duffelOnly(first, first.pricing.total + 1), asDuffel(first, lowest - 5, 'SAME')], flexible: null });
    const { status, body } = await search({ passengers: { adults: 1, children: 0, infants: 0 } });
    expect(status).toBe(200);
    expect(body.unavailableSuppliers).toBeUndefined();
    expect(body.data).toHaveLength(sandboxOffers.length - twins.length + 2);
    const ids = body.data.map((offer) => offer.id);
    expect(ids).toContain(`duf.off_SAME.${Math.round((lowest - 5) * 100)}`);
    expect(ids).toContain(`duf.off_ONLY.${Math.round((first.pricing.total + 1) * 100)}`);
    expect(ids.filter((id) => twins.some((twin) => twin.id === id))).toEqual([]);
    for (const offer of body.data) {
      const source = sandboxOffers.find((candidate) => candidate.id === offer.id);
      expect(offer.pos).toEqual(source ? source.pos : DUFFEL_POS);
    }
  });

  it('a failing Duffel: the sandbox’s offers, 200, and the answer says Duffel failed; the next search asks it again (a degraded answer is not cached)', async () => {
    duffelSearch = async () => {
      throw new Error('Duffel: offer request answered 500');
    };
    const failed = await search({ passengers: { adults: 1, children: 1 } });
    expect(failed.status).toBe(200);
    expect(failed.body.unavailableSuppliers).toEqual([{ supplier: 'duffel', reason: 'error' }]);
    const sandboxAlone = (await sandboxSupplier().search({ ...query, passengers: { adults: 1, children: 1, infants: 0 } })).offers;
    expect(failed.body.data.map((offer) => offer.id).sort()).toEqual(sandboxAlone.map((offer) => offer.id).sort());

    const [first] = sandboxOffers as [Recommendation];
    duffelSearch = async () => ({ offers: [duffelOnly(first, 3)], flexible: null });
    const recovered = await search({ passengers: { adults: 1, children: 1 } });
    expect(recovered.body.unavailableSuppliers).toBeUndefined();
    expect(recovered.body.data[0]?.id).toBe('duf.off_ONLY.300');
  });

  it('a slow Duffel is left out at its own deadline: the sandbox’s offers come at once, named as a timeout', async () => {
    duffelSearch = () => new Promise(() => {});
    const started = Date.now();
    const slow = await search({ passengers: { adults: 2 } });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(slow.status).toBe(200);
    expect(slow.body.unavailableSuppliers).toEqual([{ supplier: 'duffel', reason: 'timeout' }]);
    expect(slow.body.data.length).toBeGreaterThan(0);
    expect(slow.body.data.every((offer) => offer.id.startsWith('sbx.'))).toBe(true);
  });

  it('no supplier answering is still the search’s 504', async () => {
    duffelSearch = () => new Promise(() => {});
    const response = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, corporateCode: 'SBXTIMEOUT', itinerary: [LEG] });
    expect(response.status).toBe(504);
  });

  it('an offer is priced by the supplier its id names', async () => {
    const [first] = sandboxOffers as [Recommendation];
    const supplier = createMultiSupplier(entries(stubDuffel(async () => ({ offers: [], flexible: null }))));
    const selection = { offerId: first.id, today: '2026-11-21', now: NOW, agency: false };
    expect((await supplier.price(selection)).offer.pos).toEqual(first.pos);
    await expect(supplier.price({ ...selection, offerId: 'xyz.1' })).rejects.toThrow('not one of the enabled suppliers');
  });
});

describe('wire format and configuration', () => {
  it('the packed answer carries unavailableSuppliers when there are some, and nothing new when there are none', () => {
    const degraded: SearchResponse = { status: 200, data: sandboxOffers.slice(0, 3), flexible: null, unavailableSuppliers: [{ supplier: 'duffel', reason: 'timeout' }] };
    expect(unpackSearchResponse(packSearchResponse(degraded))).toEqual(degraded);
    expect(searchResponseFromWireSchema.parse(JSON.parse(JSON.stringify(packSearchResponse(degraded)))).unavailableSuppliers).toEqual([{ supplier: 'duffel', reason: 'timeout' }]);
    const whole: SearchResponse = { status: 200, data: sandboxOffers.slice(0, 3), flexible: null };
    expect(Object.keys(packSearchResponse(whole))).toEqual(['status', 'legs', 'flights', 'data', 'flexible']);
    expect(unpackSearchResponse(packSearchResponse(whole))).toEqual(whole);
  });

  it('nothing configured is the sandbox alone; DUFFEL_ACCESS_TOKEN adds Duffel beside it', () => {
    const sandbox = sandboxSupplier();
    expect(configuredSupplier({}, { searchDeadlineMs: 20_000, sandbox })).toBe(sandbox);
    const both = configuredSupplier({}, { searchDeadlineMs: 20_000, sandbox, duffel: duffelConfig() }) as ReturnType<typeof createMultiSupplier>;
    expect(both.entries.map((entry) => [entry.code, entry.idPrefix, entry.searchDeadlineMs])).toEqual([
      ['sandbox', 'sbx.', 19_750],
      ['duffel', 'duf.', 2_000],
    ]);
    expect(configuredSupplier({ DUFFEL_ACCESS_TOKEN: 'duffel_test_abc' }, { searchDeadlineMs: 20_000, sandbox })).not.toBe(sandbox);
    expect(() => configuredSupplier({ DUFFEL_ACCESS_TOKEN: 'sk_live_abc' }, { searchDeadlineMs: 20_000, sandbox })).toThrow('DUFFEL_ACCESS_TOKEN');
  });

  it('a timeout from the only supplier that was asked stays a SupplierTimeout', async () => {
    const supplier = createMultiSupplier([{ code: 'duffel', idPrefix: 'duf.', supplier: stubDuffel(() => new Promise(() => {})), searchDeadlineMs: 50 }]);
    await expect(supplier.search(query)).rejects.toBeInstanceOf(SupplierTimeout);
  });
});
