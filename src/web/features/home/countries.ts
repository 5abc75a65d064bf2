import type { Language, MarketCountry } from '../../../contract/common.ts';

/**
 * The six market countries' names in the reader's language: the official short names of ISO 3166 as
 * i18n-iso-countries writes them ("Perú", "United States of America", "Dominican Republic"; the spec's
 * RD is ISO's DO). Written out here so the home page does not load that package's whole name tables
 * (the checkout's nationality list still does).
 */
const names: Record<Language, Record<MarketCountry, string>> = {
  es: { PE: 'Perú', US: 'Estados Unidos', CO: 'Colombia', EC: 'Ecuador', MX: 'México', RD: 'República Dominicana' },
  en: { PE: 'Peru', US: 'United States of America', CO: 'Colombia', EC: 'Ecuador', MX: 'Mexico', RD: 'Dominican Republic' },
};

/** The country's name in the reader's language (official short names, e.g. "Perú", "Dominican Republic"). */
export function countryName(country: MarketCountry, language: Language): string {
  return names[language][country];
}
