import { DIAL_CODES } from '../../../../contract/checkout.ts';

export interface DialOption {
  value: string;
  label: string;
}

const cache = new Map<string, { contact: DialOption[]; country: DialOption[] }>();

/**
 * The dial-code list of the contact form ("Perú (+51)") and the agency's country list ("Perú"), in the
 * spec's order, with each country named in the page's language (CLDR via Intl.DisplayNames).
 */
export function dialOptions(locale: string): { contact: DialOption[]; country: DialOption[] } {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const nameOf = (code: (typeof DIAL_CODES)[number]) => names.of(code.iso2) ?? code.name;
  const options = {
    contact: DIAL_CODES.map((code) => ({ value: `${code.iso2}+${code.dialCode}`, label: `${nameOf(code)} (+${code.dialCode})` })),
    country: DIAL_CODES.map((code) => ({ value: `${code.iso2}+${code.dialCode}`, label: nameOf(code) })),
  };
  cache.set(locale, options);
  return options;
}
