import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/**
 * Serves the built web app under /vuelos. Any path that is not a file gets index.html, so the
 * client router decides (and shows its translated not-found page for unknown paths).
 */
export function mountWebApp<E extends object>(app: Hono<E & { Variables: object }>, distDir: string) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web app is not built (${indexFile} is missing): run npm run build.`);
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.get('/', (c) => c.redirect('/vuelos/'));
  app.get('/vuelos', (c) => c.redirect('/vuelos/'));
  app.use('/vuelos/*', serveStatic({ root: distDir, rewriteRequestPath: (path) => path.replace(/^\/vuelos/, '') }));
  app.get('/vuelos/*', (c) => c.html(indexHtml));
}
