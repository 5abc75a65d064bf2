import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser } from './support/journey.ts';

/**
 * Issue 15: the app's first render holds the whole page. The router has loaded the route's code, the
 * catalog and the terminal's engine before it (src/web/main.tsx, the root route's loader), so that render
 * is one transition a slow phone answers taps between; no layout skeleton comes first, to be replaced by
 * the page in a second render React would do in one piece.
 */
const world = useServerAndBrowser();

/** What the app first put in its root (the server's first paint, moved out of it, aside). */
const RECORD_FIRST_RENDER = `(() => {
  const observer = new MutationObserver(() => {
    const root = document.getElementById('root');
    const drawn = root && [...root.children].find((child) => !child.hasAttribute('data-first-paint'));
    if (!drawn) return;
    window.firstRender = root.innerHTML;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function firstRenderOf(path: string, language: 'es' | 'en') {
  const page = await newPage(language, { width: 375, height: 812 });
  await page.addInitScript(RECORD_FIRST_RENDER);
  await page.goto(`${world.server.baseUrl}${path}`);
  await page.waitForFunction(() => typeof (window as { firstRender?: string }).firstRender === 'string');
  const html = String(await page.evaluate(() => (window as { firstRender?: string }).firstRender));
  await page.context().close();
  return html;
}

describe('the first render is the whole page', () => {
  it.each([
    ['es', 'Encuentra tu próximo vuelo'],
    ['en', 'Find your next flight'],
  ] as const)('home (%s): its heading and search button, no loading skeleton', async (language, heading) => {
    const html = await firstRenderOf(`/vuelos/?lang=${language}`, language);
    expect(html).not.toContain('topbar--loading');
    expect(html).toContain(heading);
    expect(html).toContain('type="submit"');
  });

  it("an agency's widget (/iframe/:accountId): its own terminal's engine is loaded first", async () => {
    const html = await firstRenderOf('/vuelos/iframe/2113855?lang=en', 'en');
    expect(html).not.toContain('topbar--loading');
    expect(html).toContain('token');
  });
});
