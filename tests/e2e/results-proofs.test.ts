import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { searchResponseFromWireSchema } from '../../src/contract/search.ts';
import { agencyToken, expectNoUncompiledMessages, LABELS, newPage, useServerAndBrowser, type Language } from './support/journey.ts';

/**
 * Issue 20 on the real sandbox server, in Chromium, in each language: the price slider's minimum keeps
 * the cheapest offer, a family's card price adds up, a tokenless agency widget says what it needs, and
 * the results journey reads one language.
 */
const world = useServerAndBrowser();

const WORDS = {
  es: {
    maximumPrice: 'Precio máximo',
    breakdown: 'Detalle del precio',
    hideBreakdown: 'Ocultar detalle del precio',
    party: 'para 4 pasajeros',
    types: ['2 adultos', '1 niño', '1 infante'],
    tokenNeeded: 'Este buscador necesita el token de acceso de tu agencia',
    search: 'Buscar',
    details: 'Detalles',
    seeFares: 'Ver tarifas',
    fares: 'Tarifas disponibles',
    markups: 'Markups',
  },
  en: {
    maximumPrice: 'Maximum price',
    breakdown: 'Price breakdown',
    hideBreakdown: 'Hide price breakdown',
    party: 'for 4 passengers',
    types: ['2 adults', '1 child', '1 infant'],
    tokenNeeded: "This search needs your agency's access token",
    search: 'Search',
    details: 'Details',
    seeFares: 'See fares',
    fares: 'Available fares',
    markups: 'Markups',
  },
} as const;

const cardsOf = (page: Page, language: Language) => page.getByRole('list', { name: LABELS[language].flights }).getByRole('article');

/** "US$ 1,234.56" → 123456 cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The search answer the results page gets, read as the page reads it. */
async function searchAnswerOf(page: Page, open: () => Promise<unknown>) {
  const [answer] = await Promise.all([page.waitForResponse((response) => response.url().includes('/api/flights/search') && response.request().method() === 'POST'), open()]);
  return searchResponseFromWireSchema.parse(await answer.json());
}

/** The card's headline total ("US$ 642") as its accessible name states it. */
async function headlineTotal(card: Locator) {
  return (await card.getAttribute('aria-label'))?.match(/US\$ [\d,]+/)?.[0] ?? '';
}

describe('the price slider at its minimum keeps the cheapest offer', () => {
  it.each(['es', 'en'] as const)('Lima–Cusco round trip (%s)', async (language) => {
    const page = await newPage(language);
    const answer = await searchAnswerOf(page, () => page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=${language}`));
    const totals = answer.data.map((offer) => offer.pricing.total);
    const cheapest = Math.min(...totals);
    const cheapestCount = totals.filter((total) => total <= Math.ceil(cheapest)).length;
    expect(cheapestCount).toBeGreaterThan(0);
    await cardsOf(page, language).first().waitFor();

    const slider = page.getByRole('slider', { name: WORDS[language].maximumPrice });
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForURL(/maxPrice=/);
    expect(Number(await slider.inputValue())).toBe(Math.ceil(cheapest));
    // Every offer at the cheapest price is still listed, and nothing dearer.
    await expect.poll(() => cardsOf(page, language).count()).toBe(Math.min(cheapestCount, 10));
    const shown = await Promise.all((await cardsOf(page, language).all()).map(headlineTotal));
    expect(shown.every((total) => cents(total) <= Math.ceil(cheapest) * 100)).toBe(true);
    await page.context().close();
  });
});

describe("a family's card price adds up on the real server", () => {
  it.each(['es', 'en'] as const)('2 adults, 1 child, 1 infant, Lima–Cusco (%s)', async (language) => {
    const words = WORDS[language];
    const page = await newPage(language);
    const answer = await searchAnswerOf(page, () => page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?lang=${language}`));
    const card = cardsOf(page, language).first();
    await card.waitFor();
    expect(await card.textContent()).toContain(words.party);
    await card.getByRole('button', { name: words.breakdown, exact: true }).click();
    expect(await card.getByRole('button', { name: words.hideBreakdown }).getAttribute('aria-expanded')).toBe('true');
    const breakdown = card.getByRole('region', { name: words.breakdown });

    // Each passenger type reads one person's price × count = amount, and the sum is right to the cent.
    const typeLines = await breakdown.locator('.price-breakdown__type').all();
    expect(await Promise.all(typeLines.map((line) => line.locator('.price-breakdown__type-name').textContent()))).toEqual(words.types);
    const products = await Promise.all(
      typeLines.map(async (line) => {
        const text = (await line.locator('.price-breakdown__line').textContent()) ?? '';
        const [, unit = '', count = '', amount = ''] = /^(US\$ [\d,.]+) × (\d+) = (US\$ [\d,.]+)$/.exec(text) ?? [];
        return { text, product: cents(unit) * Number(count), amount: cents(amount) };
      }),
    );
    // Each line's price × count is its amount (an unreadable line reads as NaN and fails).
    expect(products.filter((line) => line.product !== line.amount || line.amount === 0)).toEqual([]);
    let sum = products.reduce((total, line) => total + line.amount, 0);
    for (const amount of await breakdown.locator('.price-breakdown__booking dd').allTextContents()) sum += cents(amount);
    const total = cents((await breakdown.locator('.price-breakdown__total strong').textContent()) ?? '');
    expect(sum).toBe(total);
    // The total is the offer's total for the party, and the card's headline says it (whole dollars in the list).
    expect(answer.data.map((offer) => Math.round(offer.pricing.total * 100))).toContain(total);
    expect(cents(await headlineTotal(card))).toBe(Math.round(total / 100) * 100);
    expectNoUncompiledMessages(page);
    await page.context().close();
  });
});

describe("the agency's breakdown fits the card", () => {
  it.each([
    ['es', 375],
    ['es', 1280],
    ['en', 375],
    ['en', 1280],
  ] as const)('a family, per type × count = amount, at %s %i px: nothing clipped, no sideways scroll', async (language, width) => {
    const page = await newPage(language, { width, height: 900 });
    const token = await agencyToken();
    await page.goto(`${world.server.baseUrl}/vuelos/b/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?terminalId=2113855&token=${token}&lang=${language}`);
    const card = cardsOf(page, language).first();
    const breakdown = card.getByRole('region', { name: WORDS[language].breakdown });
    await breakdown.waitFor();
    expect(await breakdown.locator('.price-breakdown__line').allTextContents()).toHaveLength(3);
    const fit = await breakdown.evaluate((element) => {
      const cardBox = element.closest('article')!.getBoundingClientRect();
      const inside = [element, ...element.querySelectorAll('*')].filter((node) => {
        const box = node.getBoundingClientRect();
        return box.width > 0 && (box.left < cardBox.left - 0.5 || box.right > cardBox.right + 0.5 || node.scrollWidth > node.clientWidth + 1);
      });
      return {
        outside: inside.map((node) => `${node.tagName}.${node.className}: ${node.textContent?.slice(0, 40)}`),
        pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    expect(fit).toEqual({ outside: [], pageScrollsSideways: false });
    await page.context().close();
  });
});

describe('an agency widget without its token says what it needs', () => {
  it.each(['es', 'en'] as const)('/vuelos/iframe/2113855 (%s)', async (language) => {
    const words = WORDS[language];
    const page = await newPage(language);
    await page.goto(`${world.server.baseUrl}/vuelos/iframe/2113855?lang=${language}`);
    const notice = page.getByRole('region', { name: words.tokenNeeded });
    await notice.waitFor();
    expect(await notice.getByRole('heading').textContent()).toBe(words.tokenNeeded);
    expect(await page.getByRole('button', { name: words.search, exact: true }).count()).toBe(0);
    await page.context().close();
  });
});

/** English words that leaked into Spanish pages before, and the reverse (issue 20). */
const TELL_TALES: Record<Language, string[]> = {
  es: ['Airport', 'International', 'Carry-on', 'Checked bag', 'Refund', 'Economy', 'Outbound', 'Return flight', 'Details', 'Select', 'Personal item', 'Seat selection', 'Changes', 'Miles', 'Fare', 'Taxes', 'Fees'],
  en: ['Aeropuerto', 'Equipaje', 'Tarifa base', 'Vuelo de ida', 'Vuelo de regreso', 'Detalles', 'Seleccionar', 'Margen agencia', 'Cargo por servicio', 'Fee de emisión', 'Hoteles', 'Inicio', 'Mi línea de crédito', 'Impuestos', 'Tarifa', 'Vuela LATAM'],
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tell-tale words of the other language in a text, each quoted with its surroundings. */
function tellTalesIn(text: string, language: Language) {
  return TELL_TALES[language].flatMap((word) => {
    const found = new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, 'iu').exec(text);
    return found ? [`${word}: …${text.slice(Math.max(0, found.index - 40), found.index + word.length + 40).replace(/\s+/g, ' ')}…`] : [];
  });
}

describe('the results journey reads one language', () => {
  it.each(['es', 'en'] as const)("a consumer's family round trip: card, details, price breakdown and the fares modal (%s)", async (language) => {
    const words = WORDS[language];
    const page = await newPage(language);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?lang=${language}`);
    const card = cardsOf(page, language).filter({ has: page.getByRole('button', { name: words.seeFares }) }).first();
    await card.waitFor();
    const seen = [await page.evaluate(() => document.body.innerText)];
    for (const details of await card.getByRole('button', { name: words.details }).all()) await details.click();
    await card.getByRole('button', { name: words.breakdown, exact: true }).click();
    seen.push(await page.evaluate(() => document.body.innerText));
    await card.getByRole('button', { name: words.seeFares }).click();
    await page.getByRole('dialog', { name: words.fares }).getByRole('row').first().waitFor();
    seen.push(await page.evaluate(() => document.body.innerText));
    expect(tellTalesIn(seen.join('\n'), language), `words of the other language on a ${language === 'es' ? 'Spanish' : 'English'} results page`).toEqual([]);
    expectNoUncompiledMessages(page);
    await page.context().close();
  });

  it.each(['es', 'en'] as const)("an agency's family round trip: card, details, price breakdown, markups and the fares modal (%s)", async (language) => {
    const words = WORDS[language];
    const page = await newPage(language);
    const token = await agencyToken();
    await page.goto(`${world.server.baseUrl}/vuelos/b/LIM/CUZ/2026-12-10/2026-12-17/2/1/1?terminalId=2113855&token=${token}&lang=${language}`);
    const card = cardsOf(page, language).filter({ has: page.getByRole('button', { name: words.seeFares }) }).first();
    await card.waitFor();
    const seen: string[] = [];
    const read = async () => seen.push(await page.evaluate(() => document.body.innerText));
    await read();

    for (const details of await card.getByRole('button', { name: words.details }).all()) await details.click();
    await read();
    await card.getByRole('button', { name: words.markups }).hover();
    await page.getByRole('tooltip').waitFor();
    await read();

    await card.getByRole('button', { name: words.seeFares }).click();
    const dialog = page.getByRole('dialog', { name: words.fares });
    await dialog.getByRole('row').first().waitFor();
    await read();

    expect(tellTalesIn(seen.join('\n'), language), `words of the other language on a ${language === 'es' ? 'Spanish' : 'English'} results page`).toEqual([]);
    expectNoUncompiledMessages(page);
    await page.context().close();
  });
});
