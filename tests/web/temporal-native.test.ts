import { Temporal as Polyfilled } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { nativeTemporalOf, Temporal } from '../../src/web/lib/temporal-native.ts';

/** What the app build's `temporal-polyfill` is (vite.config.ts nativeTemporal, issue 15). */
describe('Temporal in the app build', () => {
  it('is the browser’s own when it has a complete one', () => {
    expect(nativeTemporalOf({ Temporal: Polyfilled })).toBe(Polyfilled);
  });

  it('is not a missing or partial global Temporal', () => {
    expect(nativeTemporalOf({})).toBeUndefined();
    expect(nativeTemporalOf({ Temporal: {} })).toBeUndefined();
    expect(nativeTemporalOf({ Temporal: { PlainDate: Polyfilled.PlainDate } })).toBeUndefined();
  });

  it('falls back to the polyfill where the runtime has none (Node 20 here), and computes dates', () => {
    expect(nativeTemporalOf(globalThis)).toBeUndefined();
    expect(Temporal).toBe(Polyfilled);
    expect(Temporal.PlainDate.from('2026-12-10').add({ days: 22 }).toString()).toBe('2027-01-01');
  });
});
