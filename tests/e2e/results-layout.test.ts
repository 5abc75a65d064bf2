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
});
