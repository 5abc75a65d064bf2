/**
 * Bag-inclusive prices in the browser (issue 21): on a real Lima–Cusco search of the sandbox world, one adult
 * turns on one checked bag and each basic fare's total grows by that fare's bag price (25 on a domestic leg).
 */
import { describe, expect, it } from 'vitest';
import { expectNoUncompiledMessages, newPage, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

/** 'Trip option, US$ 128' as 128. */
const totalOf = (label: string | null) => Number(/([\d,.]+)$/.exec(label ?? '')?.[1]?.replace(/,/g, ''));

describe('bag-inclusive prices', () => {
  it('one checked bag raises each basic fare’s total by its bag price, and the card says so', async () => {
    const page = await newPage('en', { width: 1280, height: 900 });
    // Cheapest first: LATAM's fares before, and the same fares with their bag after.
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/1/0/0?lang=en&sort=cheapest&airline=LA`);
    const list = page.getByRole('list', { name: 'Flights' });
    await list.getByRole('article').first().waitFor();
    // The first screenful of cards paints first; the others join it in a task of their own (issue 15).
    await expect.poll(() => list.getAttribute('aria-busy')).toBeNull();
    const shown = await list.getByRole('article').count();
    expect(shown).toBeGreaterThanOrEqual(5);
    const cardsNow = async () =>
      Promise.all(
        (await list.getByRole('article').all()).map(async (card) => ({
          total: totalOf(await card.getAttribute('aria-label')),
          note: (await card.locator('.price-summary__bags').count()) > 0 ? await card.locator('.price-summary__bags').textContent() : null,
        })),
      );
    const before = await cardsNow();
    expect(before.length).toBe(shown);
    expect(before.every((card) => card.note === null)).toBe(true);

    await page.getByRole('radiogroup', { name: 'Checked bags' }).getByText('1', { exact: true }).click();
    await page.waitForURL(/checked=1/);
    await expect.poll(async () => (await cardsNow()).filter((card) => card.note !== null).length).toBe(shown);
    await expect.poll(() => page.locator('[aria-busy="true"] article').count()).toBe(0);
    const after = await cardsNow();
    // LATAM's domestic basic fares sell a checked bag at 25 (each carrier its own price: bags-every-carrier.test.ts).
    expect(after.map((card) => card.note)).toEqual(before.map(() => 'Includes bags (+US$ 25.00)'));
    expect(after.map((card) => card.total)).toEqual(before.map((card) => card.total + 25));
    expectNoUncompiledMessages(page);
  }, 120_000);
});
