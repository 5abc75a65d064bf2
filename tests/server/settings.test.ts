import { describe, expect, it } from 'vitest';
import { serverClock } from '../../src/server/settings.ts';

describe('the server clock (CLOCK_START, CLOCK_OFFSET_MINUTES)', () => {
  it('is the real clock unless moved, moved by whole minutes ahead for tests, and never moved in production', () => {
    const real = serverClock({})().getTime();
    expect(Math.abs(real - Date.now())).toBeLessThan(1_000);
    const moved = serverClock({ CLOCK_OFFSET_MINUTES: '31' })().getTime() - Date.now();
    expect(moved).toBeGreaterThan(31 * 60_000 - 1_000);
    expect(moved).toBeLessThanOrEqual(31 * 60_000);
    expect(() => serverClock({ CLOCK_OFFSET_MINUTES: '31', NODE_ENV: 'production' })).toThrow(/refused in production/);
    expect(() => serverClock({ CLOCK_OFFSET_MINUTES: '-5' })).toThrow(/CLOCK_OFFSET_MINUTES/);
  });

  it('starts at CLOCK_START and runs on from there, moved further by CLOCK_OFFSET_MINUTES; refused in production or when no instant', () => {
    const bootedAt = Date.now() - 5_000;
    const started = serverClock({ CLOCK_START: '2026-11-21T15:00:00Z' }, bootedAt)().getTime();
    expect(started - Date.parse('2026-11-21T15:00:05Z')).toBeGreaterThanOrEqual(0);
    expect(started - Date.parse('2026-11-21T15:00:05Z')).toBeLessThan(1_000);
    const startedLater = serverClock({ CLOCK_START: '2026-11-21T15:00:00Z', CLOCK_OFFSET_MINUTES: '31' }, bootedAt)().getTime();
    expect(startedLater - started).toBeGreaterThanOrEqual(31 * 60_000);
    expect(startedLater - started).toBeLessThan(31 * 60_000 + 1_000);
    expect(() => serverClock({ CLOCK_START: '2026-11-21T15:00:00Z', NODE_ENV: 'production' })).toThrow(/refused in production/);
    expect(() => serverClock({ CLOCK_START: 'next tuesday' })).toThrow(/CLOCK_START must be an ISO instant/);
  });
});
