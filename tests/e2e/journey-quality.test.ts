/**
 * Journey quality in the browser (issue 21): a traveller searching Lima–New York on the sandbox world,
 * where many connections wait 8 to 12 hours, keeps layovers up to 6 h and no card left offers a longer one.
 */
import { describe, expect, it } from 'vitest';
import { expectNoUncompiledMessages, newPage, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

/** '5 h 36 min' or '45 min' as minutes. */
function minutesOf(text: string): number {
  const match = /(?:(\d+) h )?(\d+) min/.exec(text);
  if (!match) throw new Error(`Not a duration: ${text}`);
  return Number(match[1] ?? 0) * 60 + Number(match[2]);
}

describe('journey quality', () => {
  it('filters out layovers over 6 h on a real Lima–New York search: the cards change and none left waits longer', async () => {
    const page = await newPage('en', { width: 1280, height: 900 });
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/NYC/2026-12-10/1/0/0?lang=en`);
    const list = page.getByRole('list', { name: 'Flights' });
    await list.getByRole('article').first().waitFor();
    const count = page.locator('.results-list__count');
    const before = Number(/of (\d+) flights/.exec((await count.textContent()) ?? '')?.[1]);
    // The sandbox's Lima–New York connections: some wait over 6 h, and the cards say so.
    expect(await page.getByText('Layover over 6 h').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Sorted by a mix of price, total duration and number of stops.').isVisible()).toBe(true);

    await page.getByRole('button', { name: /Maximum layover$/ }).click();
    await page.getByRole('option', { name: 'Up to 6 h', exact: true }).click();
    await page.waitForURL(/maxLayover=360/);
    await expect.poll(async () => Number(/of (\d+) flights/.exec((await count.textContent()) ?? '')?.[1])).toBeLessThan(before);
    await expect.poll(() => page.locator('.results-list[aria-busy="true"], [aria-busy="true"] article').count()).toBe(0);
    const cards = list.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await page.getByText('Layover over 6 h').count()).toBe(0);

    // Every flight every card still offers: open its details and read each layover.
    const triggers = list.getByRole('button', { name: /^Details/ });
    const triggerCount = await triggers.count();
    const layovers: number[] = [];
    for (let index = 0; index < triggerCount; index += 1) {
      await triggers.nth(index).click();
    }
    await expect.poll(() => list.locator('.flight-details').count()).toBe(triggerCount);
    for (const text of await list.locator('.segment__layover').allTextContents()) layovers.push(minutesOf(text));
    expect(layovers.length).toBeGreaterThan(0);
    expect(Math.max(...layovers)).toBeLessThanOrEqual(360);
    expectNoUncompiledMessages(page);
  }, 120_000);
});
