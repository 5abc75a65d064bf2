import { createApp } from '../../src/server/app.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { randomBytes } from 'node:crypto';
import { createSandboxSupplier } from '../../src/server/supply/sandbox/index.ts';
import type { Supplier } from '../../src/server/supply/port.ts';
import { openTestDatabase } from './database.ts';
import { TEST_NOW } from './test-time.ts';
import { searchResponseFromWireSchema, type Recommendation } from '../../src/contract/search.ts';
import { callerWith, rightfulCredentials } from './credentials.ts';

/** A clock tests can move: `clock.advanceMinutes(31)` makes a session idle past its limit. */
export function createTestClock(start = new Date(TEST_NOW)) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes: (minutes: number) => {
      current += minutes * 60_000;
    },
  };
}

let sharedSupplier: Supplier | null = null;
/** One sandbox world per test process: it is deterministic and read-only, so files share it. */
export function sandboxSupplier(): Supplier {
  sharedSupplier ??= createSandboxSupplier();
  return sharedSupplier;
}

/** Calls of `app` as the rightful owner of what they name (tests/support/credentials.ts); `app.request` itself calls as a stranger. */
export const rightfulCaller = (app: ReturnType<typeof createApp>, deps: AppDeps) =>
  callerWith((path, init) => Promise.resolve(app.request(path, init)), (path, body) => rightfulCredentials(deps, path, body));

/** The real API on a fresh database, called in-process (`api.request`) or over `app.fetch`. */
export async function startTestApi(overrides: Partial<AppDeps> = {}) {
  const database = await openTestDatabase();
  const clock = createTestClock();
  const deps: AppDeps = { db: database.db, now: clock.now, supplier: sandboxSupplier(), searchTokenSecret: randomBytes(48).toString('base64url'), bookingLinkSecret: randomBytes(48).toString('base64url'), sandboxPaymentSecret: randomBytes(48).toString('base64url'), rateLimits: 'off', ...overrides };
  const app = createApp(deps);
  const { request, json } = rightfulCaller(app, deps);
  return { app, deps, clock, database, request, json, close: () => database.close() };
}

/** The offers of a one-way, one-adult search (body fields override), as the API answers them. */
export async function searchedOffers(api: Pick<Awaited<ReturnType<typeof startTestApi>>, 'json'>, body: Record<string, unknown>): Promise<Recommendation[]> {
  const response = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, ...body });
  return searchResponseFromWireSchema.parse(await response.json()).data;
}
