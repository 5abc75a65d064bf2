import { messages as en } from './locales/en/messages.po';
import { messages as es } from './locales/es/messages.po';
import { DEFAULT_LANGUAGE, activateLanguage, loadCatalogs } from './i18n.ts';

/**
 * Both catalogs at once, the default language active: for Storybook and the UI tests, which switch
 * languages between renders without waiting for a catalog chunk. The app fetches one at a time (i18n.ts).
 */
export function loadEveryCatalog() {
  loadCatalogs({ en, es });
  void activateLanguage(DEFAULT_LANGUAGE);
}
