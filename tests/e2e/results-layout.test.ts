import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser, type Language } from './support/journey.ts';

/**
 * Issue 20: at 1280 × 900 the first offer started below the fold (the search summary, the price tracker
 * and a full-width filter bar came first). The filters now stand in a column beside the list.
 */
const world = useServerAndBrowser();

describe('the results page on a laptop screen', () => {
  it.each(['es', 'en'] as const)('shows the first offer without scrolling at 1280 × 900, with no sideways scroll (%s)', async (language: Language) => {
    const page = await newPage(language, { width: 1280, height: 900 });
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2027-03-03/2027-03-09/1/0/0?lang=${language}`);
    const list = page.getByRole('list', { name: language === 'es' ? /Vuelos/ : /Flights/ });
    const first = list.getByRole('article').first();
    await first.waitFor();
    const box = await first.boundingBox();
    // The offer's heading line and its first flight, at least, are on screen.
    expect(box!.y + 150).toBeLessThan(900);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.close();
  });

  it.each([
    ['en', 375],
    ['es', 1280],
    ['en', 1440],
    ['es', 1440],
    ['en', 1920],
  ] as const)('keeps the cards at their width beside the filters; the side banners yield below the list (%s, %i px wide, issue 37)', async (language: Language, width: number) => {
    const page = await newPage(language, { width, height: 900 });
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2027-03-03/2027-03-09/1/0/0?lang=${language}`);
    const list = page.getByRole('list', { name: language === 'es' ? /Vuelos/ : /Flights/ });
    await list.getByRole('article').first().waitFor();
    const boxes = await page.evaluate(() => {
      const rect = (element: Element | null) => (element ? element.getBoundingClientRect().toJSON() as DOMRect : null);
      const rows = [...document.querySelectorAll('.rec-card .flight-row')].slice(0, 6);
      return {
        list: rect(document.querySelector('.results__body > :first-child')),
        banners: rect(document.querySelector('.side-banners')),
        rows: rows.map((row) => ({ times: [...row.querySelectorAll('.flight-row__time')].map(rect), baggage: rect(row.querySelector('.flight-row__baggage')) })),
      };
    });
    expect(boxes.rows.length).toBeGreaterThan(0);
    // No time prints over the bag labels beside it.
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    expect(boxes.rows.flatMap(({ times, baggage }) => times.filter((time) => overlaps(time!, baggage!)))).toEqual([]);
    // The banners are not a column beside the cards: they stand under the list.
    const bannersBesideList = boxes.banners !== null && boxes.banners.height > 0 && boxes.banners.top < boxes.list!.bottom;
    expect(bannersBesideList).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.close();
  });
});
