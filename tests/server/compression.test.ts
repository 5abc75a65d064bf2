import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress, negotiateCoding } from '../../src/server/compression.ts';
import { SearchCache, type SerializedSearch } from '../../src/server/services/search.ts';
import { mountWebApp } from '../../src/server/web.ts';
import { startTestApi } from '../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
let distDir: string;
const script = `export const offers = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ id: index, airline: 'LA', route: 'LIM-CUZ' })))};\n`;
const SCRIPT_FILE = 'index-Ab12Cd34.js';
const MAP_FILE = `${SCRIPT_FILE}.map`;

beforeAll(async () => {
  api = await startTestApi();
  // A stand-in build with one precompressed script, as vite.config.ts writes it.
  distDir = mkdtempSync(join(tmpdir(), 'vuelos-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Vuelos</title>');
  writeFileSync(join(distDir, 'assets', SCRIPT_FILE), script);
  writeFileSync(join(distDir, 'assets', `${SCRIPT_FILE}.br`), await compress(script, 'br', 'build'));
  writeFileSync(join(distDir, 'assets', `${SCRIPT_FILE}.gz`), await compress(script, 'gzip', 'build'));
  writeFileSync(join(distDir, 'assets', MAP_FILE), '{"version":3}');
  mountWebApp(api.app, distDir);
});
afterAll(async () => {
  rmSync(distDir, { recursive: true, force: true });
  await api.close();
});

/** The body as the client reads it once it undoes the answer's Content-Encoding. */
async function decodedBody(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const coding = response.headers.get('content-encoding');
  if (coding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (coding === 'gzip') return gunzipSync(bytes).toString('utf8');
  expect(coding).toBeNull();
  return bytes.toString('utf8');
}

describe('choosing the content coding from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['gzip;q=0, br;q=0', undefined],
    ['', undefined],
  ])('%j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });

  it('picks only among the codings on offer', () => {
    expect(negotiateCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('br', [])).toBeUndefined();
  });
});

describe('hashed assets: precompressed, negotiated, cached for a year', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('Accept-Encoding %j: sent as %s, decoding to the built file', async (acceptEncoding, coding) => {
    const response = await api.request(`/vuelos/assets/${SCRIPT_FILE}`, { headers: { 'accept-encoding': acceptEncoding } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await decodedBody(response)).toBe(script);
  });

  it('sends a file built without compressed copies as it is', async () => {
    const response = await api.request(`/vuelos/assets/${MAP_FILE}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('{"version":3}');
  });

  it('answers an unknown asset 404, not the page (a script tag cannot run HTML)', async () => {
    const response = await api.request('/vuelos/assets/index-Gone1234.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it.each(['/vuelos/', '/vuelos/LIM/CUZ/2026-12-10/1/0/0'])('%s: the page is revalidated on every load', async (path) => {
    const response = await api.request(path);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Vuelos</title>');
  });
});

describe('API answers compressed', () => {
  const searchBody = {
    flightType: 'RT',
    itinerary: [
      { origin: 'LIM', destination: 'NYC', date: '2026-12-10' },
      { origin: 'NYC', destination: 'LIM', date: '2026-12-17' },
    ],
    passengers: { adults: 1 },
  };
  const searchWith = (acceptEncoding: string) =>
    api.request('/api/flights/search', { method: 'POST', body: JSON.stringify(searchBody), headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding } });

  it('a search answer goes out in brotli or gzip, decoding to the same JSON, and many times smaller', async () => {
    const plain = await searchWith('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = await plain.text();
    for (const coding of ['br', 'gzip']) {
      const response = await searchWith(coding);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(coding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toBe('application/json');
      const bytes = Number(response.headers.get('content-length'));
      expect(bytes).toBeLessThan(json.length / 10);
      expect(await decodedBody(response)).toBe(json);
    }
  });

  it('other JSON answers are compressed by the middleware, with their headers kept', async () => {
    const plain = await api.request('/api/openapi.json');
    const response = await api.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
    expect(Number(response.headers.get('content-length'))).toBe((await response.clone().arrayBuffer()).byteLength);
    expect(await decodedBody(response)).toBe(await plain.text());
  });

  it('small answers go out as they are', async () => {
    const response = await api.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ status: 200, ok: true });
  });
});

describe('the search cache counts every byte it keeps', () => {
  const answer = (json: string): SerializedSearch => ({ status: 200, json, encoded: {} });

  it('counts the compressed copies kept with an answer, not only its JSON', () => {
    const cache = new SearchCache(1_000_000);
    const entry = answer('x'.repeat(1000));
    cache.set('a', entry);
    expect(cache.heldBytes).toBe(1000);
    entry.encoded.gzip = Buffer.alloc(300);
    cache.account(entry);
    entry.encoded.br = Buffer.alloc(200);
    cache.account(entry);
    expect(cache.heldBytes).toBe(1500);
  });

  it('counts a string V8 keeps at two bytes a character as such', () => {
    const cache = new SearchCache(1_000_000);
    cache.set('a', answer('“quoted” '.repeat(10)));
    expect(cache.heldBytes).toBe(180);
  });

  it('evicts the oldest answers once compressed copies take it over its budget', () => {
    const cache = new SearchCache(2500);
    const first = answer('a'.repeat(1000));
    const second = answer('b'.repeat(1000));
    cache.set('first', first);
    cache.set('second', second);
    second.encoded.br = Buffer.alloc(600);
    cache.account(second);
    expect(cache.get('first')).toBeUndefined();
    expect(cache.get('second')).toBe(second);
    expect(cache.heldBytes).toBe(1600);
    // A copy made for an answer evicted meanwhile is not counted: it is not kept.
    first.encoded.gzip = Buffer.alloc(100);
    cache.account(first);
    expect(cache.heldBytes).toBe(1600);
  });

  it('an answer stored twice under one key is counted once', () => {
    const cache = new SearchCache(1_000_000);
    cache.set('same', answer('a'.repeat(1000)));
    cache.set('same', answer('a'.repeat(1000)));
    expect(cache.heldBytes).toBe(1000);
  });
});
