import { describe, expect, it } from 'vitest';
import { newPage, useServerAndBrowser } from './support/journey.ts';

/** Issue 21: the search form's date picker prices each day, and the cheapest day chosen is the one searched. */
const world = useServerAndBrowser();

describe('date picker prices', () => {
  it('prices next month’s days once Lima–Cusco is chosen, and searching the cheapest lands on its results at that price', async () => {
    const page = await newPage('en');
    await page.goto(`${world.server.baseUrl}/vuelos/?lang=en`);
    await page.getByRole('button', { name: /Trip type/ }).click();
    await page.getByRole('option', { name: 'One way', exact: true }).click();
    for (const [label, text, option] of [
      ['Origin', 'Lim', /Lima/],
      ['Destination', 'Cus', /Cusco/],
    ] as const) {
      await page.getByRole('combobox', { name: label }).fill(text);
      await page.getByRole('option', { name: option }).first().click();
    }
    await page.getByRole('button', { name: /Calendar/ }).click();
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('list', { name: 'Price bands' }).waitFor();
    // Each day's button: its date (the name) and the price the calendar API gave it (the description).
    const days = await calendar.locator('[role="button"][aria-describedby]').evaluateAll((buttons) =>
      buttons.map((button) => ({
        name: button.getAttribute('aria-label') ?? '',
        description: (button.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
        shown: button.querySelector('[data-price]')?.getAttribute('data-price') ?? '',
      })),
    );
    expect(days.length).toBeGreaterThanOrEqual(28);
    const PRICE = /US\$ (\d+(?:,\d{3})*)/;
    const priceOf = (description: string) => Number(PRICE.exec(description)?.[1]?.replaceAll(',', '') ?? Number.NaN);
    expect(days.every((day) => /^US\$ [\d,]+, (Cheap|Typical|Expensive)$/.test(day.description))).toBe(true);
    const cheapest = [...days].sort((a, b) => priceOf(a.description) - priceOf(b.description))[0]!;
    expect(cheapest.description).toMatch(/, Cheap$/);
    expect(cheapest.shown).toBe(`▼$${priceOf(cheapest.description)}`);
    await expect.poll(() => calendar.getByRole('button', { name: cheapest.name, exact: true }).getAttribute('aria-describedby')).toBeTruthy();
    await calendar.getByRole('button', { name: cheapest.name, exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const date = new Date(`${cheapest.name.replace(/^\w+, /, '')} UTC`).toISOString().slice(0, 10);
    await page.waitForURL((url) => url.pathname === `/vuelos/LIM/CUZ/${date}/1/0/0`);
    const list = page.getByRole('list', { name: /Flights/ });
    await list.getByRole('article').first().waitFor();
    // The picker's price of that day is the cheapest offer its search lists.
    const price = PRICE.exec(cheapest.description)?.[0] ?? '';
    expect(await list.textContent()).toMatch(new RegExp(`${price.replace('$', '\\$')}(?![\\d,])`));
    await page.close();
  });
});
