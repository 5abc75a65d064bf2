import { isInaccessible, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { limCuzRecommendation } from '../../src/contract/fixtures/checkout.ts';
import { TotalBarView } from '../../src/web/features/checkout/pricing/PricingBox.tsx';
import { checkoutTotals } from '../../src/web/features/checkout/pricing/totals.ts';
import { mockCheckoutSessionIds } from '../../src/web/mocks/checkout-handlers.ts';
import { consumerTotalsInput } from '../../src/web/mocks/checkout-totals.ts';
import { renderPart } from './checkout-parts.tsx';
import { findPageHeading, renderApp } from './render-app.tsx';
import { findListedCards } from './results-cards.ts';
import { useWindowWidth } from './window-width.ts';


const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

const slow = { timeout: 8000 };

describe('the navbar on a phone (375 px)', () => {
  it('folds an agency’s links and the language switch into a menu that opens, closes with Escape and closes on a language change', async () => {
    useWindowWidth(375);
    const { user, router } = renderApp('/vuelos/?terminalId=0604596344&lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    expect(screen.getByRole('img', { name: 'Pacífico Viajes' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Idioma' })).toBeNull();

    const button = screen.getByRole('button', { name: 'Menú' });
    await user.click(button);
    const menu = await screen.findByRole('dialog', { name: 'Menú' });
    const links = within(within(menu).getByRole('navigation', { name: 'Principal' })).getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(within(menu).getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menú' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));

    // Keyboard only: Enter opens it, the language link switches, and the menu closes on the new address.
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Menú' })).getByRole('link', { name: 'English' }));
    await findPageHeading('Find your next flight');
    expect(router.state.location.search).toMatchObject({ lang: 'en', terminalId: '0604596344' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('opens the default terminal’s menu in English with the fixed links', async () => {
    useWindowWidth(375);
    const { user } = renderApp('/vuelos/?lang=en');
    await findPageHeading('Find your next flight');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const names = within(within(menu).getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Flights', 'Packages', 'Airlines', 'Promotions', 'Discover', 'Explore', 'Manage booking']);
    expect(within(menu).getByRole('navigation', { name: 'Language' })).toBeTruthy();
  });

  it('keeps the links in the bar at a desktop width (1280 px), without a menu button', async () => {
    useWindowWidth(1280);
    renderApp('/vuelos/?terminalId=2113855&lang=es');
    await findPageHeading('Encuentra tu próximo vuelo');
    expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Tarifario' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menú' })).toBeNull();
  });
});

describe('the results on a phone (375 px)', () => {
  it('folds the search details and the price tracker, and opens the filters in a sheet', async () => {
    useWindowWidth(375);
    const { user, router } = renderApp('/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/0?lang=es');
    expect(await findListedCards(slow)).toHaveLength(10);

    const details = screen.getByRole('button', { name: 'Detalle de la búsqueda' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    const tracker = screen.getByRole('button', { name: 'Comparador de precios' });
    expect(tracker.getAttribute('aria-expanded')).toBe('false');
    // Folded blocks are rendered once opened, not hidden in the page.
    expect(screen.queryByRole('tab', { name: 'Precios por aerolínea', hidden: true })).toBeNull();
    expect(screen.queryByText('Itinerario')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Filtros' })).toBeNull();

    await user.click(tracker);
    expect(tracker.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Precios por aerolínea' })).toBeTruthy();
    // Folded again, the tracker keeps its content (and its chosen tab) for the next opening.
    await user.click(tracker);
    expect(tracker.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('tab', { name: 'Precios por aerolínea', hidden: true })).toBeTruthy();
    await user.click(details);
    expect(screen.getByText('Itinerario')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtros' }, slow);
    // The filter bar is its own chunk, fetched once the sheet opens (issue 15).
    await user.click(await within(sheet).findByRole('button', { name: /Aerolínea$/ }, slow));
    await user.click(await screen.findByRole('option', { name: 'JetSMART Perú · 20 vuelos' }, slow));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ carrier: 'JZ' }), slow);
    await user.click(within(sheet).getByRole('button', { name: 'Ver vuelos' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtros' })).toBeNull(), slow);
    expect(await screen.findByText(/Mostrando 10 de 20 vuelos/, {}, slow)).toBeTruthy();
  }, 30_000);

  it('shows every block as it is at a desktop width', async () => {
    useWindowWidth(1280);
    renderApp('/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/0?lang=en');
    await screen.findByRole('list', { name: 'Flights' }, slow);
    expect(screen.getByRole('region', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Prices by airline' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search details' })).toBeNull();
  });
});

describe('the checkout’s total bar', () => {
  const pricing = limCuzRecommendation.pricing;
  const totals = checkoutTotals(consumerTotalsInput);

  it.each([
    ['en', 'Total to pay', 'Price details', 'Fare'],
    ['es', 'Total a pagar', 'Detalle del precio', 'Tarifa'],
  ] as const)('in %s shows the total and expands to the pricing box’s lines', async (language, bar, details, fare) => {
    const { user } = renderPart(<TotalBarView pricing={pricing} fees={pricing.fees} totals={totals} isAgencyView={false} insurance={null} />, { language });
    const region = screen.getByRole('region', { name: bar });
    expect(region.textContent).toContain('US$ 641.69');
    const toggle = within(region).getByRole('button', { name: details });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(isInaccessible(within(region).getByText(fare))).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(isInaccessible(within(region).getByText(fare))).toBe(false);
    expect(within(region).getByText('US$ 484.50')).toBeTruthy();
  });

  it('is on the checkout page at a phone width, with the pricing box’s total', async () => {
    useWindowWidth(375);
    renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.consumer}?lang=es`);
    await screen.findByRole('region', { name: 'Adulto 1' }, slow);
    const bar = await screen.findByRole('region', { name: 'Total a pagar' });
    // The bar's total is the pricing box's "Total a pagar" line.
    const box = screen.getByRole('complementary', { name: 'Resumen de precio' });
    const boxTotal = within(box).getAllByText(/^US\$ [\d,.]+$/).at(-1)!.textContent;
    expect(bar.querySelector('strong')?.textContent).toBe(boxTotal);
    expect(within(bar).getByRole('button', { name: 'Detalle del precio' })).toBeTruthy();
  });

  it('is not on the checkout page at a desktop width', async () => {
    useWindowWidth(1280);
    renderApp(`/vuelos/checkout/${mockCheckoutSessionIds.consumer}?lang=es`);
    await screen.findByRole('region', { name: 'Adulto 1' }, slow);
    expect(screen.queryByRole('region', { name: 'Total a pagar' })).toBeNull();
  });
});
