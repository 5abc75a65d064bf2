import { render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { Language } from '../../src/contract/common.ts';
import { activateLanguage, i18n } from '../../src/web/i18n.ts';
import { LayoutSkeleton } from '../../src/web/features/layout/LayoutWrapper.tsx';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { createFirstPaint as createServerFirstPaint, type FirstPaintPage } from '../../src/server/first-paint.ts';
import { keepFirstPaint, keptFirstPaint } from '../../src/web/features/layout/first-paint.ts';
import { findPageHeading, renderApp } from './render-app.tsx';
import { server } from './setup.ts';

function mainNavigationLinks(name: string) {
  return within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('layout wrapper', () => {
  it('shows the fixed links on the default terminal', async () => {
    renderApp('/vuelos/?lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    expect(mainNavigationLinks('Principal')).toEqual(['Vuelos', 'Paquetes', 'Aerolíneas', 'Promociones', 'Descubre', 'Explora', 'Mi reserva']);
    expect(screen.getByRole('img', { name: 'Vuelos Perú' })).toBeTruthy();
  });

  it('brands an agency terminal: its logo, favicon, links and theme colours', async () => {
    renderApp('/vuelos/?terminalId=2113855&lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    const logo = screen.getByRole('img', { name: 'Andes Travel B2B' });
    expect(logo.getAttribute('src')).toBe('/vuelos/brand/andes.svg');
    expect(mainNavigationLinks('Principal')).toEqual(['Vuelos', 'Hoteles', 'Tarifario', 'Mi línea de crédito']);
    expect(screen.getByRole('link', { name: 'Hoteles' }).getAttribute('href')).toBe('https://andestravel.example/hoteles');
    const shell = logo.closest<HTMLElement>('.app-shell');
    expect(shell?.style.getPropertyValue('--brand-primary')).toBe('#0b5d57');
    expect(shell?.style.getPropertyValue('--nav-background')).toBe('#083b37');
    expect(document.querySelector<HTMLLinkElement>('link#favicon')?.getAttribute('href')).toBe('/vuelos/brand/andes-icon.svg');
  });

  it('words an agency’s own links in the page’s language where the channel gives them', async () => {
    renderApp('/vuelos/?terminalId=2113855&lang=en');
    await findPageHeading('Find your next flight');
    expect(mainNavigationLinks('Main')).toEqual(['Flights', 'Hotels', 'Fare sheet', 'My credit line']);
    expect(screen.getByRole('link', { name: 'Hotels' }).getAttribute('href')).toBe('https://andestravel.example/hoteles');
  });

  it('keeps the terminal and language when following the logo home', async () => {
    const { user, router } = renderApp('/vuelos/dividelo?terminalId=2113855&lang=es');
    await findPageHeading('El pago dividido no está disponible');
    expect(document.title).toBe('El pago dividido no está disponible · Andes Travel B2B');
    await user.click(screen.getByRole('link', { name: 'Andes Travel B2B' }));
    expect(await findPageHeading('Encuentra tu próximo vuelo')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ terminalId: '2113855', lang: 'es' });
  });

  it('says the sales channel is not available when the terminal is unknown, having asked for it once', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/engines/5550000') asked.push(request.method);
    });
    renderApp('/vuelos/?terminalId=5550000&lang=es');
    expect(await findPageHeading('Este canal de venta no está disponible')).toBeTruthy();
    expect(screen.getByText(/terminal 5550000/)).toBeTruthy();
    // The route's loader asked; the layout mounting on that failure does not ask again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toEqual(['GET']);
    expect(screen.getByRole('link', { name: 'Ir a la página principal' }).getAttribute('href')).toContain('terminalId=9132868');
  });

  it('asks once more for a channel whose configuration failed on the server, and shows the channel', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/engines/2113855') asked.push(request.method);
    });
    server.use(
      http.get('/api/engines/2113855', () => HttpResponse.json({ status: 503, code: 503, message: 'Unavailable', errors: [] }, { status: 503 }), { once: true }),
    );
    renderApp('/vuelos/?terminalId=2113855&lang=es');
    expect(await screen.findByRole('img', { name: 'Andes Travel B2B' }, { timeout: 8_000 })).toBeTruthy();
    expect(asked).toEqual(['GET', 'GET']);
  });

  it('ignores a malformed terminal id and language instead of failing', async () => {
    renderApp('/vuelos/?terminalId=abc&lang=fr');
    expect(await findPageHeading('Find your next flight')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Vuelos Perú' })).toBeTruthy();
  });

  it('shows a translated not-found page for unknown paths', async () => {
    renderApp('/vuelos/esto/no/existe?lang=es');
    expect(await findPageHeading('No encontramos esta página')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la página principal' })).toBeTruthy();
  });

  it('hides itself on a results path whose business segment is not b', async () => {
    renderApp('/vuelos/x/LIM/CUZ/2027-03-03/1/0/0?lang=es');
    await screen.findByRole('main', {}, { timeout: 5000 });
    expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('the server’s first paint (issue 15)', () => {
  // The catalogs by their file address: in the browser-like test world the server module's own address is http.
  const createFirstPaint = () => createServerFirstPaint(pathToFileURL(`${process.cwd()}/src/web/locales/`));
  const keepServerPaint = (page: FirstPaintPage, language: Language) => {
    const serverRoot = document.createElement('div');
    serverRoot.innerHTML = createFirstPaint().markupFor(page, language);
    keepFirstPaint(serverRoot);
  };

  it('keeps the home heading the server wrote in the loading frame, and forgets it once the page is drawn', async () => {
    keepServerPaint({ kind: 'home' }, 'es');
    await activateLanguage('es');
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <LayoutSkeleton />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }).closest('[aria-busy="true"]')).toBeTruthy();
    unmount();
    renderApp('/vuelos/?lang=es');
    await screen.findByRole('navigation', { name: 'Principal' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }).closest('[aria-busy="true"]')).toBeNull();
    // Another address (a language switch, a search) is not the page the server painted.
    window.history.pushState(null, '', '/vuelos/?lang=en');
    expect(keptFirstPaint()).toBeNull();
    window.history.back();
  });

  it('keeps a results page’s title under its step indicator, and a page with no first paint loads blank', async () => {
    keepServerPaint({ kind: 'results', origin: 'LIM', destination: 'CUZ' }, 'en');
    expect(keptFirstPaint()).toEqual({ kind: 'results', heading: 'Flights from Lima to Cusco' });
    await activateLanguage('en');
    render(
      <I18nProvider i18n={i18n}>
        <LayoutSkeleton />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Flights from Lima to Cusco' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Booking progress' })).toBeTruthy();
    keepFirstPaint(document.createElement('div'));
    expect(keptFirstPaint()).toBeNull();
  });
});
