import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packSearchResponse, searchResponseFromWireSchema, serializeSearchResponse, type SearchResponse } from '../../../src/contract/search.ts';
import { limaCuscoRoundTripSearch } from '../../../src/contract/fixtures/search.ts';
import { startTestApi } from '../../support/server.ts';

/**
 * The sandbox's answers byte for byte (issue 15: the search was made faster, not different). Each answer's
 * SHA-256 and length were recorded before the speed-ups; a change that means to alter what the sandbox sells
 * records them again, on purpose (last: issue 37, each carrier's own bag prices). Searches as the bench posts them (round trips, 2 adults 1 child, and the
 * load bench's distinct round trips), the other trip types and options, and the answers built from the same
 * fares (calendar, explore, extras, fare families).
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  // What these answers are, on a machine as busy as a test run makes it: their bounds are tested in costly-answers.test.ts.
  api = await startTestApi({ costlyAnswers: { waitMs: 25_000, workMs: 25_000 } });
});
afterAll(() => api.close());

const leg = (origin: string, destination: string, date: string) => ({ origin, destination, date });
const roundTrip = (origin: string, destination: string, out: string, back: string, passengers: Record<string, number> = { adults: 2, children: 1, infants: 0 }) => ({
  flightType: 'RT',
  itinerary: [leg(origin, destination, out), leg(destination, origin, back)],
  passengers,
});
const day = (offset: number) => new Date(Date.parse('2026-12-01T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
const loadBenchRoutes = ['LIM-CUZ', 'LIM-MIA', 'BOG-MAD', 'LIM-BUE', 'LIM-NYC'];
/** tests/bench/load.ts's distinct round trips, index by index. */
const loadBenchRoundTrip = (index: number) => {
  const [origin, destination] = (loadBenchRoutes[index % 5] as string).split('-') as [string, string];
  const out = 60 + (index % 60);
  return roundTrip(origin, destination, day(out), day(out + 3 + (index % 7)), { adults: 1 + (index % 3), children: 0, infants: 0 });
};

const searches: Record<string, Record<string, unknown>> = {
  'RT LIM-NYC': roundTrip('LIM', 'NYC', '2026-12-10', '2026-12-17'),
  'RT LIM-MIA': roundTrip('LIM', 'MIA', '2026-12-11', '2026-12-18'),
  'RT BOG-MAD': roundTrip('BOG', 'MAD', '2026-12-12', '2026-12-19'),
  'RT LIM-BUE': roundTrip('LIM', 'BUE', '2026-12-13', '2026-12-20'),
  'RT LIM-CUZ': roundTrip('LIM', 'CUZ', '2026-12-10', '2026-12-17'),
  'RT LIM-MIA with an infant': roundTrip('LIM', 'MIA', '2026-12-10', '2026-12-17', { adults: 2, children: 1, infants: 1 }),
  'load bench 0': loadBenchRoundTrip(0),
  'load bench 1': loadBenchRoundTrip(1),
  'load bench 2': loadBenchRoundTrip(2),
  'load bench 3': loadBenchRoundTrip(3),
  'load bench 4': loadBenchRoundTrip(4),
  'load bench 1234': loadBenchRoundTrip(1234),
  'OW LIM-CUZ tomorrow': { flightType: 'OW', itinerary: [leg('LIM', 'CUZ', '2026-11-22')], passengers: { adults: 1 } },
  'OW LIM-EZE on AR': { flightType: 'OW', itinerary: [leg('LIM', 'EZE', '2026-12-10')], passengers: { adults: 1 }, airline: { code: 'AR' } },
  'OW LIM-MAD business': { flightType: 'OW', itinerary: [leg('LIM', 'MAD', '2026-12-10')], passengers: { adults: 1 }, cabinType: { code: 'C' } },
  'OW LIM-SCL corporate': { flightType: 'OW', itinerary: [leg('LIM', 'SCL', '2026-12-10')], passengers: { adults: 1 }, corporateCode: 'ACME01' },
  'MC 5 legs': {
    flightType: 'MC',
    itinerary: [leg('LIM', 'BOG', '2026-12-10'), leg('BOG', 'MEX', '2026-12-14'), leg('MEX', 'MAD', '2026-12-18'), leg('MAD', 'BUE', '2026-12-22'), leg('BUE', 'LIM', '2026-12-28')],
    passengers: { adults: 2, children: 1, infants: 0 },
  },
  'RT LIM-CUZ flexible': { ...roundTrip('LIM', 'CUZ', '2026-12-10', '2026-12-17'), flexible: true },
  'OW LIM-CUZ flexible': { flightType: 'OW', itinerary: [leg('LIM', 'CUZ', '2026-12-10')], passengers: { adults: 1 }, flexible: true },
};

const fingerprint = (text: string) => `${text.length} ${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

async function searchText(body: Record<string, unknown>) {
  const response = await api.json('/api/flights/search', body);
  expect(response.status).toBe(200);
  return response.text();
}

describe('the sandbox answers byte for byte as before (issue 15)', () => {
  it('sends the same search answers', async () => {
    const fingerprints: Record<string, string> = {};
    for (const [name, body] of Object.entries(searches)) fingerprints[name] = fingerprint(await searchText(body));
    expect(fingerprints).toEqual(SEARCH_FINGERPRINTS);
  });

  it('sends the same calendar, explore, extras and fare families', async () => {
    const fingerprints: Record<string, string> = {};
    for (const path of ['/api/flights/calendar?origin=LIM&destination=CUZ&date=2026-12-10&return=2026-12-17&adults=2&children=1', '/api/flights/calendar?origin=LIM&destination=MIA&date=2026-12-10', '/api/flights/explore?origin=LIM&month=2027-01', '/api/flights/nearby?origin=LIM&destination=CUZ&date=2026-12-10&return=2026-12-17']) {
      const response = await api.request(path);
      expect(response.status).toBe(200);
      fingerprints[path] = fingerprint(await response.text());
    }
    const answer = JSON.parse(await searchText(searches['RT LIM-MIA'] as Record<string, unknown>)) as { data: Array<{ id: string; pricing: { validatingAirline: string } }> };
    const offers = [answer.data[0], answer.data.find((offer) => offer.pricing.validatingAirline === 'LA'), answer.data.at(-1)];
    for (const [index, offer] of offers.entries()) {
      for (const path of ['/api/flights/extras', '/api/flights/family_fares']) {
        const response = await api.json(path, { id: offer?.id });
        expect(response.status).toBe(200);
        fingerprints[`${path} offer ${index}`] = fingerprint(await response.text());
      }
    }
    expect(fingerprints).toEqual(OTHER_FINGERPRINTS);
  });
});

describe('serializeSearchResponse (issue 15)', () => {
  it('writes JSON.stringify(packSearchResponse(answer)) byte for byte', async () => {
    const answers: SearchResponse[] = [limaCuscoRoundTripSearch];
    for (const name of ['RT LIM-NYC', 'MC 5 legs', 'RT LIM-CUZ flexible']) answers.push(searchResponseFromWireSchema.parse(JSON.parse(await searchText(searches[name] as Record<string, unknown>))));
    const [first] = answers as [SearchResponse];
    answers.push({ status: 204, data: [], flexible: null }, { ...first, unavailableSuppliers: [{ supplier: 'duffel', reason: 'timeout' }] });
    for (const answer of answers) expect(serializeSearchResponse(answer)).toBe(JSON.stringify(packSearchResponse(answer)));
  });
});

const SEARCH_FINGERPRINTS: Record<string, string> = {
  'RT LIM-NYC': '512098 0dd1c5ba732223e7ea42d67c',
  'RT LIM-MIA': '335327 214d67f84457db77b8cd163b',
  'RT BOG-MAD': '126242 f754e79487657611f5659086',
  'RT LIM-BUE': '269639 b75f22c83b1e00cca12f23a7',
  'RT LIM-CUZ': '169561 b173ae6b74245594b751aca6',
  'RT LIM-MIA with an infant': '338962 c620a1f7504f3ad88025baa9',
  'load bench 0': '157397 dd5b44c53e70c9d8602db910',
  'load bench 1': '324792 5b800f70a053360bc2bc119b',
  'load bench 2': '94759 a6d4e8d27e355c3a7f25bb77',
  'load bench 3': '295532 cdaa40cc11b2b3e1a8d58f48',
  'load bench 4': '493584 671c0eb6e3841fb9ca7da829',
  'load bench 1234': '488710 7dbbbc5c9a7d36832f8683e0',
  'OW LIM-CUZ tomorrow': '40992 730a6d2b7f457af72b16d9ae',
  'OW LIM-EZE on AR': '5854 ce465013b0588030c082f17a',
  'OW LIM-MAD business': '56670 de24a1ebb584b8e055c2e22c',
  'OW LIM-SCL corporate': '23892 5782fdb4cab59a306d240fe4',
  'MC 5 legs': '430479 d8d1c622b9f837ae2d6d0f8d',
  'RT LIM-CUZ flexible': '173093 eaf226b508b4c4e677e33659',
  'OW LIM-CUZ flexible': '40389 c300a2aeeac2ad0d43aa3016',
};
const OTHER_FINGERPRINTS: Record<string, string> = {
  '/api/flights/calendar?origin=LIM&destination=CUZ&date=2026-12-10&return=2026-12-17&adults=2&children=1': '38400 24520c41a6ed84a68e9f1bab',
  '/api/flights/calendar?origin=LIM&destination=MIA&date=2026-12-10': '3299 6c6180911993e770641e3a66',
  '/api/flights/explore?origin=LIM&month=2027-01': '18642 4a8f8da16b9ffe487927c48c',
  '/api/flights/nearby?origin=LIM&destination=CUZ&date=2026-12-10&return=2026-12-17': '56 fe911be16321a658680e1d8a',
  '/api/flights/extras offer 0': '1015 2364a853f0d9a68777f7e2fb',
  '/api/flights/family_fares offer 0': '7085 fa05c13eac2fca511573f6db',
  '/api/flights/extras offer 1': '1011 a41dbae03c192c49aae5a6bf',
  '/api/flights/family_fares offer 1': '9603 1eb71681327a85dccb1e86b3',
  '/api/flights/extras offer 2': '830 f5e2c321f739be21018825ea',
  '/api/flights/family_fares offer 2': '7948 bf33f9ff83d7272f1e6beb07',
};
