import type { Language } from '../../../contract/common.ts';

/** A branded fare as the answers carry it: its name, and where the airline words it, per language. */
export interface NamedBrand {
  name: string;
  nameTranslations?: Partial<Record<Language, string>> | undefined;
}

/** The brand's name in the page's language: a worded name ('Tarifa base') reads 'Basic fare' in English (issue 20). */
export const brandNameIn = (brand: NamedBrand, language: Language): string => brand.nameTranslations?.[language] ?? brand.name;
