import { describe, expect, it } from 'vitest';
import { checkoutFromCard, expectOneLanguage, newPage, resultCards, searchLimaCuscoRoundTrip, useServerAndBrowser } from './support/journey.ts';

/**
 * Issue 15: the built app loads the messages each page's code names (scripts/route-catalogs.ts), never the
 * whole catalog: a route's part comes with the route, and a language switch brings the new language's
 * parts of what is on screen. Any message left out would show as its id, which Lingui reports as an
 * uncompiled message (expectOneLanguage fails on it).
 */
const world = useServerAndBrowser();

describe('catalog parts in the built app', () => {
  it('loads home, results and checkout with their own parts in Spanish, then English parts on a switch', async () => {
    const page = await newPage('es');
    const catalogs: string[] = [];
    page.on('response', (response) => {
      const file = new URL(response.url()).pathname.split('/').pop() ?? '';
      // catalog-es-<hash>.js is a part; messages-<hash>.js a whole catalog.
      const kind = /^(catalog-[a-z]{2}|messages)-/.exec(file)?.[1];
      if (kind) catalogs.push(kind);
    });
    await page.goto(`${world.server.baseUrl}/vuelos/?lang=es`);
    await page.getByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }).waitFor();
    // The common part and the home page's, preloaded by the page's head.
    expect(catalogs).toEqual(['catalog-es', 'catalog-es']);
    await expectOneLanguage(page, 'es');

    await searchLimaCuscoRoundTrip(page);
    const card = resultCards(page, 'es').first();
    await card.waitFor();
    expect(catalogs).toEqual(['catalog-es', 'catalog-es', 'catalog-es']);
    await expectOneLanguage(page, 'es');

    await checkoutFromCard(page, 'es', card);
    expect(catalogs).toEqual(['catalog-es', 'catalog-es', 'catalog-es', 'catalog-es']);
    await expectOneLanguage(page, 'es');

    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('region', { name: 'Adult 1' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Complete your details' }).waitFor();
    // English for the common part and the three routes the app has loaded; still never a whole catalog.
    expect(catalogs.filter((file) => file === 'catalog-en')).toHaveLength(4);
    expect(catalogs).not.toContain('messages');
    await expectOneLanguage(page, 'en');
    await page.close();
  });

  it('renders a route whose part did not arrive, and shows its words once the part is fetched again', async () => {
    const page = await newPage('es');
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es`);
    const card = resultCards(page, 'es').first();
    await card.waitFor();
    const index = JSON.parse((await page.locator('#vuelos-catalogs').textContent()) ?? '{}') as { routes: Record<string, { es: string }> };
    let dropped = 0;
    // The navigation's prefetch and the route's own wait both fail: the page cannot wait for ever.
    await page.route(`**/${index.routes['checkout.$id']!.es}`, (route) => (dropped++ < 2 ? route.abort('connectionreset') : route.continue()));
    await checkoutFromCard(page, 'es', card);
    expect(dropped).toBeGreaterThanOrEqual(3);
    await page.getByRole('heading', { level: 1, name: 'Completa tus datos' }).waitFor();
    await page.close();
  });
});
