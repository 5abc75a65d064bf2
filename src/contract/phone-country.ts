/**
 * A phone number against its dial option's country (libphonenumber-js: its metadata is ~24 KB brotli,
 * so the checkout page loads this module only once a contact phone is typed; the server imports it).
 */
import { isValidPhoneNumber, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js';
import type { DialOptionValue } from './checkout.ts';
import { phoneFormIssue, type PhoneIssue } from './checkout-rules.ts';

/** What the country says of a number whose form is right: too short, too long, or not a number there. */
export type PhoneCountryIssue = Extract<PhoneIssue, 'tooShort' | 'tooLong' | 'invalidForCountry'>;

export function phoneCountryIssue(digits: string, dialOption: DialOptionValue): PhoneCountryIssue | null {
  const country = dialOption.slice(0, 2) as CountryCode;
  const length = validatePhoneNumberLength(digits, country);
  if (length === 'TOO_SHORT') return 'tooShort';
  if (length === 'TOO_LONG') return 'tooLong';
  return isValidPhoneNumber(digits, country) ? null : 'invalidForCountry';
}

/**
 * Checks a phone number (without its dial code), first failure wins: its form (phoneFormIssue) and,
 * where the dial option is known, that it is a number of that country.
 */
export function phoneNumberIssue(phoneNumber: string | undefined, dialOption?: DialOptionValue | null): PhoneIssue | null {
  const form = phoneFormIssue(phoneNumber);
  if (form || !dialOption) return form;
  return phoneCountryIssue((phoneNumber ?? '').trim(), dialOption);
}

/** A phone number valid for the dial option's country (libphonenumber-js). */
export function isValidContactPhone(dialOption: DialOptionValue, phoneNumber: string): boolean {
  return phoneNumberIssue(phoneNumber, dialOption) === null;
}
