/**
 * The fare comparison with bags in the browser (issue 21): on a real Lima–Cusco round trip of the sandbox world,
 * a traveller who chose a carry-on and a checked bag on the results opens an offer's fares, and the comparison
 * marks, in words and on its column, the cheapest family that carries those bags at the real answer's prices.
 */
import { describe, expect, it } from 'vitest';
import { cheapestFareForBags } from '../../machines/fare-families.rules.ts';
import { fareFamiliesResponseSchema } from '../../src/contract/fares.ts';
import { expectNoUncompiledMessages, newPage, useServerAndBrowser } from './support/journey.ts';

const world = useServerAndBrowser();

describe('fare comparison with bags', () => {
  it('marks the cheapest family that carries a carry-on and a checked bag, and says its total', async () => {
    const page = await newPage('en', { width: 1280, height: 900 });
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/2026-12-10/2026-12-17/1/0/0?lang=en&carryOn=1&checked=1`);
    const list = page.getByRole('list', { name: 'Flights' });
    await list.getByRole('article').first().waitFor();
    const families = page.waitForResponse((response) => response.url().includes('/api/flights/family_fares'));
    await list.getByRole('button', { name: 'See fares' }).first().click();
    const { fares } = fareFamiliesResponseSchema.parse(await (await families).json()).data;
    const dialog = page.getByRole('dialog', { name: 'Available fares' });
    await dialog.getByRole('radiogroup', { name: 'Fares' }).waitFor();

    // What the server says each family includes and sells its bags at, read with the cards' bag rules.
    const expected = cheapestFareForBags(fares, 2, { carryOn: 1, checked: 1 });
    expect(expected).not.toBeNull();
    const marked = dialog.locator('th[data-for-bags]');
    expect(await marked.count()).toBe(1);
    expect(await marked.locator('input[type="radio"]').getAttribute('value')).toBe(expected!.code);
    expect(await marked.textContent()).toContain('Cheapest with your bags');
    const sentence = await dialog.getByText(/^With the bags you chose, .+ is the cheapest fare: US\$ [\d,]+ in total\.$/).textContent();
    expect(Number(/US\$ ([\d,]+)/.exec(sentence ?? '')?.[1]?.replace(/,/g, ''))).toBe(Math.round(expected!.total));
    // A family that lacks a bag and does not sell it is never the one marked.
    const chosen = fares.find((fare) => fare.code === expected!.code)!;
    expect([chosen.inclusions.carryOn.state, chosen.inclusions.checkedBag.state]).not.toContain('NOF');
    expectNoUncompiledMessages(page);
  }, 120_000);
});
