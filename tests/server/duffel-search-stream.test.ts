/**
 * The search streamed across suppliers (issue 17): the app with the sandbox and Duffel (answering as recorded,
 * MSW in node), asked with `Accept: application/x-ndjson`, sends the sandbox's offers as soon as the sandbox
 * answers, while Duffel is still asked, then the whole merged answer; a Duffel that fails or is too slow ends
 * in the sandbox's offers naming it unavailable; without the Accept header, the answer is the normal JSON.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { ndjsonLines, SEARCH_STREAM_TYPE, searchStreamProgressSchema } from '../../src/contract/search-stream.ts';
import { searchResponseFromWireSchema } from '../../src/contract/search.ts';
import { answer, callsTo, duffelAnswers, useSandboxAndDuffelApi } from './duffel-support.ts';
import airlineUnknown from './duffel-recorded/error-airline-unknown.json' with { type: 'json' };
import offerRequest from './duffel-recorded/offer-request.json' with { type: 'json' };
import roundTripOffers from './duffel-recorded/offers-round-trip.json' with { type: 'json' };

const apiOf = useSandboxAndDuffelApi();

/** A round trip on its own dates: a whole answer is cached, and each test needs a search not yet asked. */
const roundTrip = (day: number) => ({
  flightType: 'RT',
  passengers: { adults: 1 },
  itinerary: [
    { origin: 'LIM', destination: 'CUZ', date: `2026-12-${String(day).padStart(2, '0')}` },
    { origin: 'CUZ', destination: 'LIM', date: `2026-12-${String(day + 7).padStart(2, '0')}` },
  ],
});

const streamed = (body: unknown, acceptEncoding?: string) =>
  apiOf().request('/api/flights/search', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: `${SEARCH_STREAM_TYPE}, application/json`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

/** The answer as a browser reads it: decoded from its content coding as the bytes come. */
function decoded(response: Response): Response {
  const decoder = response.headers.get('content-encoding') === 'br' ? createBrotliDecompress() : createGunzip();
  return new Response(Readable.toWeb(Readable.fromWeb(response.body! as NodeReadableStream<Uint8Array>).pipe(decoder)) as ReadableStream<Uint8Array>);
}

interface Line {
  pending: string[] | null;
  offerIds: string[];
  unavailable: unknown;
  /** Duffel's offers had been asked for when the line arrived: its answer was in. */
  duffelOffersAsked: boolean;
}

/** Reads the answer line by line, noting what Duffel had been asked when each line arrived. */
async function linesOf(response: Response): Promise<Line[]> {
  const lines: Line[] = [];
  for await (const text of ndjsonLines(response.body!)) {
    const json: unknown = JSON.parse(text);
    const progress = searchStreamProgressSchema.safeParse(json);
    const searched = searchResponseFromWireSchema.parse(json);
    lines.push({
      pending: progress.success ? progress.data.pendingSuppliers : null,
      offerIds: searched.data.map((offer) => offer.id),
      unavailable: searched.unavailableSuppliers,
      duffelOffersAsked: callsTo('GET', '/air/offers').length > 0,
    });
  }
  return lines;
}

const fromSupplier = (ids: string[], prefix: string) => ids.filter((id) => id.startsWith(prefix));

describe('the search streamed across suppliers', () => {
  it('sends the sandbox’s offers first while Duffel is still asked (pending: duffel), then the whole answer with Duffel’s', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201, 600));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const response = await streamed(roundTrip(10));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(SEARCH_STREAM_TYPE);
    const [first, last, ...more] = await linesOf(response);
    expect(more).toEqual([]);
    expect(first?.pending).toEqual(['duffel']);
    expect(first?.duffelOffersAsked).toBe(false);
    expect(first!.offerIds.length).toBeGreaterThan(0);
    expect(fromSupplier(first!.offerIds, 'duf.')).toEqual([]);
    expect(last?.pending).toBeNull();
    expect(last?.unavailable).toBeUndefined();
    expect(fromSupplier(last!.offerIds, 'duf.')).toHaveLength(2);
    expect(fromSupplier(last!.offerIds, 'sbx.').length).toBeGreaterThan(0);
  });

  it('a Duffel that fails after the sandbox answered ends in the sandbox’s offers, naming Duffel as failed', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(airlineUnknown, 502, 200));
    const lines = await linesOf(await streamed(roundTrip(11)));
    expect(lines.map((line) => line.pending)).toEqual([['duffel'], null]);
    const last = lines.at(-1)!;
    expect(last.unavailable).toEqual([{ supplier: 'duffel', reason: 'error' }]);
    expect(last.offerIds).toEqual(lines[0]!.offerIds);
    expect(callsTo('POST', '/air/offer_requests')).toHaveLength(3);
  });

  it('a Duffel slower than its deadline ends in the sandbox’s offers, naming Duffel as late', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201, 2_500));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const lines = await linesOf(await streamed(roundTrip(12)));
    expect(lines.map((line) => line.pending)).toEqual([['duffel'], null]);
    expect(lines.at(-1)?.unavailable).toEqual([{ supplier: 'duffel', reason: 'timeout' }]);
    expect(fromSupplier(lines.at(-1)!.offerIds, 'duf.')).toEqual([]);
  });

  it('answers the normal JSON to a client that does not ask for the stream, and to a search already answered whole', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const plain = await apiOf().json('/api/flights/search', roundTrip(13));
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    const body = searchResponseFromWireSchema.parse(await plain.json());
    expect(fromSupplier(body.data.map((offer) => offer.id), 'duf.')).toHaveLength(2);
    // The same search again, streamed: cached whole, so the normal answer, the same offers.
    const again = await streamed(roundTrip(13));
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(searchResponseFromWireSchema.parse(await again.json()).data.map((offer) => offer.id)).toEqual(body.data.map((offer) => offer.id));
  });

  it('refuses a bad search with the typed 400 before any line', async () => {
    const response = await streamed({ ...roundTrip(14), itinerary: [{ origin: 'LIM', destination: 'LIM', date: '2026-12-14' }], flightType: 'OW' });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).status).toBe(400);
  });

  it.each(['br', 'gzip'])('compresses the lines (%s) and still sends the sandbox’s offers before Duffel has answered', async (coding) => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201, 600));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const response = await streamed(roundTrip(coding === 'br' ? 14 : 15), `${coding}, identity`);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const [first, last, ...more] = await linesOf(decoded(response));
    expect(more).toEqual([]);
    expect(first?.pending).toEqual(['duffel']);
    // Flushed line by line: the first line came while Duffel's offers were still unasked.
    expect(first?.duffelOffersAsked).toBe(false);
    expect(fromSupplier(last!.offerIds, 'duf.')).toHaveLength(2);
  });
});
