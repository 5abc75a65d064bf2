/**
 * The built app's catalog parts (scripts/route-catalogs.ts makes them; issue 15): each page loads the
 * messages its code names, not the whole catalog. The server reads this index from the build and writes
 * it into every page, in a JSON script element the client reads (src/web/i18n.ts).
 */
export interface CatalogIndex {
  /** Language → the file (under the app's base) of the messages every page's own code names. */
  common: Record<string, string>;
  /** Route key (the route file's name without `.tsx`: `checkout.$id`) → language → that route's part. */
  routes: Record<string, Record<string, string>>;
}

/** Where the build writes the index, beside its manifest (never served as a file). */
export const CATALOG_INDEX_FILE = '.vite/catalogs.json';
/** The id of the page's element that carries the index. */
export const CATALOG_INDEX_ELEMENT = 'vuelos-catalogs';

/** A split piece of a route file (TanStack Router's code splitting), by its module id. */
export const ROUTE_PIECE = /(?:^|[\\/])src[\\/]web[\\/]routes[\\/]([^\\/]+)\.tsx\?tsr-split=/;

/**
 * The route key of a split route piece's module id, absolute or from the project's root (`checkout.$id` for
 * src/web/routes/checkout.$id.tsx?tsr-split=component); null for any other module.
 */
export const routeKeyOfModule = (moduleId: string | null) => (moduleId ? (ROUTE_PIECE.exec(moduleId)?.[1] ?? null) : null);
