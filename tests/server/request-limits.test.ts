import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { createApp } from '../../src/server/app.ts';
import { SANDBOX_VAULT_PATH } from '../../src/contract/card-vault.ts';
import { saveSessionResponseSchema, SESSION_KEY_HEADER } from '../../src/contract/session.ts';
import { rateLimitCounters, sessions } from '../../src/server/db/schema/index.ts';
import { startTestApi } from '../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi({ rateLimits: 'on', trustProxy: true });
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

describe('rate limits', () => {
  it('refuses a client’s 21st coupon check in a minute with 429, Retry-After and the typed body; others and the next minute go on', async () => {
    const answers = [];
    for (let index = 0; index < 20; index++) answers.push((await couponCheck('203.0.113.7')).status);
    // Every allowed check reaches the route (here a 400: the body is empty); the 21st does not.
    expect(answers.every((status) => status !== 429)).toBe(true);
    const refused = await couponCheck('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await refused.json())).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
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

  it('refuses a client’s 31st new session in a minute with 429 and Retry-After, while saves into its sessions and other clients go on', async () => {
    const create = (client: string, query = '', ownerKey = '') =>
      api.app.request(`/api/sessions/save${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client, [SESSION_KEY_HEADER]: ownerKey },
        body: JSON.stringify({}),
      });
    const before = (await api.deps.db.select().from(sessions)).length;
    const created: { sessionID: string; sessionKey?: string | undefined }[] = [];
    for (let index = 0; index < 30; index++) {
      const answer = await create('203.0.113.60');
      expect(answer.status).toBe(200);
      created.push(saveSessionResponseSchema.parse(await answer.json()));
    }
    const refused = await create('203.0.113.60');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await refused.json())).toMatchObject({ status: 429, code: 'RATE_LIMITED', errors: [{ path: 'session-create:client' }] });
    // Nothing was created for the refused request.
    expect((await api.deps.db.select().from(sessions)).length).toBe(before + 30);
    // Saving into one of its sessions is not a new session; another client creates freely.
    expect((await create('203.0.113.60', `?id=${created[0]!.sessionID}`, created[0]!.sessionKey)).status).toBe(200);
    expect((await create('198.51.100.60')).status).toBe(200);
    api.clock.advanceMinutes(1);
    expect((await create('203.0.113.60')).status).toBe(200);
  });

  it.each([
    { route: 'search', method: 'POST', path: '/api/flights/search', limit: 60, client: '203.0.113.80' },
    { route: 'session read', method: 'GET', path: '/api/sessions?id=00000000-0000-4000-8000-000000000000', limit: 240, client: '203.0.113.81' },
    { route: 'book', method: 'POST', path: '/api/flights/book', limit: 30, client: '203.0.113.82' },
    { route: 'card tokenisation', method: 'POST', path: `/api${SANDBOX_VAULT_PATH}`, limit: 20, client: '203.0.113.83' },
  ])('refuses a client’s $route call over $limit a minute with 429, Retry-After and the typed body; another client goes on', async ({ method, path, limit, client }) => {
    const call = (from: string) =>
      api.app.request(path, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, ...(method === 'POST' ? { body: '{}' } : {}) });
    const allowed = [];
    // Every allowed call reaches its route (a 400, 404 or 410 here: the body or id is empty); the next does not.
    for (let index = 0; index < limit; index++) allowed.push((await call(client)).status);
    expect(allowed.filter((status) => status === 429)).toEqual([]);
    const refused = await call(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await refused.json())).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await call('198.51.100.80')).status).not.toBe(429);
  });

  it('does not trust X-Forwarded-For unless told the server is behind a proxy', async () => {
    const direct = await startTestApi({ rateLimits: 'on' });
    try {
      for (let index = 0; index < 10; index++) expect((await tokenRequest(direct.app, `192.0.2.${index}`, '7200983')).status).toBe(401);
      // Ten "different" forwarded clients are one client (the socket's): the 11th is refused.
      expect((await tokenRequest(direct.app, '192.0.2.99', '7200983')).status).toBe(429);
    } finally {
      await direct.close();
    }
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
