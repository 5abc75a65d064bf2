import { describe, expect, it } from 'vitest';
import { drawnResultsList, newPage, useServerAndBrowser } from './support/journey.ts';
import { testNow } from '../support/test-time.ts';

/** Issue 21: the results page's price calendar leads to a cheaper day's results. */
const world = useServerAndBrowser();

/** A date `days` from the server's today, as the results URL writes it. */
const inDays = (days: number) => new Date(testNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('price calendar', () => {
  it('picks a cheaper day from the calendar and lands on that day’s results, priced as the calendar said', async () => {
    const page = await newPage('en');
    const chosen = inDays(45);
    await page.goto(`${world.server.baseUrl}/vuelos/LIM/CUZ/${chosen}/1/0/0?lang=en`);
    await page.getByRole('list', { name: /Flights/ }).getByRole('article').first().waitFor();
    await page.getByRole('tab', { name: 'Price calendar' }).click();
    const bars = page.getByRole('list', { name: 'Cheapest price per departure day' });
    await bars.waitFor();
    expect(await bars.getByRole('listitem').count()).toBe(61);
    const labels = await bars.getByRole('button').evaluateAll((buttons) => buttons.map((button) => ({ label: button.getAttribute('aria-label') ?? '', current: button.getAttribute('aria-current') === 'date' })));
    const PRICE = /US\$ \d+(?:,\d{3})*/;
    const priceOf = (label: string) => Number(PRICE.exec(label)?.[0].slice(4).replaceAll(',', '') ?? Number.NaN);
    const current = labels.find((entry) => entry.current);
    expect(current).toBeDefined();
    const cheapest = labels.filter((entry) => !entry.current).sort((a, b) => priceOf(a.label) - priceOf(b.label))[0];
    expect(cheapest?.label).toMatch(/, Cheap$/);
    expect(priceOf(cheapest!.label)).toBeLessThan(priceOf(current!.label));
    const index = labels.indexOf(cheapest!);
    await bars.getByRole('button').nth(index).click();
    await page.waitForURL((url) => url.pathname !== `/vuelos/LIM/CUZ/${chosen}/1/0/0` && /^\/vuelos\/LIM\/CUZ\/\d{4}-\d{2}-\d{2}\/1\/0\/0$/.test(url.pathname));
    const picked = new URL(page.url()).pathname.split('/')[4] ?? '';
    expect(picked).not.toBe(chosen);
    const list = await drawnResultsList(page, 'en');
    // The calendar's price of that day is the cheapest offer its search lists.
    const price = PRICE.exec(cheapest!.label)?.[0] ?? '';
    expect(price).toMatch(/^US\$ \d/);
    expect(await list.textContent()).toMatch(new RegExp(`${price.replace('$', '\\$')}(?![\\d,])`));
    await page.close();
  });
});
