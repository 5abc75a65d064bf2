/**
 * Suppliers' money (Duffel's decimal strings, "123.40") in integer minor units, read digit by digit: no
 * binary floating point between the supplier's text and the amount kept. The contract's amounts are
 * major units (US$ 123.4), made from the minor units only at the edge.
 */

const fractionDigitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has (2 for USD and PEN, 0 for JPY, 3 for KWD). */
export function fractionDigits(currency: string): number {
  let digits = fractionDigitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    fractionDigitsCache.set(currency, digits);
  }
  return digits;
}

export class InvalidAmount extends Error {}

/** "123.4" USD → 12340. A negative or malformed amount, or more decimals than the currency has, throws InvalidAmount. */
export function toMinorUnits(amount: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new InvalidAmount(`"${amount}" is not a decimal amount`);
  const digits = fractionDigits(currency);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > digits) throw new InvalidAmount(`"${amount}" has more decimals than ${currency} has`);
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  if (!Number.isSafeInteger(minor)) throw new InvalidAmount(`"${amount}" is too large`);
  return minor;
}

/** 12340 USD → 123.4, the contract's number (exact to the cent: one division of an integer). */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** fractionDigits(currency);
}

/** 12340 USD → "123.40", the text a supplier expects back (Duffel's payment amount). */
export function toDecimalText(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
