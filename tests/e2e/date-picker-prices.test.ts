import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drawnResultsList, newPage, useServerAndBrowser } from './support/journey.ts';

/** Issue 21: the search form's date picker prices each day, and the cheapest day chosen is the one searched. */
const world = useServerAndBrowser();

const PRICE = /US\$ (\d+(?:,\d{3})*)/;
const priceOf = (description: string) => Number(PRICE.exec(description)?.[1]?.replaceAll(',', '') ?? Number.NaN);
/** The date of a day button's name ("Thursday, December 10, 2026"), as the results URL writes it. */
const isoOf = (name: string) => new Date(`${name.replace(/^\w+, /, '').replace(/ selected$/, '')} UTC`).toISOString().slice(0, 10);

/** The home page's form for Lima–Cusco, its calendar open on next month. */
async function openNextMonth(tripType: 'One way' | 'Round trip') {
  const page = await newPage('en');
  await page.goto(`${world.server.baseUrl}/vuelos/?lang=en`);
  await page.getByRole('button', { name: /Trip type/ }).click();
  await page.getByRole('option', { name: tripType, exact: true }).click();
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
  return { page, calendar };
}

/** Each priced day's button: its date (the name), the price the calendar API gave it (the description) and what it shows. */
async function pricedDays(calendar: Locator) {
  const days = await calendar.locator('[role="button"]:has([data-price])').evaluateAll((buttons) =>
    buttons.map((button) => ({
      name: button.getAttribute('aria-label') ?? '',
      description: (button.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .filter(Boolean)
        .join(' '),
      shown: button.querySelector('[data-price]')?.getAttribute('data-price') ?? '',
    })),
  );
  // Choosing a round trip's return, react-aria's own hint comes first ("Click to finish selecting date range").
  expect(days.filter((day) => !/(^|range )US\$ [\d,]+, (Cheap|Typical|Expensive)$/.test(day.description))).toEqual([]);
  return days.sort((a, b) => priceOf(a.description) - priceOf(b.description));
}

describe('date picker prices', () => {
  it('prices next month’s days once Lima–Cusco is chosen, and searching the cheapest lands on its results at that price', async () => {
    const { page, calendar } = await openNextMonth('One way');
    await calendar.getByRole('list', { name: 'Price bands' }).waitFor();
    const days = await pricedDays(calendar);
    expect(days.length).toBeGreaterThanOrEqual(28);
    const cheapest = days[0]!;
    expect(cheapest.description).toMatch(/, Cheap$/);
    expect(cheapest.shown).toBe(`▼$${priceOf(cheapest.description)}`);
    await expect.poll(() => calendar.getByRole('button', { name: cheapest.name, exact: true }).getAttribute('aria-describedby')).toBeTruthy();
    await calendar.getByRole('button', { name: cheapest.name, exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const date = isoOf(cheapest.name);
    await page.waitForURL((url) => url.pathname === `/vuelos/LIM/CUZ/${date}/1/0/0`);
    const list = await drawnResultsList(page, 'en');
    // The picker's price of that day is the cheapest offer its search lists.
    const price = PRICE.exec(cheapest.description)?.[0] ?? '';
    expect(await list.textContent()).toMatch(new RegExp(`${price.replace('$', '\\$')}(?![\\d,])`));
    await page.close();
  });

  it('prices the returns paired with the departure chosen, and searches that round trip', async () => {
    const { page, calendar } = await openNextMonth('Round trip');
    await calendar.getByRole('list', { name: 'Price bands' }).waitFor();
    const departure = (await pricedDays(calendar)).find((day) => / 10, \d{4}$/.test(day.name))!;
    await calendar.getByRole('button', { name: departure.name, exact: true }).click();
    await calendar.getByText(/^Round-trip price with departure on /).waitFor();
    await expect.poll(async () => (await pricedDays(calendar)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(15);
    const returns = await pricedDays(calendar);
    expect(returns.every((day) => isoOf(day.name) > isoOf(departure.name))).toBe(true);
    const cheapest = returns[0]!;
    await calendar.getByRole('button', { name: cheapest.name, exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/vuelos/LIM/CUZ/${isoOf(departure.name)}/${isoOf(cheapest.name)}/1/0/0`);
    const list = await drawnResultsList(page, 'en');
    // The pair's price in the picker is the cheapest round trip its search lists.
    const price = PRICE.exec(cheapest.description)?.[0] ?? '';
    expect(await list.textContent()).toMatch(new RegExp(`${price.replace('$', '\\$')}(?![\\d,])`));
    await page.close();
  });

  it('prices a round trip’s departure days as the round trip a stay later, the cheapest its search lists (issue 37)', async () => {
    const { page, calendar } = await openNextMonth('Round trip');
    const note = calendar.getByText(/^Cheapest round-trip price per departure day, for a stay of \d+ nights?$/);
    await note.waitFor();
    const nights = Number(/(\d+) nights?$/.exec((await note.textContent()) ?? '')?.[1]);
    await expect.poll(async () => (await pricedDays(calendar)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(28);
    // A departure early in the month, so its return a stay later is still in the month shown.
    const departure = (await pricedDays(calendar)).find((day) => Number(isoOf(day.name).slice(8)) <= 10)!;
    await calendar.getByRole('button', { name: departure.name, exact: true }).click();
    await calendar.getByText(/^Round-trip price with departure on /).waitFor();
    const back = new Date(`${isoOf(departure.name)}T00:00:00Z`);
    back.setUTCDate(back.getUTCDate() + nights);
    const returnOf = async () => (await pricedDays(calendar)).find((day) => isoOf(day.name) === back.toISOString().slice(0, 10));
    await expect.poll(async () => (await returnOf()) !== undefined, { timeout: 15_000 }).toBe(true);
    const returnDay = (await returnOf())!;
    // The same pair, asked as a return: the same round-trip total the departure day showed.
    expect(priceOf(returnDay.description)).toBe(priceOf(departure.description));
    await calendar.getByRole('button', { name: returnDay.name, exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/vuelos/LIM/CUZ/${isoOf(departure.name)}/${isoOf(returnDay.name)}/1/0/0`);
    const list = await drawnResultsList(page, 'en');
    const price = PRICE.exec(departure.description)?.[0] ?? '';
    expect(await list.textContent()).toMatch(new RegExp(`${price.replace('$', '\\$')}(?![\\d,])`));
    await page.close();
  });
});
