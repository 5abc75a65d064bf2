import { describe, expect, it } from 'vitest';
import { expectOneLanguage, LABELS, newPage, sessionOf, useServerAndBrowser, type Language } from './support/journey.ts';

/**
 * Issue 20, the bag contradiction: on a basic fare (Aerolíneas Argentinas Promo, which spec 1 §5 forces
 * to one carry-on) the card said "0 piezas" and the fare comparison "Incluido 1 pieza". Now the real
 * server's inclusions are worded alike on the card, in the comparison and at checkout, in each language.
 */
const world = useServerAndBrowser();

const WORDS = {
  es: {
    details: 'Detalles',
    seeFares: 'Ver tarifas',
    dialog: 'Tarifas disponibles',
    cancel: 'Cancelar',
    carryOnRow: /^Equipaje de mano/,
    carryOn: 'Equipaje de mano: 1 pieza',
    promoCell: '✓Incluido 1 pieza',
    baggage: 'Equipaje incluido',
    zero: /0 piezas/,
  },
  en: {
    details: 'Details',
    seeFares: 'See fares',
    dialog: 'Available fares',
    cancel: 'Cancel',
    carryOnRow: /^Carry-on bag/,
    carryOn: 'Carry-on: 1 piece',
    promoCell: '✓Included 1 piece',
    baggage: 'Baggage included',
    zero: /0 pieces/,
  },
} as const;

describe('a basic fare’s carry-on is the same on the card, in the fare comparison and at checkout', () => {
  it.each(['es', 'en'] as const)('Aerolíneas Argentinas Promo, Lima–Buenos Aires (%s)', async (language: Language) => {
    const words = WORDS[language];
    const page = await newPage(language);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/EZE/2026-12-10/1/0/0?airline=AR&lang=${language}`);
    const card = page.getByRole('list', { name: LABELS[language].flights }).getByRole('article').first();
    await card.waitFor();
    await card.getByRole('button', { name: words.details }).first().click();
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain('Promo');
    expect(cardText).toContain(words.carryOn);
    expect(cardText).not.toMatch(words.zero);

    await card.getByRole('button', { name: words.seeFares }).click();
    const dialog = page.getByRole('dialog', { name: words.dialog });
    const carryOnRow = dialog.getByRole('row', { name: words.carryOnRow });
    await carryOnRow.waitFor();
    // Promo is the first column: the one piece the card shows.
    expect(await carryOnRow.getByRole('cell').first().textContent()).toBe(words.promoCell);
    await expectOneLanguage(page, language);
    await dialog.getByRole('button', { name: words.cancel }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: LABELS[language].cardButton, exact: true }).first().click();
    await page.waitForURL(/\/checkout\/[0-9a-f-]{36}/);
    const panel = page.getByRole('region', { name: words.baggage });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(words.carryOn);
    await expectOneLanguage(page, language);
    const session = await sessionOf(new URL(page.url()).pathname.split('/').at(-1)!);
    expect(session.flights?.[0]?.inclusions?.carryOn).toEqual({ state: 'INC', pieces: 1, weight: null });
    await page.context().close();
  });
});
