import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { createApp } from '../../src/server/app.ts';
import { SANDBOX_VAULT_PATH } from '../../src/contract/card-vault.ts';
import { saveSessionResponseSchema, SESSION_KEY_HEADER } from '../../src/contract/session.ts';
import { manageBookingResponseSchema } from '../../src/contract/manage-booking.ts';
import { rateLimitCounters, sessions } from '../../src/server/db/schema/index.ts';
import { startTestApi } from '../support/server.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppDeps } from '../../src/server/deps.ts';
import type { AppEnv } from '../../src/server/http.ts';
import { clientOf, RateCounter } from '../../src/server/rate-limit.ts';
import { eq } from 'drizzle-orm';
import { InvalidSettingError, proxyHopsSetting } from '../../src/server/settings.ts';
import { bookings, paymentOrders } from '../../src/server/db/schema/index.ts';
import { bookPaying, useLatamNdcOffer } from './checkout/support.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi({ rateLimits: 'on', trustProxy: 1 });
});
afterAll(() => api.close());

const tokenRequest = (app: { request: typeof api.app.request }, client: string, terminalId = '2113855') =>
  app.request('/api/agency/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, 'x-api-key': 'not-a-key' },
    body: JSON.stringify({ terminalId, ttlMinutes: 60 }),
  });
const couponCheck = (client: string) =>
  api.app.request('/api/engines/coupon', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({}) });

/**
 * A 429's wait, checked to agree everywhere it is said: the `Retry-After` header, the body's
 * `retryAfterSeconds`, the message and the rule's error line all name the same seconds.
 */
async function agreeingWait(refused: Response) {
  const seconds = Number(refused.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  const body = apiErrorSchema.parse(await refused.json());
  expect(body).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: seconds });
  expect(body.message).toContain(`try again in ${seconds} s`);
  expect(body.errors[0]?.value).toContain(`try again in ${seconds} s`);
  return body;
}

describe('rate limits', () => {
  it('refuses a client’s 201st coupon check in a minute with 429, Retry-After and the typed body; others and the next minute go on', async () => {
    const answers = [];
    for (let index = 0; index < 200; index++) answers.push((await couponCheck('203.0.113.7')).status);
    // Every allowed check reaches the route (here a 400: the body is empty); the 201st does not.
    expect(answers.every((status) => status !== 429)).toBe(true);
    const refused = await couponCheck('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ errors: [{ path: 'coupon:client' }] });
    expect((await couponCheck('198.51.100.23')).status).not.toBe(429);
    api.clock.advanceMinutes(1);
    expect((await couponCheck('203.0.113.7')).status).not.toBe(429);
  });

  it('limits token requests per agency terminal too, whatever the client, and counts across processes', async () => {
    // A second API process on the same database: the counters are shared, not per process.
    const otherProcess = createApp(api.deps);
    for (let index = 0; index < 30; index++) {
      const status = (await tokenRequest(index % 2 ? otherProcess : api.app, `192.0.2.${index}`)).status;
      expect(status).toBe(401);
    }
    const refused = await tokenRequest(otherProcess, '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(await refused.json()).errors[0]?.path).toBe('token:terminal');
    // Another terminal is a separate target.
    expect((await tokenRequest(api.app, '192.0.2.201', '7200983')).status).toBe(401);
    const counted = await api.deps.db.select().from(rateLimitCounters);
    expect(counted.find((row) => row.key === 'token:terminal:2113855')?.hits).toBe(31);
  });

  it('refuses a client’s 601st new session in a minute with 429 and Retry-After, while saves into its sessions and other clients go on', async () => {
    const create = (client: string, query = '', ownerKey = '') =>
      api.app.request(`/api/sessions/save${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client, [SESSION_KEY_HEADER]: ownerKey },
        body: JSON.stringify({}),
      });
    const before = (await api.deps.db.select().from(sessions)).length;
    const created: { sessionID: string; sessionKey?: string | undefined }[] = [];
    for (let index = 0; index < 600; index++) {
      const answer = await create('203.0.113.60');
      expect(answer.status).toBe(200);
      created.push(saveSessionResponseSchema.parse(await answer.json()));
    }
    const refused = await create('203.0.113.60');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await refused.json())).toMatchObject({ status: 429, code: 'RATE_LIMITED', errors: [{ path: 'session-create:client' }] });
    // Nothing was created for the refused request.
    expect((await api.deps.db.select().from(sessions)).length).toBe(before + 600);
    // Saving into one of its sessions is not a new session; another client creates freely.
    expect((await create('203.0.113.60', `?id=${created[0]!.sessionID}`, created[0]!.sessionKey)).status).toBe(200);
    expect((await create('198.51.100.60')).status).toBe(200);
    api.clock.advanceMinutes(1);
    expect((await create('203.0.113.60')).status).toBe(200);
  });

  it.each([
    { route: 'search', method: 'POST', path: '/api/flights/search', limit: 600, client: '203.0.113.80', body: {}, rule: 'search:client' },
    { route: 'session read (one session)', method: 'GET', path: '/api/sessions?id=00000000-0000-4000-8000-000000000000', limit: 120, client: '203.0.113.81', rule: 'session-read:session', otherPath: '/api/sessions?id=00000000-0000-4000-8000-0000000000ff', otherClient: '203.0.113.81' },
    { route: 'book', method: 'POST', path: '/api/flights/book', limit: 300, client: '203.0.113.82', body: {}, rule: 'book:client' },
    { route: 'book (one session)', method: 'POST', path: '/api/flights/book', limit: 10, client: '203.0.113.84', body: { sessionID: '00000000-0000-4000-8000-000000000001' }, rule: 'book:session', otherBody: { sessionID: '00000000-0000-4000-8000-000000000002' }, otherClient: '203.0.113.84' },
    { route: 'card tokenisation', method: 'POST', path: `/api${SANDBOX_VAULT_PATH}`, limit: 120, client: '203.0.113.83', body: {}, rule: 'card-vault:client' },
  ])('refuses the $route call over $limit a minute with 429, Retry-After equal to the message’s seconds and the typed body; another client or target goes on', async ({ method, path, limit, client, body, rule, otherPath = path, otherBody = body, otherClient = '198.51.100.80' }) => {
    const call = (from: string, where = path, sent = body) =>
      api.app.request(where, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, ...(method === 'POST' ? { body: JSON.stringify(sent) } : {}) });
    const allowed = [];
    // Every allowed call reaches its route (a 400, 404 or 410 here: the body or id is empty); the next does not.
    for (let index = 0; index < limit; index++) allowed.push((await call(client)).status);
    expect(allowed.filter((status) => status === 429)).toEqual([]);
    const refused = await call(client);
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ code: 'RATE_LIMITED', errors: [{ path: rule }] });
    expect((await call(otherClient, otherPath, otherBody)).status).not.toBe(429);
  });

  it('does not trust X-Forwarded-For unless told the server is behind a proxy', async () => {
    const direct = await startTestApi({ rateLimits: 'on' });
    try {
      const check = (client: string) =>
        direct.app.request('/api/engines/coupon', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: '{}' });
      for (let index = 0; index < 200; index++) expect((await check(`192.0.${index % 250}.${index % 7}`)).status).not.toBe(429);
      // 200 "different" forwarded clients are one client (the socket's): the 201st is refused.
      expect((await check('192.0.2.99')).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('TRUST_PROXY: how many proxy hops to trust, the client counted from the right of X-Forwarded-For', () => {
  const clientSeen = async (hops: number, forwardedFor?: string) => {
    const probe = new Hono<AppEnv>();
    probe.use(async (c, next) => {
      c.set('deps', { trustProxy: hops } as AppDeps);
      await next();
    });
    probe.get('/', (c) => c.text(clientOf(c)));
    return (await probe.request('/', { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } })).text();
  };

  it('takes the Nth entry from the right with N trusted hops, ignoring what the client wrote to its left', async () => {
    expect(await clientSeen(0, '203.0.113.5')).toBe('local');
    expect(await clientSeen(1, '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await clientSeen(1, '203.0.113.5')).toBe('203.0.113.5');
    expect(await clientSeen(2, '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5');
    // A shorter chain than N: the leftmost entry, which a trusted proxy still wrote.
    expect(await clientSeen(2, '203.0.113.5')).toBe('203.0.113.5');
    // No header (or an empty one): the socket's address.
    expect(await clientSeen(1)).toBe('local');
    expect(await clientSeen(1, ' , ')).toBe('local');
  });

  it('reads the number of hops from the environment and refuses anything but a whole number', () => {
    expect(proxyHopsSetting({})).toBe(0);
    expect(proxyHopsSetting({ TRUST_PROXY: '' })).toBe(0);
    expect(proxyHopsSetting({ TRUST_PROXY: '1' })).toBe(1);
    expect(proxyHopsSetting({ TRUST_PROXY: ' 2 ' })).toBe(2);
    for (const value of ['true', 'yes', '1.5', '-1', '1,2']) expect(() => proxyHopsSetting({ TRUST_PROXY: value })).toThrow(InvalidSettingError);
    expect(() => proxyHopsSetting({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be the number of proxy hops/);
  });

  it('stops the server at start with a clear error for TRUST_PROXY=true', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vuelos-trust-proxy-'));
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, TRUST_PROXY: 'true', DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain('TRUST_PROXY must be the number of proxy hops to trust (0, 1, 2 …), not "true".');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('behind TRUST_PROXY=1, counts searches with forged leftmost entries from one real client as that client: the limit holds', async () => {
    const search = (forged: string, real = '203.0.113.90') =>
      api.app.request('/api/flights/search', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `${forged}, ${real}` }, body: '{}' });
    const statuses = [];
    for (let index = 0; index < 600; index++) statuses.push((await search(`10.${index % 250}.${index % 13}.1`)).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    // The 601st, whatever it claims to its left, is the same client: refused.
    const refused = await search('192.0.2.1, 192.0.2.2');
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ errors: [{ path: 'search:client' }] });
    // Another real client behind the same proxy goes on.
    expect((await search('10.0.0.1', '203.0.113.91')).status).not.toBe(429);
  });
  it('counts a batched budget in memory on two processes, writes it in batches that read back both, and ends it exactly', async () => {
    const rule = { limit: 100, windowSeconds: 60, batched: true };
    const key = 'batched-test:203.0.113.50';
    const storedHits = async () => (await api.deps.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)))[0]?.hits ?? 0;
    const [one, other] = [new RateCounter(api.deps.db), new RateCounter(api.deps.db)];
    const now = api.deps.now();
    for (let index = 0; index < 40; index++) expect((await one.hit(key, rule, now)).hits).toBe(index + 1);
    for (let index = 0; index < 30; index++) await other.hit(key, rule, now);
    // No write on the way: both counted in memory.
    expect(await storedHits()).toBe(0);
    await other.flush();
    await one.flush();
    expect(await storedHits()).toBe(70);
    // The first process now reads both processes' hits; from 80 on, each hit is written before it is let through.
    const hits = [];
    for (let index = 0; index < 31; index++) hits.push((await one.hit(key, rule, now)).hits);
    expect(hits.slice(0, 10)).toEqual([71, 72, 73, 74, 75, 76, 77, 78, 79, 80]);
    expect(await storedHits()).toBe(101);
    expect(hits.filter((count) => count > rule.limit)).toEqual([101]);
    // The other process knows only its own batch until its next write (≤ 200 ms later) reads the total back.
    expect((await other.hit(key, rule, now)).hits).toBe(31);
    await other.flush();
    expect((await other.hit(key, rule, now)).hits).toBe(103);
    expect(await storedHits()).toBe(103);
    // The next window starts from nothing, on both.
    const nextWindow = new Date(now.getTime() + 60_000);
    expect((await one.hit(key, rule, nextWindow)).hits).toBe(1);
    expect((await other.hit(key, rule, nextWindow)).hits).toBe(1);
  });
});

describe('an office or a carrier’s shared address', () => {
  it('lets 20 agents behind one address search at once, ten times each in a minute, with their sessions, and none gets a 429', async () => {
    const office = '198.51.100.200';
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': office };
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const created = await api.app.request('/api/sessions/save', { method: 'POST', headers, body: '{}' });
          statuses.push(created.status);
          const { sessionID } = saveSessionResponseSchema.parse(await created.json());
          statuses.push((await api.app.request('/api/flights/search', { method: 'POST', headers, body: '{}' })).status);
          for (let read = 0; read < 3; read++) statuses.push((await api.app.request(`/api/sessions?id=${sessionID}`, { headers })).status);
          statuses.push((await api.app.request('/api/engines/coupon', { method: 'POST', headers, body: '{}' })).status);
        }),
      );
    }
    expect(statuses).toHaveLength(10 * 20 * 6);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
  });

  it('counts declined cards per client (10 a minute): the 11th card from there waits, another client tokenises', async () => {
    const tokenise = (client: string, cardNumber: string) =>
      api.app.request(`/api${SANDBOX_VAULT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ cardNumber, expirationDate: '12/30', securityCode: '123' }),
      });
    for (let index = 0; index < 10; index++) expect((await tokenise('203.0.113.120', '4000000000000002')).status).toBe(402);
    const refused = await tokenise('203.0.113.120', '4111111111111111');
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ errors: [{ path: 'card-vault-declines:client' }] });
    expect((await tokenise('203.0.113.121', '4111111111111111')).status).toBe(200);
  });

  it('limits cancellations per order (10 a minute) whatever the client', async () => {
    const cancel = (client: string) =>
      api.app.request('/api/bookings/cancel', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ orderId: 'ORD-20261121-0000001' }) });
    for (let index = 0; index < 10; index++) expect((await cancel(`192.0.2.${140 + index}`)).status).not.toBe(429);
    const refused = await cancel('192.0.2.160');
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ errors: [{ path: 'booking-cancel:order' }] });
  });
});

describe('manage my booking: failed look-ups are counted, not look-ups', () => {
  const world = useLatamNdcOffer({ rateLimits: 'on', trustProxy: 1 });
  const lookup = (pnr: string, lastName: string, client: string) =>
    world.api.app.request('/api/bookings/lookup', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ pnr, lastName }) });
  const stored = async () => ({ bookings: await world.api.deps.db.select().from(bookings), orders: await world.api.deps.db.select().from(paymentOrders) });

  it('a guesser’s ten wrong last names lock out the guesser, never the traveller with the right name at another address', async () => {
    const booked = await bookPaying(world.api, 'Yupanqui', (form) => form);
    const traveller = '203.0.113.20';
    const guesser = '198.51.100.66';
    // Right answers never count: more than any failure budget, all found.
    for (let index = 0; index < 25; index++) expect((await lookup(booked.pnr, 'Yupanqui', traveller)).status).toBe(200);

    for (let index = 0; index < 10; index++) expect((await lookup(booked.pnr, `Guess${index}`, guesser)).status).toBe(404);
    const before = await stored();
    // The guesser is refused before the lookup, even with the right name.
    const refused = await lookup(booked.pnr, 'Yupanqui', guesser);
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ errors: [{ path: 'booking-lookup-failures:pnr-client' }] });
    expect(await stored()).toEqual(before);

    // The traveller, from another address with the right last name, is not locked out.
    const found = await lookup(booked.pnr.toLowerCase(), 'yupanqui', traveller);
    expect(found.status).toBe(200);
    expect(manageBookingResponseSchema.parse(await found.json()).data.pnr).toBe(booked.pnr);

    // A guesser spread over addresses: the PNR has ten failures, so a new address gets one try, then waits.
    expect((await lookup(booked.pnr, 'Spread', '192.0.2.70')).status).toBe(404);
    const spread = await lookup(booked.pnr, 'Spread2', '192.0.2.70');
    expect(spread.status).toBe(429);
    expect(await agreeingWait(spread)).toMatchObject({ errors: [{ path: 'booking-lookup-failures:pnr' }] });
    // The traveller still gets in; the hour over, the guesser may try again.
    expect((await lookup(booked.pnr, 'Yupanqui', traveller)).status).toBe(200);
    world.api.clock.advanceMinutes(60);
    expect((await lookup(booked.pnr, 'Guess10', guesser)).status).toBe(404);
  });

  it('stops one client’s PNR guessing after 20 failures a minute, its right answers uncounted', async () => {
    const client = '198.51.100.77';
    for (let index = 0; index < 20; index++) expect((await lookup(`ZZZ${String(index).padStart(3, '0')}`, 'Guess', client)).status).toBe(404);
    const refused = await lookup('ZZZ999', 'Guess', client);
    expect(refused.status).toBe(429);
    expect(await agreeingWait(refused)).toMatchObject({ errors: [{ path: 'booking-lookup-failures:client' }] });
    expect((await lookup('ZZZ999', 'Guess', '198.51.100.78')).status).toBe(404);
  });
});

describe('body limits', () => {
  it('refuses a body over the route’s limit with 413 and the typed body, before any work', async () => {
    const huge = JSON.stringify({ terminalId: '9132868', padding: 'x'.repeat(300 * 1024) });
    const answer = await api.app.request('/api/flights/search', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' }, body: huge });
    expect(answer.status).toBe(413);
    expect(apiErrorSchema.parse(await answer.json())).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    // The session save carries a whole offer: the same body is within its limit (and refused only for its shape).
    const save = await api.app.request('/api/sessions/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge });
    expect(save.status).not.toBe(413);
  });
});
