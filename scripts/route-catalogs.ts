import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { CATALOG_INDEX_FILE, ROUTE_PIECE, routeKeyOfModule, type CatalogIndex } from '../src/contract/catalog-index.ts';

/**
 * Each page gets the messages its code names, not the whole catalog (issue 15: all 904 messages, 15 KB
 * brotli, went to every page; home names 99 of them). In the app build:
 *
 * - the "common" part holds the messages of the code every page loads (the entry's chunks and what they
 *   load lazily, routes aside); each route file gets a part with the messages of its split chunks and
 *   everything they import, statically or lazily, that the common part lacks. Parts are found in the
 *   built chunks themselves, so a message moved between files can never be left out;
 * - each part is a module per language, named by its content's hash, like any chunk;
 * - every split piece of a route waits (top-level await) for its route's part before it runs, so a
 *   route never renders a message not yet loaded; `routeCatalogReady` in src/web/i18n.ts loads it;
 * - the index (src/contract/catalog-index.ts) names the parts; the server puts it in each page with preloads of the page's
 *   own parts (src/server/page-preloads.ts). Without it (dev, tests, Storybook) the whole catalog loads.
 */

/** A built chunk as the part finder reads it (rolldown's OutputChunk has these fields). */
export interface ChunkOfBundle {
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

const CATALOG_MODULE = /[\\/]locales[\\/][^\\/]+[\\/]messages\.po$/;
const I18N_MODULE = fileURLToPath(new URL('../src/web/i18n.ts', import.meta.url));

/** The message ids a chunk's code names: any catalog id written as a string literal (a spare one costs bytes, not text). */
function idsNamedIn(code: string, ids: readonly string[]): string[] {
  return ids.filter((id) => code.includes(`\`${id}\``) || code.includes(`"${id}"`) || code.includes(`'${id}'`));
}

/** The ids of the common part and of each route's part, from the built chunks. */
export function catalogParts(chunks: readonly ChunkOfBundle[], ids: readonly string[]): { common: Set<string>; routes: Map<string, Set<string>> } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isCatalog = (chunk: ChunkOfBundle) => chunk.facadeModuleId !== null && CATALOG_MODULE.test(chunk.facadeModuleId);
  const isRoutePiece = (chunk: ChunkOfBundle) => routeKeyOfModule(chunk.facadeModuleId) !== null;
  /** Chunks `from` loads, statically or also lazily, up to (not into) route pieces and catalogs. */
  const reach = (from: ChunkOfBundle, lazily: boolean, found = new Set<ChunkOfBundle>()) => {
    if (found.has(from) || isCatalog(from)) return found;
    found.add(from);
    for (const file of lazily ? [...from.imports, ...from.dynamicImports] : from.imports) {
      const next = byFile.get(file);
      if (next && !isRoutePiece(next)) reach(next, lazily, found);
    }
    return found;
  };
  const namedBy = (found: Iterable<ChunkOfBundle>) => new Set([...found].flatMap((chunk) => idsNamedIn(chunk.code, ids)));

  const entryChunks = new Set<ChunkOfBundle>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) reach(entry, false, entryChunks);
  const commonChunks = new Set(entryChunks);
  for (const chunk of entryChunks) {
    for (const file of chunk.dynamicImports) {
      const lazy = byFile.get(file);
      if (lazy && !isRoutePiece(lazy)) reach(lazy, true, commonChunks);
    }
  }
  const common = namedBy(commonChunks);
  const routes = new Map<string, Set<string>>();
  for (const piece of chunks.filter(isRoutePiece)) {
    const key = routeKeyOfModule(piece.facadeModuleId)!;
    const part = routes.get(key) ?? new Set<string>();
    for (const id of namedBy(reach(piece, true))) if (!common.has(id)) part.add(id);
    routes.set(key, part);
  }
  return { common, routes };
}

/** A part as a module: the compiled messages of `ids`, as Lingui's own compiled catalogs export them. */
const partModule = (compiled: Record<string, unknown>, ids: Iterable<string>) =>
  `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries([...ids].map((id) => [id, compiled[id]]))))});\n`;

export const routeCatalogs = (): Plugin => {
  let root = process.cwd();
  return {
    name: 'vuelos:route-catalogs',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    transform: {
      filter: { id: ROUTE_PIECE },
      // On the piece's first line, so its source map's lines stay as they were.
      handler: (code, id) => ({
        code: `import { routeCatalogReady as __routeCatalogReady } from ${JSON.stringify(I18N_MODULE)};await __routeCatalogReady(${JSON.stringify(routeKeyOfModule(id))});${code}`,
        map: null,
      }),
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      // Storybook's build (which loads vite.config.ts too) has no routes: its stories load the whole catalogs.
      if (!chunks.some((chunk) => routeKeyOfModule(chunk.facadeModuleId) !== null)) return;
      const config = getConfig({ cwd: root });
      const [catalog] = await getCatalogs(config);
      if (!catalog) this.error('lingui.config has no catalog');
      const sourceLocale = config.sourceLocale ?? 'en';
      const compiledOf = new Map<string, Record<string, unknown>>();
      for (const locale of config.locales) {
        const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales || {}, sourceLocale });
        const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' });
        if (errors.length > 0) this.error(`${locale} catalog: ${errors.length} messages do not compile`);
        compiledOf.set(locale, (JSON.parse(String(source)) as { messages: Record<string, unknown> }).messages);
      }
      // The page's first chunk holds the entry module without being an entry chunk itself (the `initial` group).
      const built = chunks.map((chunk) => ({ ...chunk, isEntry: chunk.isEntry || chunk.moduleIds.some((id) => this.getModuleInfo(id)?.isEntry === true) }));
      if (!built.some((chunk) => chunk.isEntry)) this.error('no chunk holds the entry: the common catalog part would be empty');
      const { common, routes } = catalogParts(built, Object.keys(compiledOf.get(sourceLocale) ?? {}));
      const emitted = new Set<string>();
      const emitPart = (locale: string, ids: Set<string>) => {
        const source = partModule(compiledOf.get(locale)!, ids);
        const fileName = `assets/catalog-${locale}-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`;
        // Routes with the same messages (the four results routes) share one file.
        if (!emitted.has(fileName)) this.emitFile({ type: 'asset', fileName, source });
        emitted.add(fileName);
        return fileName;
      };
      const index: CatalogIndex = { common: {}, routes: {} };
      for (const locale of config.locales) {
        index.common[locale] = emitPart(locale, common);
        for (const [key, ids] of routes) if (ids.size > 0) (index.routes[key] ??= {})[locale] = emitPart(locale, ids);
      }
      this.emitFile({ type: 'asset', fileName: CATALOG_INDEX_FILE, source: `${JSON.stringify(index, null, 2)}\n` });
    },
  };
};
