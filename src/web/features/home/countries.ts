import countries from 'i18n-iso-countries';
import englishNames from 'i18n-iso-countries/langs/en.json';
import spanishNames from 'i18n-iso-countries/langs/es.json';
import type { Language, MarketCountry } from '../../../contract/common.ts';

countries.registerLocale(englishNames);
countries.registerLocale(spanishNames);

/** The spec writes the Dominican Republic as RD; ISO 3166 calls it DO. */
const isoCode: Record<MarketCountry, string> = { PE: 'PE', US: 'US', CO: 'CO', EC: 'EC', MX: 'MX', RD: 'DO' };

/** The country's name in the reader's language (official short names, e.g. "Perú", "Dominican Republic"). */
export function countryName(country: MarketCountry, language: Language): string {
  return countries.getName(isoCode[country], language) ?? country;
}
