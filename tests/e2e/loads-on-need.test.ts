import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkoutFromResults, newPage, useServerAndBrowser } from './support/journey.ts';

/**
 * Issue 15: the checkout's first load leaves out what its first paint does not show. React Aria's dialog
 * code (DialogFrames), the fare rules' modal (FareRulesModalView) and the card checks (card-validator)
 * each arrive when the traveller asks for them, and then work.
 */
useServerAndBrowser();

/** Every script the page has fetched, by file name, with its text. */
function watchScripts(page: Page) {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname.split('/').pop() ?? '', response.text().catch(() => ''));
  });
  const names = () => [...scripts.keys()];
  return {
    loaded: (prefix: string) => names().some((name) => name.startsWith(`${prefix}-`)),
    // card-validator's API name survives minification: it is a property every card check reads.
    cardChecksLoaded: async () => (await Promise.all(scripts.values())).some((text) => text.includes('isPotentiallyValid')),
  };
}

describe('checkout code that loads when used', () => {
  it('loads no dialog, fare rules or card check code with the page, and each when asked for', async () => {
    const page = await newPage('en', { width: 375, height: 812 });
    const scripts = watchScripts(page);
    await checkoutFromResults(page, 'en', '/vuelos/LIM/CUZ/2026-12-11/2026-12-18/1/0/0?lang=en');
    await page.waitForLoadState('networkidle');
    expect(scripts.loaded('DialogFrames')).toBe(false);
    expect(scripts.loaded('FareRulesModalView')).toBe(false);
    expect(await scripts.cardChecksLoaded()).toBe(false);

    const rulesButton = page.getByRole('button', { name: 'See the fare rules' });
    await rulesButton.click();
    const dialog = page.getByRole('dialog', { name: 'Fare rules' });
    await dialog.getByRole('tab').first().waitFor();
    expect(scripts.loaded('DialogFrames')).toBe(true);
    expect(scripts.loaded('FareRulesModalView')).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await rulesButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.getByRole('radio', { name: /^Credit or debit card/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('region', { name: /^Details of / }).getByRole('textbox', { name: /^Card number/ }).waitFor();
    expect(await scripts.cardChecksLoaded()).toBe(true);
    await page.close();
  });
});
