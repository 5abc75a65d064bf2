import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { bookingOf, checkoutFromResults, fillOneAdult, LABELS, newPage, searchLimaCuscoRoundTrip, unique, useServerAndBrowser, type Language } from './support/journey.ts';

/** A phone: 375 × 667 CSS pixels (an iPhone SE / 8). */
const PHONE = { width: 375, height: 667 };

const world = useServerAndBrowser();

const PHONE_LABELS = {
  es: { menu: 'Menú', main: 'Principal', language: 'Idioma', other: 'English', bar: 'Total a pagar', details: 'Detalle del precio', fare: 'Tarifa', box: 'Resumen de precio', booking: 'Tu reserva' },
  en: { menu: 'Menu', main: 'Main', language: 'Language', other: 'Español', bar: 'Total to pay', details: 'Price details', fare: 'Fare', box: 'Price summary', booking: 'Your booking' },
} as const;

/** The page does not scroll sideways, and no element of `selector` reaches past the viewport's edges. */
async function fitsTheWidth(page: Page, selector: string) {
  const { scrollWidth, outside } = await page.evaluate((within) => {
    const width = window.innerWidth;
    // Content a scrolling box (a wide table's own scroller) holds may be wider: the box is what must fit.
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.querySelectorAll(within)]
      .flatMap((root) => [root, ...root.querySelectorAll('*')])
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.width > width || box.left < -0.5 || box.right > width + 0.5) && !insideScroller(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.scrollingElement!.scrollWidth, outside: past };
  }, selector);
  expect(outside, 'elements past the edge of a 375 px screen').toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
}

/** No accessibility violations on the page as it stands (an open menu, sheet or breakdown included), or in `part` of it. */
async function isAccessible(page: Page, part?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (part ? builder.include(part) : builder).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The bar's total ("US$ 1,234.56") as a number. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('on a phone (375 × 667)', () => {
  it.each([
    ['0604596344', 'es', 'Pacífico Viajes'],
    ['2113855', 'en', 'Andes Travel B2B'],
  ] as const)('the navbar of agency terminal %s fits the screen and its menu opens (%s)', async (terminalId, language, brand) => {
    const P = PHONE_LABELS[language];
    const page = await newPage(language, PHONE);
    await page.goto(`${world.server.baseUrl}/vuelos/?terminalId=${terminalId}&lang=${language}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const logo = page.getByRole('img', { name: brand });
    await logo.waitFor();
    await fitsTheWidth(page, 'header');
    // The whole logo shows: drawn at its own aspect ratio, not squeezed or cut.
    const drawn = await logo.evaluate((image: HTMLImageElement) => ({ width: image.width, height: image.height, ratio: image.naturalWidth / image.naturalHeight }));
    expect(drawn.width / drawn.height).toBeCloseTo(drawn.ratio, 1);
    expect(await page.getByRole('navigation', { name: P.main }).count()).toBe(0);

    const button = page.getByRole('button', { name: P.menu });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: P.menu });
    await menu.waitFor();
    expect(await menu.getByRole('navigation', { name: P.main }).getByRole('link').count()).toBeGreaterThan(0);
    await fitsTheWidth(page, '[role="dialog"]');
    await isAccessible(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // The other language from the menu: the page switches and the menu closes.
    await button.click();
    await menu.getByRole('link', { name: P.other }).click();
    const other = PHONE_LABELS[language === 'es' ? 'en' : 'es'];
    await page.getByRole('button', { name: other.menu }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe(language === 'es' ? 'en' : 'es');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('the home page first loads no date picker or airport field; "more search options" brings them and a round trip is searched', async () => {
    const page = await newPage('es', PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto(`${world.server.baseUrl}/vuelos/?lang=es`);
    await page.getByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /\/(?:wide-fields|AirportField)-[\w-]+\.js$/.test(url))).toEqual([]);
    expect(await page.getByRole('combobox').count()).toBe(0);

    await page.getByRole('button', { name: 'Más opciones de búsqueda' }).click();
    await searchLimaCuscoRoundTrip(page);
    await page.getByRole('list', { name: LABELS.es.flights }).getByRole('article').first().waitFor();
    await page.context().close();
  });

  it('the results show the first offer within the first two screens; the filters open in a sheet', async () => {
    const page = await newPage('es', PHONE);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es`);
    const card = page.getByRole('list', { name: LABELS.es.flights }).getByRole('article').first();
    await card.waitFor();
    const top = await card.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(2 * PHONE.height);
    await fitsTheWidth(page, 'main');
    await isAccessible(page);
    // The spec's blocks are still there, a tap away.
    await page.getByRole('button', { name: 'Comparador de precios' }).click();
    await page.getByRole('tab', { name: 'Precios por aerolínea' }).waitFor();
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtros' });
    await sheet.getByRole('button', { name: /Ordenar por|Sort by/ }).waitFor();
    await fitsTheWidth(page, '[role="dialog"]');
    await isAccessible(page);
    await sheet.getByRole('button', { name: 'Ver vuelos' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it.each([
    ['es', '/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=es', { first: 'Rosa', last: unique('Huaman'), female: true, birth: ['1985', '4', '12'], number: '40123456' }],
    ['en', '/vuelos/LIM/CUZ/2026-12-11/2026-12-18/1/0/0?lang=en', { first: 'Mary', last: unique('Smith'), female: true, birth: ['1979', '11', '30'], number: '41239876' }],
  ] as const)('a traveller books at phone width in %s: the total bar shows the total and expands, and the booking has a PNR', async (language: Language, path, adult) => {
    const L = LABELS[language];
    const P = PHONE_LABELS[language];
    const page = await newPage(language, PHONE);
    const sessionID = await checkoutFromResults(page, language, path);

    const bar = page.getByRole('region', { name: P.bar });
    const barTotal = bar.locator('strong');
    await barTotal.waitFor();
    // The bar's total is the pricing box's "total to pay" (the box sits after the buy button on a phone).
    const boxTotal = page.getByRole('complementary', { name: P.box }).locator('.pricing__line--total dd');
    expect(await barTotal.textContent()).toBe(await boxTotal.textContent());
    const before = amountOf(await barTotal.textContent());
    expect(before).toBeGreaterThan(0);

    const details = bar.getByRole('button', { name: P.details });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await bar.getByText(P.fare, { exact: true }).waitFor();
    // Expanded, the bar still sits inside the screen, at its bottom.
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
    expect(box.y).toBeGreaterThan(0);
    await isAccessible(page, '.total-bar');
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('false');

    await fillOneAdult(page, language, { ...adult, birth: [...adult.birth] }, adult.last);
    // The insurance plan is in the total the bar shows.
    await expect.poll(async () => amountOf(await barTotal.textContent())).toBeGreaterThan(before);
    expect(await barTotal.textContent()).toBe(await boxTotal.textContent());
    await fitsTheWidth(page, 'main');

    await page.getByRole('button', { name: L.buy, exact: true }).last().click();
    await page.waitForURL(new RegExp(`/vuelos/book/confirmation/${sessionID}`));
    const pnr = (await bookingOf(sessionID))?.pnr;
    expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
    await page.getByRole('region', { name: P.booking }).getByText(pnr!, { exact: true }).waitFor();
    await fitsTheWidth(page, 'main');
    await page.context().close();
  });
});
