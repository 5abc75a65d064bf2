import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { getMimeType } from 'hono/utils/mime';
import { DEFAULT_LANGUAGE, languageOr } from '../contract/common.ts';
import { negotiateCoding, type ContentCoding } from './compression.ts';
import { createFirstPaint, type FirstPaintPage } from './first-paint.ts';
import { landingPageOf, readPagePreloads, routeCodesOf, type Landing } from './page-preloads.ts';

/** Built assets carry a content hash in their names: a changed file is a new name, so browsers keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXTENSION_OF: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The build's hashed assets (dist/web/assets), each with the codings it was precompressed in at
 * build time (vite.config.ts), listed once at start: the build does not change under a running server.
 */
function listAssets(assetsDir: string): Map<string, ContentCoding[]> {
  const files = existsSync(assetsDir) ? new Set(readdirSync(assetsDir)) : new Set<string>();
  const assets = new Map<string, ContentCoding[]>();
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    assets.set(file, (['br', 'gzip'] as const).filter((coding) => files.has(file + EXTENSION_OF[coding])));
  }
  return assets;
}

/**
 * Serves the built web app under /vuelos. Hashed assets go out precompressed by content negotiation
 * and cached for a year; an unknown asset is a 404 (not the page, which a script tag cannot run).
 * Everything else (the page, the public files) is revalidated on every load, so a new build shows at
 * once; a path that is not a file gets index.html, and the client router decides (and shows its
 * translated not-found page for unknown paths).
 */
export function mountWebApp<E extends object>(app: Hono<E & { Variables: object }>, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built (${indexFile} is missing): run npm run build.`);
  const indexHtml = readFileSync(indexFile, 'utf8');
  const preloads = readPagePreloads(distDir);
  const firstPaint = createFirstPaint();
  const assetsDir = join(distDir, 'assets');
  const assets = listAssets(assetsDir);
  app.get('/', (c) => c.redirect('/vuelos/'));
  app.get('/vuelos', (c) => c.redirect('/vuelos/'));
  app.get('/vuelos/assets/:file', async (c) => {
    const file = c.req.param('file');
    const codings = assets.get(file);
    if (!codings) return c.text('Not found', 404);
    const coding = negotiateCoding(c.req.header('accept-encoding'), codings);
    const body = await readFile(join(assetsDir, coding ? file + EXTENSION_OF[coding] : file));
    const headers: Record<string, string> = { 'content-type': getMimeType(file) ?? 'application/octet-stream', 'cache-control': IMMUTABLE };
    if (codings.length > 0) headers.vary = 'Accept-Encoding';
    if (coding) headers['content-encoding'] = coding;
    return c.body(new Uint8Array(body), 200, headers);
  });
  app.use('/vuelos/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-cache');
  });
  // The page, with the preload hints and the first paint of the path it opens, in its language; the home page
  // too, which the files would serve as is.
  const page = (c: Context) => {
    const language = languageOr(DEFAULT_LANGUAGE, c.req.query('lang'));
    const landing = landingPageOf(c.req.path);
    return c.html(
      indexHtml
        .replace(/<html[^>]*>/, `<html lang="${language}">`)
        .replace('</head>', `${preloads.linksFor(landing, { language, terminalId: c.req.query('terminalId') })}</head>`)
        .replace('<div id="root"></div>', `<div id="root">${firstPaint.markupFor(firstPaintPageOf(landing), language)}</div>`),
    );
  };
  app.get('/vuelos/', page);
  app.get('/vuelos/.vite/*', (c) => c.text('Not found', 404));
  app.use('/vuelos/*', serveStatic({ root: distDir, rewriteRequestPath: (path) => path.replace(/^\/vuelos/, '') }));
  app.get('/vuelos/*', page);
}

/** The landing pages that have a first paint: the home page and a results page whose address names two codes. */
function firstPaintPageOf(landing: Landing | null): FirstPaintPage | null {
  if (landing?.page === 'home') return { kind: 'home' };
  const codes = routeCodesOf(landing);
  return codes ? { kind: 'results', origin: codes[0], destination: codes[1] } : null;
}
