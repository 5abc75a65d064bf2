import { describe, expect, it } from 'vitest';
import { exploreMonths } from '../../src/contract/explore.ts';
import { todayInLima } from '../../src/web/lib/dates.ts';
import { drawnResultsList, newPage, useServerAndBrowser } from './support/journey.ts';

/** Issue 21: Explora lists the cheapest destinations from an origin in a month and leads to one's results. */
const world = useServerAndBrowser();

const nextMonth = exploreMonths(todayInLima())[1] as string;
const monthName = new Date(`${nextMonth}-01T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const PRICE = /US\$ \d+(?:,\d{3})*/;
const priceOf = (text: string) => Number(PRICE.exec(text)?.[0].slice(4).replaceAll(',', '') ?? Number.NaN);

describe('Explora', () => {
  it('reaches a destination from Explora: Lima next month, sorted by date, lands on its results with offers at its price', async () => {
    const page = await newPage('en');
    await page.goto(`${world.server.baseUrl}/vuelos/?lang=en`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await page.getByRole('heading', { level: 1, name: 'Explore: where can you fly?' }).waitFor();
    await page.getByRole('combobox', { name: 'Leaving from' }).fill('Lim');
    await page.getByRole('option', { name: /^Lima LIM/ }).first().click();
    await page.getByRole('button', { name: /Month/ }).click();
    await page.getByRole('option', { name: monthName }).click();
    const list = page.getByRole('list', { name: `Cheapest one-way flights from Lima in ${monthName}` });
    await list.getByRole('link').first().waitFor({ timeout: 15_000 });
    const rows = list.getByRole('link');
    const texts = async () => rows.evaluateAll((links) => links.map((link) => link.textContent ?? ''));
    const byPrice = await texts();
    expect(byPrice.length).toBeGreaterThan(30);
    const prices = byPrice.map(priceOf);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const hrefsNow = () => rows.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const hrefsByPrice = await hrefsNow();
    // The sort is a radio group: arrow keys move the choice from Price to Destination to Date.
    await page.getByRole('radio', { name: 'Price' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Date' }).isChecked()).toBe(true);
    const datesOf = (hrefs: string[]) => hrefs.map((href) => href.split('/')[4] ?? '');
    await expect.poll(async () => datesOf(await hrefsNow()).join() === [...datesOf(await hrefsNow())].sort().join()).toBe(true);
    const hrefs = await hrefsNow();
    expect(datesOf(hrefs).every((date) => date.startsWith(nextMonth))).toBe(true);
    expect(hrefs).not.toEqual(hrefsByPrice);
    const first = (await texts())[0] ?? '';
    const [href] = hrefs;
    expect(href).toMatch(/^\/vuelos\/LIM\/[A-Z]{3}\/\d{4}-\d{2}-\d{2}\/1\/0\/0\?lang=en$/);
    await rows.first().click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    const offers = await drawnResultsList(page, 'en');
    // Explora's price of that destination and day is the cheapest offer its search lists.
    const price = PRICE.exec(first)?.[0] ?? '';
    expect(price).toMatch(/^US\$ \d/);
    expect(await offers.textContent()).toMatch(new RegExp(`${price.replace('$', '\\$')}(?![\\d,])`));
    await page.close();
  });
});
