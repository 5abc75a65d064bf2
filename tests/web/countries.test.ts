import { describe, expect, it } from 'vitest';
import countries from 'i18n-iso-countries';
import englishNames from 'i18n-iso-countries/langs/en.json';
import spanishNames from 'i18n-iso-countries/langs/es.json';
import { marketCountrySchema } from '../../src/contract/common.ts';
import { countryName } from '../../src/web/features/home/countries.ts';

countries.registerLocale(englishNames);
countries.registerLocale(spanishNames);

describe('market country names (home page)', () => {
  it('are the names i18n-iso-countries gives, in both languages (RD is ISO DO)', () => {
    for (const language of ['es', 'en'] as const) {
      for (const country of marketCountrySchema.options) {
        expect(countryName(country, language)).toBe(countries.getName(country === 'RD' ? 'DO' : country, language));
      }
    }
  });
});

describe('nationality names (checkout)', () => {
  it("are i18n-iso-countries' official names, every country, in both languages", async () => {
    const { nationalityOptions } = await import('../../src/web/features/checkout/passengers/passenger-options.ts');
    for (const language of ['es', 'en'] as const) {
      const { first, rest } = nationalityOptions(language);
      const listed = Object.fromEntries([...first, ...rest].map((option) => [option.value, option.label]));
      expect(listed).toEqual(countries.getNames(language, { select: 'official' }));
    }
  });
});
