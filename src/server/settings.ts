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
 * How many proxy hops in front of the server to trust (env `TRUST_PROXY`): unset or empty is 0 (none: the
 * socket's address is the client); otherwise a whole number of hops, 0 or more. Anything else (`true`,
 * `1.5`, `-1`) stops the server at start, naming the variable: a guess here would let clients pick their
 * own address for every rate limit, or count a whole proxy as one client.
 */
export function proxyHopsSetting(env: Record<string, string | undefined>, name = 'TRUST_PROXY'): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return 0;
  if (!/^\d{1,2}$/.test(value.trim())) throw new InvalidSettingError(`${name} must be the number of proxy hops to trust (0, 1, 2 …), not "${value}".`);
  return Number(value.trim());
}

/**
 * The server's clock. Tests move it two ways, both refused in production, where the clock is the real one:
 * `CLOCK_START` (an ISO instant) starts it at that moment and lets it run from there, so the fixed trip
 * dates of the browser tests stay in the future whatever day they run; `CLOCK_OFFSET_MINUTES` moves it
 * ahead, to see what a traveller meets half an hour or a day later (an ended session, an expired order).
 */
export function serverClock(env: Record<string, string | undefined>, bootedAt = Date.now()): () => Date {
  const minutes = positiveNumberSetting(env, 'CLOCK_OFFSET_MINUTES');
  const start = env.CLOCK_START?.trim() ? Date.parse(env.CLOCK_START) : undefined;
  if (start !== undefined && !Number.isFinite(start)) throw new InvalidSettingError(`CLOCK_START must be an ISO instant such as 2026-11-21T15:00:00Z, not "${env.CLOCK_START}".`);
  if (minutes === undefined && start === undefined) return () => new Date();
  if (env.NODE_ENV === 'production') throw new InvalidSettingError('CLOCK_START and CLOCK_OFFSET_MINUTES move the clock for tests; they are refused in production.');
  const shiftMs = (minutes ?? 0) * 60_000 + (start === undefined ? 0 : start - bootedAt);
  return () => new Date(Date.now() + shiftMs);
}
