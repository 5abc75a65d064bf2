import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TERMINAL_ID, terminalIdSchema, type Language } from '../contract/common.ts';
import { locationCodeSchema } from '../contract/search.ts';
import { CATALOG_INDEX_ELEMENT, CATALOG_INDEX_FILE, routeKeyOfModule, type CatalogIndex } from '../contract/catalog-index.ts';

/**
 * Preload hints for the page a request opens (issue 15). The built page names only the entry chunk; the
 * route's own chunks and the language catalog were found by the entry when it ran, one round trip after
 * another: on a phone's network (~0.56 s a round trip) the home page waited for four such steps before its
 * first paint. The page now names them in its head as `modulepreload` links, so they download beside the
 * entry. The build's manifest (vite `build.manifest`) gives each route file's chunk and every chunk it
 * imports.
 *
 * Only the pages a traveller lands on are listed; on any other path, or if this table and the router's
 * drift apart, a page just loads as it did before, with the catalog preloaded.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ROUTE_FILE = {
  home: 'src/web/routes/index.tsx?tsr-split=component',
  oneWay: 'src/web/routes/$origin.$destination.$dateFrom.$adults.$children.$infants.tsx?tsr-split=component',
  roundTrip: 'src/web/routes/$origin.$destination.$dateFrom.$dateTo.$adults.$children.$infants.tsx?tsr-split=component',
  checkout: 'src/web/routes/checkout.$id.tsx?tsr-split=component',
} as const;
type LandingPage = keyof typeof ROUTE_FILE;
/**
 * Modules a page imports lazily but needs at once: the checkout parses its session with the whole session
 * contract, and draws its extras and seats (issue 38). Preloaded beside the route's own chunks.
 */
const LAZY_NEEDS: Partial<Record<LandingPage, string[]>> = {
  checkout: ['src/contract/session.ts', 'src/web/features/checkout/CheckoutAncillaries.tsx'],
};
export interface Landing {
  page: LandingPage;
  agency: boolean;
  /** The path's segments after /vuelos/ (and b/): a results page's start with its origin and destination. */
  segments: string[];
}

/** The landing page of a path under /vuelos/, agency (`/b/…`) pages included, as the router's files name them. */
export function landingPageOf(pathname: string): Landing | null {
  const segments = pathname.replace(/^\/vuelos\/?/, '').split('/').filter(Boolean);
  const agency = segments[0] === 'b';
  const rest = agency ? segments.slice(1) : segments;
  if (rest.length === 0) return agency ? null : { page: 'home', agency, segments: rest };
  if (rest.length === 2 && rest[0] === 'checkout') return { page: 'checkout', agency, segments: rest };
  // Results: origin, destination, dates, then three passenger counts.
  const counts = rest.slice(-3);
  if ((rest.length === 6 || rest.length === 7) && counts.every((count) => /^\d+$/.test(count))) return { page: rest.length === 6 ? 'oneWay' : 'roundTrip', agency, segments: rest };
  return null;
}

const routeFileOf = (page: LandingPage, agency: boolean) => (agency ? ROUTE_FILE[page].replace('src/web/routes/', 'src/web/routes/b.') : ROUTE_FILE[page]);

export interface PagePreloads {
  /** The `<link>` tags for a request's path, language and terminal, to go at the end of the page's head. */
  linksFor(landing: Landing | null, query: { language: Language; terminalId: string | undefined }): string;
}

// The client's API calls send credentials (src/web/lib/api.ts): a preload is used only if it was made the same way.
const engineLink = (terminalId: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/engines/${encodeURIComponent(terminalId)}">`;

/** A results page's origin and destination, read as the client reads them (upper case), if its address has two codes. */
export function routeCodesOf(landing: Landing | null): [string, string] | null {
  if (landing?.page !== 'oneWay' && landing?.page !== 'roundTrip') return null;
  const origin = locationCodeSchema.safeParse(landing.segments[0]);
  const destination = locationCodeSchema.safeParse(landing.segments[1]);
  return origin.success && destination.success ? [origin.data, destination.data] : null;
}

/** A results or checkout page's heading names its two cities (the airport call, spec 1 §7): fetched beside the scripts too. */
export const placeLinks = (codes: readonly string[], language: Language) =>
  codes.map((code) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/airport/${encodeURIComponent(code)}/${language}">`).join('');

/** The results cards' fare colours (GET /api/flights/branded_fares): the page asks for them with its search. */
const brandedFaresLink = (landing: Landing | null) =>
  landing?.page === 'oneWay' || landing?.page === 'roundTrip' ? '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/flights/branded_fares">' : '';

/**
 * The build's catalog parts (scripts/route-catalogs.ts): the page carries their index, which the client reads,
 * and preloads the common part and its route's. Null for a build without parts: the page preloads the whole catalog.
 */
function catalogPartsOf(distDir: string, base: string) {
  const indexFile = join(distDir, CATALOG_INDEX_FILE);
  if (!existsSync(indexFile)) return null;
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as CatalogIndex;
  // `<` written as an escape: the index can never close its script element.
  const indexElement = `<script type="application/json" id="${CATALOG_INDEX_ELEMENT}">${JSON.stringify(index).replaceAll('<', '\\u003c')}</script>`;
  const preload = (file: string | undefined) => (file ? `<link rel="modulepreload" crossorigin href="${base}${file}">` : '');
  return (landing: Landing | null, language: Language) =>
    indexElement + preload(index.common[language]) + (landing ? preload(index.routes[routeKeyOfModule(routeFileOf(landing.page, landing.agency)) ?? '']?.[language]) : '');
}

/** The built files a page's HTML names (`assets/…`), as the build wrote them. */
const filesNamedIn = (html: string, base: string) => new Set([...html.matchAll(new RegExp(`"${base}(assets/[^"]+)"`, 'g'))].map((match) => match[1]!));

/**
 * Style sheets written into the page (issue 38). Linked, each was a request that held the first paint, queued
 * with the page's scripts on the browser's six connections to the server: on a phone's network (~0.56 s a
 * round trip) the checkout first painted at 2.5 s. Each sheet stays named by a disabled link, which the
 * browser never fetches: the chunk loader (vite's preload helper) adds a route's sheet when it loads the route
 * only if no `link rel=stylesheet` names it. The build's sheets have no `url()`, so none is relative to its address.
 */
export function styleSheetInliner(distDir: string, base: string) {
  const contents = new Map<string, string | null>();
  const contentOf = (file: string) => {
    if (!contents.has(file)) {
      const path = join(distDir, file);
      contents.set(file, existsSync(path) ? readFileSync(path, 'utf8') : null);
    }
    return contents.get(file) ?? null;
  };
  const inlined = (file: string) => {
    const link = `<link rel="stylesheet" crossorigin href="${base}${file}">`;
    const content = contentOf(file);
    return content === null ? link : `<style>${content}</style>${link.replace('>', ' disabled>')}`;
  };
  return {
    /** The sheets `files` (`assets/….css`), each once, in their order. */
    sheets: (files: Iterable<string>) => [...new Set(files)].map(inlined).join(''),
    /** The built page with its linked sheets written in. */
    page: (html: string) => html.replace(new RegExp(`<link rel="stylesheet" crossorigin href="${base}(assets/[^"]+\\.css)">`, 'g'), (_link, file: string) => inlined(file)),
  };
}

/** Reads the build's manifest once; without one (an older build, tests) no page gets hints. */
export function readPagePreloads(distDir: string): PagePreloads {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { linksFor: () => '' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const base = '/vuelos/';
  const catalogParts = catalogPartsOf(distDir, base);
  const styleSheets = styleSheetInliner(distDir, base);
  // The page's own scripts and sheets (the entry's) are in it already.
  const indexFile = join(distDir, 'index.html');
  const inPage = existsSync(indexFile) ? filesNamedIn(readFileSync(indexFile, 'utf8'), base) : new Set<string>();
  for (const entry of Object.values(manifest).filter((chunk) => chunk.isEntry)) for (const file of [entry.file, ...(entry.imports ?? []).map((key) => manifest[key]?.file), ...(entry.css ?? [])]) if (file) inPage.add(file);
  const chunksOf = (key: string, found = new Set<ManifestChunk>()): Set<ManifestChunk> => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk)) return found;
    found.add(chunk);
    for (const imported of chunk.imports ?? []) chunksOf(imported, found);
    return found;
  };
  /** A module's chunks to preload and the style sheets they bring, the page's own left out. */
  const partsOf = (key: string) => {
    const chunks = [...chunksOf(key)];
    return {
      preloads: chunks.filter((chunk) => !inPage.has(chunk.file)).map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.file}">`).join(''),
      sheets: chunks.flatMap((chunk) => chunk.css ?? []).filter((file) => !inPage.has(file)),
    };
  };
  const cache = new Map<string, ReturnType<typeof partsOf>>();
  const cached = (key: string) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = partsOf(key)));
    return value;
  };
  return {
    linksFor(landing, { language, terminalId }) {
      const catalog = catalogParts ? catalogParts(landing, language) : cached(`src/web/locales/${language}/messages.po`).preloads;
      // Every page first reads its terminal's engine (the root layout): fetched beside the scripts, as the client will ask.
      const engine = landing && terminalIdSchema.safeParse(terminalId ?? DEFAULT_TERMINAL_ID).success ? engineLink(terminalId ?? DEFAULT_TERMINAL_ID) : '';
      const modules = landing ? [routeFileOf(landing.page, landing.agency), ...(LAZY_NEEDS[landing.page] ?? [])].map(cached) : [];
      return (
        catalog +
        modules.map((module) => module.preloads).join('') +
        styleSheets.sheets(modules.flatMap((module) => module.sheets)) +
        engine +
        placeLinks(routeCodesOf(landing) ?? [], language) +
        brandedFaresLink(landing)
      );
    },
  };
}
