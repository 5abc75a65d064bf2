import englishNames from 'i18n-iso-countries/langs/en.json';
import spanishNames from 'i18n-iso-countries/langs/es.json';
import { PRIORITY_COUNTRIES } from '../../../../contract/checkout.ts';
import type { Language } from '../../../../contract/common.ts';

/**
 * i18n-iso-countries' name tables, read as its getNames(language, { select: 'official' }) reads them
 * (a country with several names is called by the first), without the package's lookup code, its
 * alpha-3/numeric code tables and its diacritics table, which the page never uses.
 */
const nameTables: Record<Language, Record<string, string | string[]>> = { en: englishNames.countries, es: spanishNames.countries };
const officialNames = (language: Language): Record<string, string> =>
  Object.fromEntries(Object.entries(nameTables[language]).map(([code, names]) => [code, Array.isArray(names) ? names[0]! : names]));

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<Language, { first: CountryOption[]; rest: CountryOption[] }>();

/** Nationalities: Peru, US, Ecuador, Colombia, Mexico, Dominican Republic first, then the rest by name (spec 2 §3). */
export function nationalityOptions(language: Language): { first: CountryOption[]; rest: CountryOption[] } {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = officialNames(language);
  // One collator for the whole sort: localeCompare with a locale builds one per comparison.
  const collator = new Intl.Collator(language);
  const first = PRIORITY_COUNTRIES.map((code) => ({ value: code, label: names[code] ?? code }));
  const rest = Object.entries(names)
    .filter(([code]) => !(PRIORITY_COUNTRIES as readonly string[]).includes(code))
    .map(([code, label]) => ({ value: code, label }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const options = { first, rest };
  cache.set(language, options);
  return options;
}

/** Month names in the reader's language (1 = January). */
export function monthName(month: number, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
