import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { firstCard, RESULTS_PATH, startBuiltApp } from './built-app.ts';

/**
 * Page-weight benchmark (part of `npm run bench`, issue 15): the bytes a first load of the home,
 * results and checkout pages moves over the wire in Chromium, JavaScript and CSS apart, read from the
 * DevTools protocol's `encodedDataLength` (body as sent plus headers), from the built app (built-app.ts).
 * Each page is also loaded refusing compression (`Accept-Encoding: identity`), the same build's
 * uncompressed baseline. Figures go to bench-results/page-weight.json.
 */
const KB = 1024;
/** First-load JavaScript on the wire, per page (issue 15). */
const TARGET_JS_KB = { home: 150, results: 250, checkout: 250 } as const;
type PageName = keyof typeof TARGET_JS_KB;

interface Transfer {
  jsBytes: number;
  cssBytes: number;
  otherBytes: number;
  requests: number;
}

/** Loads `path` in a fresh context (empty cache) and sums what came over the wire until the network is idle. */
async function firstLoad(browser: Browser, baseUrl: string, { path, ready, cookies }: Landing, acceptEncoding?: string): Promise<Transfer> {
  const context = await browser.newContext({ locale: 'es-PE', viewport: { width: 375, height: 812 } });
  await context.addCookies(cookies);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
    const typeOf = new Map<string, string>();
    const transfer: Transfer = { jsBytes: 0, cssBytes: 0, otherBytes: 0, requests: 0 };
    cdp.on('Network.responseReceived', (event) => typeOf.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      const type = typeOf.get(event.requestId);
      transfer.requests++;
      if (type === 'Script') transfer.jsBytes += event.encodedDataLength;
      else if (type === 'Stylesheet') transfer.cssBytes += event.encodedDataLength;
      else transfer.otherBytes += event.encodedDataLength;
    });
    await page.goto(`${baseUrl}${path}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return transfer;
  } finally {
    await context.close();
  }
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;
interface Landing {
  path: string;
  ready: (page: Page) => Promise<unknown>;
  /** The browser's cookies when it opens the page: a checkout is its session's owner's alone (issues 37, 38). */
  cookies: Cookies;
}

/** A checkout session to load, the first offer of the results page bought as a traveller would, and the buyer's cookies. */
async function checkoutOf(browser: Browser, baseUrl: string): Promise<{ path: string; cookies: Cookies }> {
  const context = await browser.newContext({ locale: 'es-PE' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    await page.goto(`${baseUrl}${RESULTS_PATH}`);
    await firstCard(page).getByRole('button', { name: 'Comprar', exact: true }).first().click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}/);
    const url = new URL(page.url());
    return { path: `${url.pathname}${url.search}`, cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => Number((bytes / KB).toFixed(1));

const { baseUrl, browser, stop } = await startBuiltApp();
try {
  const pages: Array<{ name: PageName } & Landing> = [
    { name: 'home', path: '/vuelos/?lang=es', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(), cookies: [] },
    { name: 'results', path: RESULTS_PATH, ready: (page) => firstCard(page).waitFor(), cookies: [] },
    { name: 'checkout', ...(await checkoutOf(browser, baseUrl)), ready: (page) => page.getByRole('region', { name: 'Adulto 1' }).waitFor() },
  ];
  const rows = [];
  for (const landing of pages) {
    const { name, path } = landing;
    const wire = await firstLoad(browser, baseUrl, landing);
    const uncompressed = await firstLoad(browser, baseUrl, landing, 'identity');
    const jsKB = kb(wire.jsBytes);
    rows.push({
      page: name,
      path,
      requests: wire.requests,
      jsKB,
      cssKB: kb(wire.cssBytes),
      otherKB: kb(wire.otherBytes),
      uncompressedJsKB: kb(uncompressed.jsBytes),
      uncompressedCssKB: kb(uncompressed.cssBytes),
      targetJsKB: TARGET_JS_KB[name],
      withinTarget: jsKB <= TARGET_JS_KB[name],
    });
  }
  const report = { generatedAt: new Date().toISOString(), browser: browser.version(), kilobyte: KB, results: rows };
  mkdirSync(new URL('../../bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../../bench-results/page-weight.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  // oxlint-disable-next-line no-console
  console.table(rows.map(({ path: _path, ...row }) => ({ ...row, verdict: row.withinTarget ? 'pass' : 'FAIL' })));
  console.info('Written to bench-results/page-weight.json (bytes on the wire: body as sent plus headers; first load, empty cache)');
} finally {
  await stop();
}
