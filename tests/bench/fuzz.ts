import { mkdirSync, writeFileSync } from 'node:fs';
import * as fc from 'fast-check';
import { apiErrorSchema } from '../../src/contract/common.ts';
import * as fx from '../../src/contract/fixtures/checkout.ts';
import { limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { startTestApi } from '../support/server.ts';

/**
 * Fuzzing at scale (issue 16, part of `npm run bench`): at least 10,000 generated requests across every
 * documented route — valid bodies with one field mutated, random JSON, hostile strings (injection,
 * unicode, huge numbers, deep nesting), bodies that are not JSON, random path and query values. Every
 * answer must be below 500, a failure must carry the typed error body, and none may hang. The counts go
 * to bench-results/fuzz.json; the run fails (exit 1) on any finding.
 */
const TARGET_REQUESTS = 10_000;
const HANG_MS = 10_000;

const api = await startTestApi();
const document = (await (await api.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
const routes = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method, path })));

const hostileText = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE bookings; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u202e\ud83d\ude00',
  'ñandú Ñuñoa São Paulo',
  'A'.repeat(5_000),
  '9'.repeat(400),
  '-0',
  'NaN',
  '1e309',
);
const deepNesting = fc.integer({ min: 50, max: 2_000 }).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown);
const hostileValue = fc.oneof(
  hostileText,
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e-308, 0.1 + 0.2),
  deepNesting,
  fc.jsonValue({ maxDepth: 5 }),
);
const pathText = fc.oneof(fc.string({ maxLength: 20 }), hostileText, fc.constantFrom('9132868', '2113855', '0', 'LIM', '%00'));
const fillPath = (path: string, value: string) => `/api${path.replace(/\{[^}]+\}/g, encodeURIComponent(value))}`;

/** Valid-shaped bodies: one field at a time is replaced by something hostile. */
const validBodies: Array<[string, Record<string, unknown>]> = [
  ['/api/flights/search', { ...limCuzSearchParams, itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-18' }] }],
  ['/api/sessions/save', { searchParams: limCuzSearchParams }],
  ['/api/flights/book', fx.bookingRequest as unknown as Record<string, unknown>],
  ['/api/flights/book', { ...fx.bookingRequest, bookForm: { ...fx.bookingRequest.bookForm } } as unknown as Record<string, unknown>],
  ['/api/payments/sandbox/tokens', { cardNumber: '4111111111111111', expirationMonth: '12', expirationYear: '2030', cvv: '123' }],
];

const findings: string[] = [];
const byStatus = new Map<number, number>();
let sent = 0;

async function send(path: string, init: RequestInit = {}) {
  sent++;
  const timeout = new Promise<'hang'>((resolve) => setTimeout(() => resolve('hang'), HANG_MS).unref());
  const answer = await Promise.race([api.request(path, init), timeout]);
  if (answer === 'hang') {
    findings.push(`${init.method ?? 'GET'} ${path.slice(0, 80)}: no answer in ${HANG_MS} ms`);
    return;
  }
  byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) findings.push(`${init.method ?? 'GET'} ${path.slice(0, 80)}: ${answer.status}`);
  else if (answer.status >= 400 && !apiErrorSchema.safeParse(await answer.json().catch(() => null)).success) {
    findings.push(`${init.method ?? 'GET'} ${path.slice(0, 80)}: ${answer.status} without the typed error body`);
  }
}
const post = (path: string, body: string) => send(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

const started = performance.now();
const posts = routes.filter((route) => route.method === 'post');
const gets = routes.filter((route) => route.method === 'get');
while (sent < TARGET_REQUESTS) {
  const [[field, value], body, segment, notJson, query] = fc.sample(
    fc.tuple(fc.tuple(fc.string({ maxLength: 12 }), hostileValue), fc.jsonValue({ maxDepth: 4 }), pathText, fc.string({ maxLength: 40 }), fc.dictionary(fc.constantFrom('id', 'query', 'language', 'terminalId'), fc.oneof(fc.string({ maxLength: 30 }), hostileText))),
    1,
  )[0]!;
  for (const [path, valid] of validBodies) {
    const keys = Object.keys(valid);
    const mutated = keys[Math.abs(field.length * 7919 + sent) % keys.length] ?? field;
    await post(path, JSON.stringify({ ...valid, [mutated]: value }));
  }
  for (const route of posts) {
    await post(fillPath(route.path, segment), JSON.stringify(body));
    await post(fillPath(route.path, segment), `{${notJson}`);
  }
  for (const route of gets) await send(`${fillPath(route.path, segment)}?${new URLSearchParams(query)}`);
}
const seconds = Math.round((performance.now() - started) / 100) / 10;
await api.close();

const report = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  routes: routes.length,
  requests: sent,
  seconds,
  answersByStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
  answersAtOrAbove500: findings.filter((finding) => /: 5\d\d$/.test(finding)).length,
  hangs: findings.filter((finding) => finding.includes('no answer')).length,
  findings: findings.slice(0, 50),
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/fuzz.json', `${JSON.stringify(report, null, 2)}\n`);
console.info(`fuzz: ${sent} requests over ${routes.length} routes in ${seconds} s; ${findings.length} findings`);
if (findings.length > 0) {
  console.error(findings.slice(0, 10).join('\n'));
  process.exitCode = 1;
}
