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
