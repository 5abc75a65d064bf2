import { createApp } from '../../src/server/app.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { openTestDatabase } from './database.ts';

/** A clock tests can move: `clock.advanceMinutes(31)` makes a session idle past its limit. */
export function createTestClock(start = new Date('2026-11-21T15:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceMinutes: (minutes: number) => {
      current += minutes * 60_000;
    },
  };
}

/** The real API on a fresh database, called in-process (`api.request`) or over `app.fetch`. */
export async function startTestApi(overrides: Partial<AppDeps> = {}) {
  const database = await openTestDatabase();
  const clock = createTestClock();
  const deps: AppDeps = { db: database.db, now: clock.now, ...overrides };
  const app = createApp(deps);
  const request = (path: string, init?: RequestInit) => app.request(path, init);
  const json = (path: string, body: unknown, method = 'POST') =>
    app.request(path, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { app, deps, clock, database, request, json, close: () => database.close() };
}
