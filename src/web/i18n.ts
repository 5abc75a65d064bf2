import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language } from '../contract/common.ts';
import { CATALOG_INDEX_ELEMENT, type CatalogIndex } from '../contract/catalog-index.ts';

export { DEFAULT_LANGUAGE };

/** Each language's whole catalog is a chunk of its own: what a page loads where the build's parts are not named (dev, `vite preview`). */
const catalogChunks: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('./locales/en/messages.po'),
  es: () => import('./locales/es/messages.po'),
};

/**
 * The built app's catalog parts, as the server writes their index into the page: the messages every
 * page's code names, and each route's own. Absent in dev, tests and Storybook.
 */
const catalogIndex = ((): CatalogIndex | null => {
  const text = typeof document === 'undefined' ? null : document.getElementById(CATALOG_INDEX_ELEMENT)?.textContent;
  return text ? (JSON.parse(text) as CatalogIndex) : null;
})();

const loadedCatalogs = new Set<Language>();
/** Scripts being fetched for Lingui, by address, and those loaded: each is fetched once. */
const pendingScripts = new Map<string, Promise<void>>();
const loadedScripts = new Set<string>();
/** The language last asked for (activateLanguage) and the routes loaded so far: their parts are what a page needs. */
let requestedLanguage: Language | null = null;
const wantedRoutes = new Set<string>();
/** The languages a route's part is loaded in: the one shown and, during a switch, the one coming. */
const shownLanguages = () => [...new Set([i18n.locale, requestedLanguage])].filter((language): language is Language => Boolean(language));

/** Catalogs at hand, loaded at once: Storybook and the UI tests switch languages between renders (all-catalogs.ts). */
export function loadCatalogs(catalogs: Partial<Record<Language, Messages>>) {
  for (const [language, messages] of Object.entries(catalogs) as Array<[Language, Messages]>) {
    i18n.load(language, messages);
    loadedCatalogs.add(language);
  }
}

/** Null when the script is loaded already: the caller goes on in the same turn. */
function loadOnce(key: string, language: Language, fetchScript: () => Promise<{ messages: Messages }>): Promise<void> | null {
  if (loadedScripts.has(key)) return null;
  let pending = pendingScripts.get(key);
  if (!pending) {
    // Parts add to what the language has (Lingui merges into its messages).
    pending = fetchScript().then(({ messages }) => {
      i18n.load(language, messages);
      loadedScripts.add(key);
    });
    // A failed fetch (the network dropped) is tried again on the next navigation.
    pending.catch(() => pendingScripts.delete(key));
    pendingScripts.set(key, pending);
  }
  return pending;
}

const importPart = (file: string) => () => import(/* @vite-ignore */ `${import.meta.env.BASE_URL}${file}`) as Promise<{ messages: Messages }>;

/** The loads still to wait for, none when everything is at hand. */
const stillLoading = (loads: Array<Promise<void> | null>) => {
  const pending = loads.filter((load) => load !== null);
  return pending.length > 0 ? Promise.all(pending) : null;
};

/** What `language` needs loaded now: the whole catalog, or the common part and every loaded route's part. */
function catalogFor(language: Language): Promise<unknown> | null {
  if (loadedCatalogs.has(language)) return null;
  if (!catalogIndex) return loadOnce(`whole:${language}`, language, catalogChunks[language]);
  const files = [catalogIndex.common[language], ...[...wantedRoutes].map((route) => catalogIndex.routes[route]?.[language])];
  return stillLoading(files.filter((file) => file !== undefined).map((file) => loadOnce(file, language, importPart(file))));
}

/** A route's part in every language the app shows or is switching to. */
function routeCatalog(routeKey: string): Promise<unknown> | null {
  const files = catalogIndex?.routes[routeKey];
  if (!files) return null;
  wantedRoutes.add(routeKey);
  return stillLoading(shownLanguages().map((language) => (files[language] ? loadOnce(files[language], language, importPart(files[language])) : null)));
}

const PART_RETRY_MS = 3_000;
const PART_RETRIES = 10;

/** Fetches a route's part again, later and later, until it loads: Lingui re-renders the page when it does. */
function retryRouteCatalog(routeKey: string, attempt = 1) {
  if (attempt > PART_RETRIES) return;
  setTimeout(() => void routeCatalog(routeKey)?.catch(() => retryRouteCatalog(routeKey, attempt + 1)), PART_RETRY_MS * attempt);
}

/**
 * Every split piece of a route waits for this before it runs (its top-level await, added by the build):
 * its messages are loaded before it can render. Immediate without the build's parts. It never fails: a
 * module whose evaluation failed stays failed in the browser until a reload, so on a dropped connection
 * the route renders and its part is fetched again until it arrives.
 */
export async function routeCatalogReady(routeKey: string): Promise<void> {
  try {
    await routeCatalog(routeKey);
  } catch {
    retryRouteCatalog(routeKey);
  }
}

/** The route file's name a route id comes from (flat routes: `/b/checkout/$id` is b.checkout.$id.tsx, `/` is index.tsx). */
export const routeKeyOf = (routeId: string) => (routeId === '/' ? 'index' : routeId.replace(/^\//, '').replaceAll('/', '.'));

/** Starts loading the parts of the routes a navigation (or a preload on intent) is about to load, beside their chunks. */
export function prefetchRouteCatalogs(routeIds: readonly string[]) {
  // A failure is the route's own wait's to handle (routeCatalogReady).
  for (const routeId of routeIds) void routeCatalog(routeKeyOf(routeId))?.catch(() => {});
}

/**
 * Shows `language`, fetching its catalog first when needed; the root route waits for it before
 * rendering, so a switch never flashes untranslated text. With the catalog loaded, it activates at
 * once (before the returned promise settles).
 */
export async function activateLanguage(language: Language): Promise<void> {
  requestedLanguage = language;
  const loading = catalogFor(language);
  if (loading) await loading;
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
