import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWebApp } from '../../src/server/web.ts';
import { startTestApi } from '../support/server.ts';
import { familySearch, flightsOf, saveToSession, searchOffers } from './checkout/support.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;

/** A stand-in build manifest, shaped as vite writes it: route chunks import shared chunks and the entry. */
const manifest = {
  'index.html': { file: 'assets/initial-E1.js', isEntry: true, imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-R1.js' },
  '_shared.js': { file: 'assets/shared-S1.js', imports: ['index.html'], css: ['assets/shared-S1.css'] },
  'src/web/locales/es/messages.po': { file: 'assets/messages-ES.js' },
  'src/web/locales/en/messages.po': { file: 'assets/messages-EN.js' },
  'src/web/routes/index.tsx?tsr-split=component': { file: 'assets/home-H1.js', imports: ['_shared.js', 'index.html'] },
  'src/web/routes/$origin.$destination.$dateFrom.$dateTo.$adults.$children.$infants.tsx?tsr-split=component': { file: 'assets/results-RT.js', imports: ['_shared.js'] },
  'src/web/routes/b.$origin.$destination.$dateFrom.$adults.$children.$infants.tsx?tsr-split=component': { file: 'assets/b-results-OW.js', imports: ['index.html'] },
  'src/web/routes/checkout.$id.tsx?tsr-split=component': { file: 'assets/checkout-C1.js' },
};

/** A stand-in build in a folder of its own, served by a test API: the manifest and any other `.vite` files. */
async function serveBuild(viteFiles: Record<string, unknown> = {}, assets: Record<string, string> = {}) {
  const served = await startTestApi();
  const dir = mkdtempSync(join(tmpdir(), 'vuelos-dist-'));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Vuelos</title></head><body><div id="root"></div></body></html>');
  for (const [name, content] of Object.entries({ 'manifest.json': manifest, ...viteFiles })) writeFileSync(join(dir, '.vite', name), JSON.stringify(content));
  mkdirSync(join(dir, 'assets'));
  for (const [name, content] of Object.entries(assets)) writeFileSync(join(dir, 'assets', name), content);
  mountWebApp(served.app, dir, served.deps);
  return {
    served,
    close: async () => {
      rmSync(dir, { recursive: true, force: true });
      await served.close();
    },
  };
}

let build: Awaited<ReturnType<typeof serveBuild>>;
beforeAll(async () => {
  build = await serveBuild();
  api = build.served;
});
afterAll(() => build.close());

/** The hints a page's head names, in order. */
async function hintsOf(path: string, served = api): Promise<string[]> {
  const response = await served.app.request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  const head = (await response.text()).split('</head>')[0] ?? '';
  return [...head.matchAll(/<link rel="(modulepreload|stylesheet|preload)"[^>]* href="([^"]+)">/g)].map((match) => `${match[1]} ${match[2]}`);
}

describe('preload hints of the landing pages (issue 15)', () => {
  it('names the home page’s chunks, its styles, the language’s catalog and the terminal’s engine, not what the page loads already', async () => {
    expect(await hintsOf('/vuelos/?lang=es')).toEqual([
      'modulepreload /vuelos/assets/messages-ES.js',
      'modulepreload /vuelos/assets/home-H1.js',
      'modulepreload /vuelos/assets/shared-S1.js',
      'stylesheet /vuelos/assets/shared-S1.css',
      'preload /api/engines/9132868',
    ]);
  });

  it('reads the language and terminal as the client does: English by default, another terminal from ?terminalId', async () => {
    expect(await hintsOf('/vuelos/?terminalId=2113855')).toEqual(expect.arrayContaining(['modulepreload /vuelos/assets/messages-EN.js', 'preload /api/engines/2113855']));
    expect(await hintsOf('/vuelos/?lang=fr&terminalId=x1')).toEqual([
      'modulepreload /vuelos/assets/messages-EN.js',
      'modulepreload /vuelos/assets/home-H1.js',
      'modulepreload /vuelos/assets/shared-S1.js',
      'stylesheet /vuelos/assets/shared-S1.css',
    ]);
  });

  it('tells a round-trip results page, an agency one-way results page and a checkout apart', async () => {
    expect(await hintsOf('/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es')).toContain('modulepreload /vuelos/assets/results-RT.js');
    expect(await hintsOf('/vuelos/b/LIM/cuz/2026-12-10/1/0/0')).toEqual(
      expect.arrayContaining(['modulepreload /vuelos/assets/b-results-OW.js', 'preload /api/airport/LIM/en', 'preload /api/airport/CUZ/en', 'preload /api/flights/branded_fares']),
    );
    const checkout = await hintsOf('/vuelos/checkout/3f2b8c1e-4d5a-4b6c-9e7f-123456789abc');
    expect(checkout).toContain('modulepreload /vuelos/assets/checkout-C1.js');
    // The cards' fare colours are the results pages' alone.
    expect(checkout).not.toContain('preload /api/flights/branded_fares');
  });

  it('gives any other page only its catalog, and keeps the manifest to itself', async () => {
    expect(await hintsOf('/vuelos/bookings/manage?lang=es')).toEqual(['modulepreload /vuelos/assets/messages-ES.js']);
    expect((await api.app.request('/vuelos/.vite/manifest.json')).status).toBe(404);
  });
});

describe('style sheets in the page (issue 38)', () => {
  it('writes each of the page’s sheets into it once, named by a link the browser does not fetch; a sheet missing from the build stays linked', async () => {
    const withSheets = await serveBuild({ 'manifest.json': { ...manifest, '_initial.css': { file: 'assets/initial-E1.css' }, 'index.html': { ...manifest['index.html'], css: ['assets/initial-E1.css'] } } }, { 'shared-S1.css': '.shared{color:red}@media (width<=700px){.shared{color:blue}}\n' });
    try {
      const page = await (await withSheets.served.app.request('/vuelos/?lang=es')).text();
      expect(page).toContain('<style>.shared{color:red}@media (width<=700px){.shared{color:blue}}\n</style><link rel="stylesheet" crossorigin href="/vuelos/assets/shared-S1.css" disabled>');
      expect(page.split('.shared{color:red}')).toHaveLength(2);
      // The entry's own sheet is the built page's, never named twice.
      expect(page).not.toContain('initial-E1.css');
    } finally {
      await withSheets.close();
    }
  });
});

describe('catalog parts of a build that has them (issue 15)', () => {
  let partedBuild: Awaited<ReturnType<typeof serveBuild>>;
  let parted: Awaited<ReturnType<typeof startTestApi>>;
  const index = {
    common: { es: 'assets/catalog-es-C0.js', en: 'assets/catalog-en-C0.js' },
    routes: {
      index: { es: 'assets/catalog-es-H0.js', en: 'assets/catalog-en-H0.js' },
      'b.checkout.$id': { es: 'assets/catalog-es-K0.js', en: 'assets/catalog-en-K0.js' },
      // A `<` in the index must not end the page's script element.
      'bookings.manage': { es: 'assets/catalog-es-</script>.js', en: 'assets/catalog-en-M0.js' },
    },
  };
  beforeAll(async () => {
    partedBuild = await serveBuild({ 'catalogs.json': index });
    parted = partedBuild.served;
  });
  afterAll(() => partedBuild.close());
  const indexIn = async (path: string) => {
    const page = await (await parted.app.request(path)).text();
    const element = /<script type="application\/json" id="vuelos-catalogs">(.*?)<\/script>/.exec(page);
    return element ? JSON.parse(element[1] as string) : null;
  };

  it('preloads the common part and the landing route’s, in the page’s language, instead of the whole catalog', async () => {
    expect((await hintsOf('/vuelos/?lang=es', parted)).slice(0, 3)).toEqual([
      'modulepreload /vuelos/assets/catalog-es-C0.js',
      'modulepreload /vuelos/assets/catalog-es-H0.js',
      'modulepreload /vuelos/assets/home-H1.js',
    ]);
    const agencyCheckout = await hintsOf('/vuelos/b/checkout/3f2b8c1e-4d5a-4b6c-9e7f-123456789abc?lang=en', parted);
    expect(agencyCheckout.slice(0, 2)).toEqual(['modulepreload /vuelos/assets/catalog-en-C0.js', 'modulepreload /vuelos/assets/catalog-en-K0.js']);
    expect(agencyCheckout.join()).not.toContain('messages-');
  });

  it('gives a route without a part of its own, and any other page, the common part only', async () => {
    expect((await hintsOf('/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es', parted)).filter((hint) => hint.includes('catalog-'))).toEqual(['modulepreload /vuelos/assets/catalog-es-C0.js']);
    expect(await hintsOf('/vuelos/bookings/manage?lang=en', parted)).toEqual(['modulepreload /vuelos/assets/catalog-en-C0.js']);
  });

  it('writes the index into every page for the client, escaped, and keeps the file to itself', async () => {
    expect(await indexIn('/vuelos/?lang=es')).toEqual(index);
    expect(await indexIn('/vuelos/bookings/manage')).toEqual(index);
    expect(await (await parted.app.request('/vuelos/bookings/manage')).text()).not.toContain('catalog-es-</script>');
    expect((await parted.app.request('/vuelos/.vite/catalogs.json')).status).toBe(404);
  });

  it('writes no index into a build without parts', async () => {
    expect(await (await api.app.request('/vuelos/?lang=es')).text()).not.toContain('vuelos-catalogs');
  });
});

describe('first paint of the landing pages (issue 15)', () => {
  const pageOf = async (path: string) => {
    const response = await api.app.request(path);
    expect(response.status).toBe(200);
    return response.text();
  };
  const headingOf = (page: string) => /<div id="root">.*<h1>([^<]*)<\/h1>/.exec(page)?.[1];

  it('writes the home page’s heading into the page, in the page’s language, and says that language', async () => {
    const spanish = await pageOf('/vuelos/?lang=es');
    expect(headingOf(spanish)).toBe('Encuentra tu próximo vuelo');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<header class="topbar topbar--loading"></header>');
    const english = await pageOf('/vuelos/?lang=fr');
    expect(headingOf(english)).toBe('Find your next flight');
    expect(english).toContain('<html lang="en">');
  });

  it('writes a results page’s title with its cities’ names and its step indicator, for travellers and agencies', async () => {
    const spanish = await pageOf('/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es');
    expect(headingOf(spanish)).toBe('Vuelos de Lima a Cusco');
    expect(spanish).toContain('aria-label="Progreso de la reserva"');
    expect(spanish).toContain('<span class="progress-steps__label">Selecciona tu vuelo</span>');
    expect(headingOf(await pageOf('/vuelos/b/nyc/MIA/2026-12-10/1/0/0?lang=en'))).toBe('Flights from New York to Miami');
  });

  it('keeps a code nobody knows as it is, and gives other pages an empty root', async () => {
    expect(headingOf(await pageOf('/vuelos/LIM/QQQ/2026-12-10/1/0/0?lang=en'))).toBe('Flights from Lima to QQQ');
    expect(await pageOf('/vuelos/LIMA/CUZ/2026-12-10/1/0/0')).toContain('<div id="root"></div>');
    expect(await pageOf('/vuelos/checkout/3f2b8c1e-4d5a-4b6c-9e7f-123456789abc')).toContain('<div id="root"></div>');
    expect(await pageOf('/vuelos/bookings/manage?lang=es')).toContain('<div id="root"></div>');
  });
});

describe("the checkout page carries its session for the session's owner only (issue 38)", () => {
  /** A session with a chosen Lima–Cusco offer, created as a browser creates it: its answer sets the cookie. */
  async function ownedCheckout() {
    const created = await api.json('/api/sessions/save', {});
    const cookie = created.headers.get('set-cookie') ?? '';
    const { sessionID, sessionKey } = (await created.json()) as { sessionID: string; sessionKey: string };
    const [offer] = await searchOffers(api, limaCusco);
    expect((await saveToSession(api, sessionID, { searchParams: limaCusco, recommendation: offer, flights: flightsOf(offer!) })).status).toBe(200);
    return { sessionID, sessionKey, cookie: cookie.split(';')[0]! };
  }
  const limaCusco = { ...familySearch, passengers: { adults: 1, children: 0, infants: 0 } };
  const checkoutPage = (sessionID: string, cookie?: string) => api.app.request(`/vuelos/checkout/${sessionID}?lang=es`, { headers: cookie ? { cookie } : {} });
  const embedded = (html: string) => /<script type="application\/json" id="vuelos-checkout-session">(.*?)<\/script>/.exec(html)?.[1];

  it('sets an HttpOnly, SameSite=Lax cookie for the pages only (Path=/vuelos) when a session is created', async () => {
    const created = await api.json('/api/sessions/save', {});
    const cookie = created.headers.get('set-cookie') ?? '';
    const { sessionID, sessionKey } = (await created.json()) as { sessionID: string; sessionKey: string };
    expect(cookie).toContain(`vuelos_checkout=${sessionID}.${sessionKey}`);
    expect(cookie).toMatch(/Path=\/vuelos(;|$)/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // A save into the session sets none.
    expect((await saveToSession(api, sessionID, {})).headers.get('set-cookie')).toBeNull();
  });

  it("writes the owner's session, its key, the first paint and the airports' preloads into the page, kept by no cache", async () => {
    const { sessionID, sessionKey, cookie } = await ownedCheckout();
    const answer = await checkoutPage(sessionID, cookie);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const html = await answer.text();
    const data = JSON.parse(embedded(html)!) as { sessionID: string; sessionKey: string; answer: { personalData: string; data: { sessionID: string } } };
    expect(data).toMatchObject({ sessionID, sessionKey, answer: { personalData: 'full', data: { sessionID } } });
    expect(html).toContain('<h1>Completa tus datos</h1>');
    expect(html).toContain('<h1 class="itinerary__title">Lima a Cusco</h1>');
    expect(html).toContain('Ida y vuelta</span> · <span>1 pasajero');
    for (const code of ['LIM', 'CUZ']) expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/airport/${code}/es">`);
  });

  it("gives a stranger, another session's cookie or a wrong key the plain page: no session, no key, nothing of the trip", async () => {
    const mine = await ownedCheckout();
    const theirs = await ownedCheckout();
    for (const cookie of [undefined, theirs.cookie, `vuelos_checkout=${mine.sessionID}.${theirs.sessionKey}`, `vuelos_checkout=${mine.sessionID}.`, `vuelos_checkout=${mine.sessionID}`]) {
      const answer = await checkoutPage(mine.sessionID, cookie);
      const html = await answer.text();
      expect(embedded(html)).toBeUndefined();
      expect(html).not.toContain(mine.sessionKey);
      expect(html).not.toContain('Lima a Cusco');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('is no proof of the owner to the API: a read or a save with the cookie and no X-Session-Key is refused', async () => {
    const { sessionID, cookie } = await ownedCheckout();
    expect((await api.app.request(`/api/sessions?id=${sessionID}`, { headers: { cookie } })).status).toBe(403);
    const save = await api.app.request(`/api/sessions/save?id=${sessionID}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(save.status).toBe(403);
  });
});
