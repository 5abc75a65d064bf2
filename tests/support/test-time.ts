import type { Temporal } from 'temporal-polyfill';

/**
 * The moment the tests live in. Their trips are fixed dates (10 and 17 December 2026, say); on the real
 * clock those would fall behind the sales cutoff one day and the tests would fail on a calendar date,
 * not on a change. So the server (CLOCK_START, createTestClock), the browser pages, the jsdom tests
 * and the bench all start here and run on from it.
 */
export const TEST_NOW = '2026-11-21T15:00:00Z';

/**
 * How far a clock that reads the real time moves to read TEST_NOW now. Taken once per process, so the
 * server it starts, its browser pages and its own code read the same moment as they run on.
 */
export const testClockShiftMs = Date.parse(TEST_NOW) - Date.now();

/** The test clock's present: TEST_NOW when the process began, plus the time it has run since. */
export const testNow = (): Date => new Date(Date.now() + testClockShiftMs);

/**
 * Moves this realm's clock by `shiftMs` and lets it run on: `Date` (with `Date.now()` and `new Date()`)
 * and, where the engine has its own, `Temporal.Now`; timers, `performance` and dates built from a value
 * are untouched, so a page's timing and a bench's figures are what they were. Self-contained, because
 * Playwright sends it to each page as an init script.
 */
export function shiftClock(shiftMs: number): void {
  const RealDate = Date;
  const now = () => RealDate.now() + shiftMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[]) => (args.length === 0 ? new target(now()) : new target(...(args as [string | number]))),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
  // Native Temporal (Chromium 144+) reads the system clock itself; the polyfill reads Date.now().
  const temporal = (globalThis as { Temporal?: typeof Temporal }).Temporal;
  if (!temporal || !/\[native code\]/.test(String(temporal.Now.instant))) return;
  const instant = () => temporal.Instant.fromEpochMilliseconds(now());
  const zoned = (timeZone = temporal.Now.timeZoneId()) => instant().toZonedDateTimeISO(timeZone);
  Object.assign(temporal.Now, {
    instant,
    zonedDateTimeISO: zoned,
    plainDateTimeISO: (timeZone?: string) => zoned(timeZone).toPlainDateTime(),
    plainDateISO: (timeZone?: string) => zoned(timeZone).toPlainDate(),
    plainTimeISO: (timeZone?: string) => zoned(timeZone).toPlainTime(),
  });
}
