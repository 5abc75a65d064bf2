import { describe, expect, it } from 'vitest';
import { serverClock } from '../../src/server/settings.ts';

describe('the server clock (CLOCK_OFFSET_MINUTES)', () => {
  it('is the real clock unless moved, moved by whole minutes ahead for tests, and never moved in production', () => {
    const real = serverClock({})().getTime();
    expect(Math.abs(real - Date.now())).toBeLessThan(1_000);
    const moved = serverClock({ CLOCK_OFFSET_MINUTES: '31' })().getTime() - Date.now();
    expect(moved).toBeGreaterThan(31 * 60_000 - 1_000);
    expect(moved).toBeLessThanOrEqual(31 * 60_000);
    expect(() => serverClock({ CLOCK_OFFSET_MINUTES: '31', NODE_ENV: 'production' })).toThrow(/refused in production/);
    expect(() => serverClock({ CLOCK_OFFSET_MINUTES: '-5' })).toThrow(/CLOCK_OFFSET_MINUTES/);
  });
});
