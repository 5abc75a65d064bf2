import { i18n } from '@lingui/core';
import type { Language } from '../contract/common.ts';
import { messages as enMessages } from './locales/en/messages.po';
import { messages as esMessages } from './locales/es/messages.po';

export const DEFAULT_LANGUAGE: Language = 'en';

i18n.load({ en: enMessages, es: esMessages });
i18n.activate(DEFAULT_LANGUAGE);

/** Both catalogs are small and loaded up front, so switching language never flashes untranslated text. */
export function activateLanguage(language: Language) {
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
