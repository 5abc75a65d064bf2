import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutFromResults, newPage, useServerAndBrowser } from './support/journey.ts';

/**
 * Issue 38: the checkout and results pages fetch their data from the HTML (preload links, the checkout's
 * session written into the page), not after the scripts that ask for it; and nothing on screen moves once
 * the page has painted (layout shifts as the browser scores them, at a phone's width). Their style sheets are
 * written into the page: none is a request.
 */
const world = useServerAndBrowser();

const OBSERVE = `(() => {
  window.shifts = [];
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
    if (!entry.hadRecentInput) window.shifts.push({ value: entry.value, sources: (entry.sources || []).map((source) => source.node && source.node.className).join(' | ') });
  })).observe({ type: 'layout-shift', buffered: true });
})();`;

/** How each of the page's requests started: `link` for a preload the HTML named, `fetch` for the app's own call. */
const initiators = (page: Page) =>
  page.evaluate(() => Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [entry.name.replace(location.origin, ''), (entry as PerformanceResourceTiming).initiatorType])));
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: Array<{ value: number; sources: string }> }).shifts);

describe('data from the HTML, and a page that holds still (issue 38)', () => {
  it('the checkout arrives with its session, preloads its engine and airports, draws its form in slices and moves nothing', async () => {
    const page = await newPage('es', { width: 412, height: 823 });
    const sessionID = await checkoutFromResults(page, 'es', '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es');
    // The same address loaded afresh in this browser, as after a reload or a link from the mail.
    const reloaded = await page.context().newPage();
    await reloaded.addInitScript(OBSERVE);
    const response = await reloaded.goto(page.url());
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`"sessionID":"${sessionID}"`);
    expect(html).toContain('<h1 class="itinerary__title">Lima a Cusco</h1>');
    await reloaded.getByRole('region', { name: 'Adulto 1' }).waitFor();
    // The last slice: contact details and the buy button.
    await reloaded.getByRole('button', { name: 'Comprar', exact: true }).waitFor();
    const started = await initiators(reloaded);
    for (const call of ['/api/engines/9132868', '/api/airport/LIM/es', '/api/airport/CUZ/es']) expect([call, started[call]]).toEqual([call, 'link']);
    // The session came in the page: the app never asked for it; so did its style sheets, the lazy parts' too.
    expect(Object.keys(started).filter((name) => name.startsWith('/api/sessions'))).toEqual([]);
    expect(Object.keys(started).filter((name) => name.endsWith('.css'))).toEqual([]);
    expect(html).toContain('.seat-map{');
    // Each sheet once.
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(([, href]) => href);
    expect(sheets).toEqual([...new Set(sheets)]);
    await reloaded.waitForTimeout(500);
    expect(await shifts(reloaded)).toEqual([]);
    await page.context().close();
  });

  it('the results page preloads its airports and fare colours and moves nothing as its cards arrive', async () => {
    const page = await newPage('es', { width: 412, height: 823 });
    await page.addInitScript(OBSERVE);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es`);
    await page.getByRole('list', { name: 'Vuelos' }).getByRole('article').first().waitFor();
    await page.waitForTimeout(500);
    const started = await initiators(page);
    for (const call of ['/api/airport/LIM/es', '/api/airport/CUZ/es', '/api/flights/branded_fares']) expect([call, started[call]]).toEqual([call, 'link']);
    // Its style sheets are in the page (no request holds the first paint), the lazy filters' and dialogs' aside.
    expect(Object.keys(started).filter((name) => name.endsWith('.css'))).toEqual([]);
    expect(await shifts(page)).toEqual([]);
    await page.context().close();
  });
});
