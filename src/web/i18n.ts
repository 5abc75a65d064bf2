import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language } from '../contract/common.ts';

export { DEFAULT_LANGUAGE };

/** Each language's catalog is a chunk of its own (~35 KB compressed): a page downloads only the language it shows. */
const catalogChunks: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('./locales/en/messages.po'),
  es: () => import('./locales/es/messages.po'),
};
const loadedCatalogs = new Set<Language>();
const pendingCatalogs = new Map<Language, Promise<void>>();

/** Catalogs at hand, loaded at once: Storybook and the UI tests switch languages between renders (all-catalogs.ts). */
export function loadCatalogs(catalogs: Partial<Record<Language, Messages>>) {
  for (const [language, messages] of Object.entries(catalogs) as Array<[Language, Messages]>) {
    i18n.load(language, messages);
    loadedCatalogs.add(language);
  }
}

function fetchCatalog(language: Language): Promise<void> {
  let pending = pendingCatalogs.get(language);
  if (!pending) {
    pending = catalogChunks[language]().then(({ messages }) => loadCatalogs({ [language]: messages }));
    // A failed fetch (the network dropped) is tried again on the next navigation.
    pending.catch(() => pendingCatalogs.delete(language));
    pendingCatalogs.set(language, pending);
  }
  return pending;
}

/**
 * Shows `language`, fetching its catalog first when needed; the root route waits for it before
 * rendering, so a switch never flashes untranslated text. With the catalog loaded, it activates at
 * once (before the returned promise settles).
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loadedCatalogs.has(language)) await fetchCatalog(language);
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
