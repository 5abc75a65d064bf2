import { useLingui } from '@lingui/react/macro';
import { languageOr, type Language } from '../../../contract/common.ts';

/** The interface language as the API's `language` parameter. */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return languageOr('en', i18n.locale);
}

/** react-aria's locale for dates, numbers and calendar labels, following the interface language. */
export const ariaLocaleOf = (language: Language) => (language === 'es' ? 'es-PE' : 'en-US');
