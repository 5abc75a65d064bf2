/** Numeric settings read from the environment at start (main.ts). */

/** A refused setting: the server does not start, and the message names the variable. */
export class InvalidSettingError extends Error {}

/**
 * A positive number from the environment variable `name`: unset or empty is undefined (the caller's
 * default); anything else that is not a positive finite number is refused, naming the variable.
 */
export function positiveNumberSetting(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new InvalidSettingError(`${name} must be a positive number, not "${value}".`);
  return number;
}

/**
 * A server clock moved ahead by `CLOCK_OFFSET_MINUTES` (a test's way to see what a traveller meets half
 * an hour or a day later: an ended session, an expired order), refused in production: there the clock
 * is the real one.
 */
export function serverClock(env: Record<string, string | undefined>): () => Date {
  const minutes = positiveNumberSetting(env, 'CLOCK_OFFSET_MINUTES');
  if (minutes === undefined) return () => new Date();
  if (env.NODE_ENV === 'production') throw new InvalidSettingError('CLOCK_OFFSET_MINUTES moves the clock for tests; it is refused in production.');
  const offsetMs = minutes * 60_000;
  return () => new Date(Date.now() + offsetMs);
}
