import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compress } from './src/server/compression.ts';
import { routeCatalogs } from './scripts/route-catalogs.ts';

/** React with Lingui macros and `.po` catalogs: what any bundle of components needs (app, Storybook tests). */
export const componentPlugins = () => [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()];

/**
 * The app runs under a CSP without 'unsafe-eval' (src/server/security-headers.ts): zod must validate
 * without compiling code, and must not even probe for eval (the browser reports a caught probe as a
 * violation). Its config is set before zod's core module runs, whatever order the chunks load in. Only
 * in the built app: the dev server sends no CSP, and tests keep zod as the server runs it.
 */
const zodWithoutEval = (): Plugin => ({
  name: 'vuelos:zod-without-eval',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
    return { code: `globalThis.__zod_globalConfig ??= { jitless: true };\n${code}`, map: null };
  },
});

/**
 * Every zod schema carries the code that writes it as a JSON Schema (`toJSONSchema`, `~standard.jsonSchema`),
 * 17 KB of the first chunk that the app never runs: only the server describes its API that way. In the
 * app build those functions throw when called. The checks summary the schemas' getters read (`minLength`,
 * `format`: aggregateChecks, at the head of the processors' module) is kept as it is.
 */
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const zodWithoutJsonSchema = (): Plugin => ({
  name: 'vuelos:zod-without-json-schema',
  apply: 'build',
  transform: {
    filter: { id: ZOD_JSON_SCHEMA },
    handler(code, id) {
      const processors = id.endsWith('processors.js');
      const cut = processors ? code.indexOf('\nconst formatMap = ') : code.indexOf('\nexport ');
      if (cut < 0) this.error(`zod changed: ${id} has no ${processors ? 'formatMap' : 'export'} to cut at`);
      const names = [...code.slice(cut).matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => String(match[1]));
      const stubs = names.map((name) =>
        // The schemas make their JSON Schema methods eagerly (a `~standard` read): only calling one throws.
        name.startsWith('create') ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
      );
      const unavailable = `const unavailable = () => { throw new Error('zod: JSON Schema is not in the app build (vite.config.ts)'); };`;
      const kept = processors ? code.slice(0, cut).replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";\n/m, '') : '';
      return { code: [kept, unavailable, ...stubs, processors ? '' : 'export { processSchema as process };'].join('\n'), map: null };
    },
  },
});

/**
 * React Aria ships its own strings (a date field's "Calendar", a combo box's "Show suggestions") in 34
 * locales, all bundled with each component: 137 KB of the search form's 211 KB chunk. The app speaks
 * Spanish and English only, so the other locales' imports are dropped from its string tables; React
 * Aria finds a locale's strings by its language (es-PE reads es-ES) and falls back to en-US.
 */
const KEPT_ARIA_LOCALES = new Set(['en-US', 'es-ES']);
const ariaLocalesOfTheApp = (): Plugin => ({
  name: 'vuelos:aria-locales-of-the-app',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]react-aria(?:-components)?[\\/]dist[\\/]private[\\/](?:.+[\\/])?intlStrings\.mjs$/ },
    handler(code) {
      const dropped = new Set<string>();
      const kept = code.replace(/^import (\S+) from "[^"]*\/([a-z]{2}-[A-Z]{2})\.mjs";\n/gm, (line, name: string, locale: string) => {
        if (KEPT_ARIA_LOCALES.has(locale)) return line;
        dropped.add(name);
        return '';
      });
      const entries = kept.replace(/^\s*"[a-z]{2}-[A-Z]{2}": (\S+?),?\n/gm, (line, name: string) => (dropped.has(name) ? '' : line));
      return { code: entries.replace(/,(\s*\n\};)/, '$1'), map: null };
    },
  },
});

/**
 * The date pickers read dates in the Gregorian calendar only (their locales are es-PE and en-US), but
 * @internationalized/date's createCalendar brings all eleven calendars along (Islamic, Hebrew,
 * Japanese…). In the build it makes the Gregorian one, which is what it answers for 'gregory' and
 * for any calendar it does not know.
 */
const gregorianCalendarOnly = (): Plugin => ({
  name: 'vuelos:gregorian-calendar-only',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]@internationalized[\\/]date[\\/]dist[\\/]private[\\/]createCalendar\.mjs$/ },
    handler: () => ({
      code: `import { GregorianCalendar } from './calendars/GregorianCalendar.mjs';\nexport function createCalendar() {\n  return new GregorianCalendar();\n}\n`,
      map: null,
    }),
  },
});

/**
 * In the app build, `temporal-polyfill` means src/web/lib/temporal-native.ts: the browser's own Temporal,
 * or the polyfill fetched when it has none. The module itself still reaches the real package.
 */
const TEMPORAL_NATIVE = fileURLToPath(new URL('./src/web/lib/temporal-native.ts', import.meta.url));
const nativeTemporal = (): Plugin => ({
  name: 'vuelos:native-temporal',
  apply: 'build',
  enforce: 'pre',
  resolveId: {
    filter: { id: /^temporal-polyfill$/ },
    handler: (_source, importer) => (importer === TEMPORAL_NATIVE ? null : TEMPORAL_NATIVE),
  },
});

/**
 * Every built script, style sheet and SVG also written as .br and .gz beside it, at the highest levels
 * (once per build, not per request): the server picks the one the browser accepts (src/server/web.ts).
 */
const precompressAssets = (): Plugin => ({
  name: 'vuelos:precompress-assets',
  apply: 'build',
  async writeBundle({ dir }, bundle) {
    if (!dir) return;
    const files = Object.keys(bundle).filter((file) => /\.(?:js|css|svg)$/.test(file));
    await Promise.all(
      files.map(async (file) => {
        const path = join(dir, file);
        const content = await readFile(path);
        const [br, gz] = await Promise.all([compress(content, 'br', 'build'), compress(content, 'gzip', 'build')]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      }),
    );
  },
});

export const webPlugins = () => [
  zodWithoutEval(),
  zodWithoutJsonSchema(),
  ariaLocalesOfTheApp(),
  gregorianCalendarOnly(),
  nativeTemporal(),
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/web/routes',
    generatedRouteTree: './src/web/routeTree.gen.ts',
  }),
  ...componentPlugins(),
];

export default defineConfig({
  base: '/vuelos/',
  plugins: [...webPlugins(), routeCatalogs(), precompressAssets()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to name each landing page's chunks in the page's head (src/server/page-preloads.ts).
    manifest: true,
    // Every module the entry imports statically goes out in one chunk: left to itself, rolldown cut that
    // graph into some 40 chunks shared with the lazy routes, and every first load fetched them all, each
    // with ~0.8 KB of response headers (issue 15). The routes' own code stays split per route.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
