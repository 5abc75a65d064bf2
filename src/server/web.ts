import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { getMimeType } from 'hono/utils/mime';
import { DEFAULT_LANGUAGE, languageOr } from '../contract/common.ts';
import { negotiateCoding, type ContentCoding } from './compression.ts';
import { createFirstPaint, itineraryEndsOf, type FirstPaintPage } from './first-paint.ts';
import { landingPageOf, placeLinks, readPagePreloads, routeCodesOf, styleSheetInliner, type Landing } from './page-preloads.ts';
import { checkoutPageData } from './checkout-page.ts';
import type { AppDeps } from './deps.ts';
import { CHECKOUT_SESSION_ELEMENT } from '../contract/session-save.ts';

/** Built assets carry a content hash in their names: a changed file is a new name, so browsers keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXTENSION_OF: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };
const PRIVATE_PAGE = 'private, no-store';

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
export function mountWebApp<E extends object>(app: Hono<E & { Variables: object }>, distDir: string, deps?: AppDeps) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built (${indexFile} is missing): run npm run build.`);
  const indexHtml = styleSheetInliner(distDir, '/vuelos/').page(readFileSync(indexFile, 'utf8'));
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
    // A page carrying a session's data is the owner's alone: never kept by a cache.
    if (c.res.headers.get('Cache-Control') !== PRIVATE_PAGE) c.res.headers.set('Cache-Control', 'no-cache');
  });
  // The page, with the preload hints and the first paint of the path it opens, in its language; the home page
  // too, which the files would serve as is. A checkout opened by its session's owner carries the session too.
  const page = async (c: Context) => {
    const language = languageOr(DEFAULT_LANGUAGE, c.req.query('lang'));
    const landing = landingPageOf(c.req.path);
    const checkout = deps && landing?.page === 'checkout' ? await checkoutPageData(c, deps, landing.segments[1] ?? '') : null;
    const cities = checkout ? itineraryEndsOf(checkout.answer.data) : [];
    const firstPaintPage: FirstPaintPage | null = checkout ? { kind: 'checkout', session: checkout.answer.data } : firstPaintPageOf(landing);
    // `<` written as an escape: the data can never close its script element.
    const sessionElement = checkout ? `<script type="application/json" id="${CHECKOUT_SESSION_ELEMENT}">${JSON.stringify(checkout).replaceAll('<', '\\u003c')}</script>` : '';
    if (checkout) c.header('Cache-Control', PRIVATE_PAGE);
    return c.html(
      indexHtml
        .replace(/<html[^>]*>/, `<html lang="${language}">`)
        .replace('</head>', `${preloads.linksFor(landing, { language, terminalId: c.req.query('terminalId') })}${placeLinks(cities, language)}${sessionElement}</head>`)
        .replace('<div id="root"></div>', `<div id="root">${firstPaint.markupFor(firstPaintPage, language)}</div>`),
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
