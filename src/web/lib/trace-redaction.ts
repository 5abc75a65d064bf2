import { Temporal } from 'temporal-polyfill';
import { AGE_BANDS, dialOptionSchema, INSURANCE_MAX_AGE, type DialOptionValue } from '../../contract/checkout.ts';
import { emailSchema } from '../../contract/common.ts';
import { rucIssue } from '../../contract/checkout-rules.ts';
import { phoneNumberIssue } from '../../contract/phone-country.ts';
import { todayInLima } from './dates.ts';

/**
 * Format-keeping redaction for recorded traces (developer tooling). Personal data is replaced by fake
 * values of the same shape that pass or fail the same checkout validations as the real ones, so a
 * recorded checkout replays to the same state; card secrets are dropped.
 *
 * - Names, phone and document numbers, RUC, frequent-flyer numbers, addresses, account ids and tokens:
 *   every letter becomes a letter and every digit a digit, case, spaces and punctuation stay. The
 *   first distinct value of a shape is all `x`/`0` ("Rosa" → "Xxxx", "987654321" → "000000000"); the
 *   next distinct values of that shape differ in their last characters ("Xxxy"), so values that were
 *   equal (ignoring case and spaces, as the duplicate-name check compares them) stay equal and
 *   different ones stay different. Only within one recorder: the pairing is never written down.
 * - Phone numbers beside a dial code (the contact's) and RUCs keep as many leading digits as their
 *   check needs to say the same (a Peruvian mobile keeps its 9, a RUC its two-digit taxpayer type), the
 *   rest masked as above; never more than all but four.
 * - E-mails: a valid address becomes `xxxx@example.com` with a local part of the same length; an
 *   invalid one stays invalid (masked, without its `@`).
 * - Birthdates: not the real date, not even its year. The checkout only asks which age band a birthdate
 *   falls in on the trip's final arrival date (infant under 2, child under 12, adult, adult over the
 *   insurance age of 70, 100 or older is refused), so the fake is the middle of that band: 1, 7, 41,
 *   85 or 101 years before the final arrival, and never after today. The band — already implied by the
 *   passenger type — is all that survives.
 * - Card number, security code and expiry: never recorded (the key is left out). The checkout only
 *   ever receives a gateway token, the brand and the last four digits; the token is masked.
 */

/** The dates ages are measured on: the trip's final arrival and today (America/Lima). */
export interface AgeReference {
  finalArrival: Temporal.PlainDate;
  today: Temporal.PlainDate;
}

const cardSecretKey = /card_?number|^pan$|cvv|cvc|security_?code|expir/i;
const birthdateKey = /birth/i;
const emailKey = /e-?mail/i;
const identifyingKey =
  /^(first|last|middle|second_?last|full|given|sur|holder|card_?holder)_?name$|phone|doc(ument)?_?(number|id)$|^ruc$|frequent_?flyer|address|zip_?code|account_?id|token/i;

const FAKE_LETTERS = 'xyzabcdefghijklmnopqrstuvw';
const FAKE_DIGITS = '0123456789';
const isLetter = (char: string) => /\p{L}/u.test(char);
const isDigit = (char: string) => /\d/.test(char);

/** Ages the checkout tells apart on the final arrival date: 2 (child), 12 (adult), 71 (no insurance), 100 (refused). */
const AGE_EDGES = [AGE_BANDS.CHD.minYears, AGE_BANDS.ADT.minYears, INSURANCE_MAX_AGE + 1, AGE_BANDS.ADT.maxYears];

/** The middle of the real birthdate's age band on the final arrival date, never after today; a future date stays future. */
export function bandBirthdate(real: Temporal.PlainDate, { finalArrival, today }: AgeReference): Temporal.PlainDate {
  if (Temporal.PlainDate.compare(real, today) > 0) return today.add({ days: 1 });
  const age = real.until(finalArrival, { largestUnit: 'years' }).years;
  const lower = [0, ...AGE_EDGES].findLast((edge) => age >= edge) ?? 0;
  const upper = AGE_EDGES.find((edge) => edge > age) ?? lower + 2;
  const fake = finalArrival.subtract({ years: Math.floor((lower + upper) / 2) });
  return Temporal.PlainDate.compare(fake, today) > 0 ? today : fake;
}

function plainDateOf(value: unknown): Temporal.PlainDate | null {
  try {
    if (typeof value === 'string') return Temporal.PlainDate.from(value, { overflow: 'reject' });
    const { year, month, day } = (value ?? {}) as { year?: unknown; month?: unknown; day?: unknown };
    if ([year, month, day].every((part) => typeof part === 'number')) return Temporal.PlainDate.from({ year, month, day } as Temporal.PlainDateLike, { overflow: 'reject' });
  } catch {
    // Not a real calendar date: handled below as an incomplete one.
  }
  return null;
}

/**
 * A redactor for one trace. `ageReference` is read for each value: the checkout measures ages on the
 * trip's final arrival, anything else on today.
 */
export function createRedactor() {
  /** shape → normalized real value → variant number; the variant makes distinct values distinct fakes. */
  const variants = new Map<string, Map<string, number>>();
  /** Values compare as the duplicate-name check compares names: ignoring case and spaces. */
  const variantOf = (shape: string, real: string) => {
    const normalized = real.replace(/\s+/g, '').toLocaleUpperCase('es');
    const seen = variants.get(shape) ?? new Map<string, number>();
    variants.set(shape, seen);
    if (!seen.has(normalized)) seen.set(normalized, seen.size);
    return seen.get(normalized)!;
  };
  const shapeOf = (real: string) => [...real.replace(/\s+/g, '')].map((char) => (isLetter(char) ? 'L' : isDigit(char) ? 'D' : char)).join('');

  /** The template with letters → fake letters, digits → fake digits (variant written into the last ones), the rest kept. */
  const fakeLike = (template: string, variant: number) => {
    const chars = [...template];
    for (let index = chars.length - 1; index >= 0; index--) {
      const char = chars[index]!;
      const alphabet = isLetter(char) ? FAKE_LETTERS : isDigit(char) ? FAKE_DIGITS : null;
      if (!alphabet) continue;
      const fake = alphabet[variant % alphabet.length]!;
      variant = Math.floor(variant / alphabet.length);
      chars[index] = char !== char.toLocaleLowerCase('es') ? fake.toUpperCase() : fake;
    }
    return chars.join('');
  };
  const masked = (real: string, kind = 'text') => fakeLike(real, variantOf(`${kind}:${shapeOf(real)}`, real));

  const maskedDeep = (value: unknown): unknown => {
    if (typeof value === 'string') return masked(value);
    if (typeof value === 'number') return Number(masked(String(value)));
    if (Array.isArray(value)) return value.map(maskedDeep);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, maskedDeep(child)]));
    return value;
  };

  const fakeEmail = (real: string) => {
    if (!emailSchema.safeParse(real).success) return masked(real.replaceAll('@', 'x'), 'email');
    const localLength = [...real.trim().split('@')[0]!].length;
    return `${fakeLike('x'.repeat(localLength), variantOf(`email:${localLength}`, real))}@example.com`;
  };

  /**
   * The fewest leading digits kept (the rest masked) that leave the value's check answering the same;
   * at least four digits are always masked.
   */
  const fakeKeepingCheck = (real: string, kind: string, check: (value: string) => string | null) => {
    const want = check(real);
    for (let keep = 0; keep <= real.length - 4; keep++) {
      const fake = real.slice(0, keep) + masked(real.slice(keep), `${kind}${keep}`);
      if (check(fake) === want) return fake;
    }
    return masked(real, kind);
  };
  const fakePhone = (real: string, dialOption: DialOptionValue) => fakeKeepingCheck(real, 'phone', (value) => phoneNumberIssue(value, dialOption));
  const fakeRuc = (real: string) => fakeKeepingCheck(real, 'ruc', rucIssue);

  const fakeBirthdate = (real: unknown, reference: AgeReference) => {
    const date = plainDateOf(real);
    // An incomplete birthdate is as invalid as an empty one, and its parts are personal.
    if (!date) return typeof real === 'string' ? '' : {};
    const fake = bandBirthdate(date, reference);
    return typeof real === 'string' ? fake.toString() : { year: fake.year, month: fake.month, day: fake.day };
  };

  const redact = (value: unknown, reference: AgeReference): unknown => {
    if (Array.isArray(value)) return value.map((child) => redact(child, reference));
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Error) return { name: value.name, message: value.message };
    const dialOption = dialOptionSchema.safeParse((value as { countryCode?: unknown }).countryCode);
    const entries = Object.entries(value).flatMap(([key, child]): [string, unknown][] => {
      if (cardSecretKey.test(key)) return [];
      if (child === undefined || child === null) return [[key, child]];
      if (/phone/i.test(key) && typeof child === 'string' && dialOption.success) return [[key, fakePhone(child, dialOption.data)]];
      if (/^ruc$/i.test(key) && typeof child === 'string') return [[key, fakeRuc(child)]];
      if (birthdateKey.test(key)) return [[key, fakeBirthdate(child, reference)]];
      if (emailKey.test(key) && typeof child === 'string') return [[key, fakeEmail(child)]];
      if (identifyingKey.test(key) || emailKey.test(key)) return [[key, maskedDeep(child)]];
      return [[key, redact(child, reference)]];
    });
    return Object.fromEntries(entries);
  };

  return (value: unknown, reference?: AgeReference) => {
    const today = Temporal.PlainDate.from(todayInLima());
    return redact(value, reference ?? { finalArrival: today, today });
  };
}
