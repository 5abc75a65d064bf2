import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startBenchServer } from './loopback.ts';

/**
 * The browser benchmarks' app: built as `npm run build` builds it, into a directory of its own (dist/web
 * stays as it is), served by the real server in its own process, and the system Chromium to load it.
 */
export async function startBuiltApp(): Promise<{ baseUrl: string; browser: Browser; stop: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'vuelos-bench-web-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const server = await startBenchServer({ WEB_DIST: outDir });
  const browser = await launchBrowser();
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    browser,
    stop: async () => {
      await browser.close();
      server.stop();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The results page the browser benchmarks load: Lima–Cusco round trip, one adult. */
export const RESULTS_PATH = '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es';

export const firstCard = (page: Page) => page.getByRole('list', { name: 'Vuelos' }).getByRole('article').first();
