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

/** Reads the build's manifest once; without one (an older build, tests) no page gets hints. */
export function readPagePreloads(distDir: string): PagePreloads {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { linksFor: () => '' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const base = '/vuelos/';
  const catalogParts = catalogPartsOf(distDir, base);
  // The entry's own chunks are in the page already.
  const inPage = new Set(Object.values(manifest).filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file)]));
  const chunksOf = (key: string, found = new Set<ManifestChunk>()): Set<ManifestChunk> => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk)) return found;
    found.add(chunk);
    for (const imported of chunk.imports ?? []) chunksOf(imported, found);
    return found;
  };
  // A route's style sheets too: the client's loader adds none that the page already links.
  const links = (key: string) => {
    const chunks = [...chunksOf(key)].filter((chunk) => !inPage.has(chunk.file));
    const styles = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
    return [
      ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${base}${chunk.file}">`),
      ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ].join('');
  };
  const cache = new Map<string, string>();
  const cached = (key: string) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = links(key)));
    return value;
  };
  return {
    linksFor(landing, { language, terminalId }) {
      const catalog = catalogParts ? catalogParts(landing, language) : cached(`src/web/locales/${language}/messages.po`);
      // Every page first reads its terminal's engine (the root layout): fetched beside the scripts, as the client will ask.
      const engine = landing && terminalIdSchema.safeParse(terminalId ?? DEFAULT_TERMINAL_ID).success ? engineLink(terminalId ?? DEFAULT_TERMINAL_ID) : '';
      const lazy = landing ? (LAZY_NEEDS[landing.page] ?? []).map(cached).join('') : '';
      return catalog + (landing ? cached(routeFileOf(landing.page, landing.agency)) : '') + lazy + engine + placeLinks(routeCodesOf(landing) ?? [], language) + brandedFaresLink(landing);
    },
  };
}
