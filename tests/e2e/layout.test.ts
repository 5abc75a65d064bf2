import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const context = await browser.newContext();
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const brandPrimary = () =>
  page.evaluate(() => getComputedStyle(document.querySelector('.app-shell')!).getPropertyValue('--brand-primary').trim());

describe('the application frame in the browser', () => {
  it('opens the home page in Spanish, switches to English and keeps the choice in the URL', async () => {
    await page.goto(`${server.baseUrl}/vuelos/?lang=es`);
    await page.getByRole('heading', { level: 1, name: 'Encuentra tu próximo vuelo' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Vuelos' }).count()).toBe(1);

    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Find your next flight' }).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('loads an agency terminal with its own logo, favicon, colours and links', async () => {
    await page.goto(`${server.baseUrl}/vuelos/?terminalId=2113855&lang=es`);
    await page.getByRole('img', { name: 'Andes Travel B2B' }).waitFor();
    expect(await brandPrimary()).toBe('#0b5d57');
    expect(await page.getAttribute('link#favicon', 'href')).toBe('/vuelos/brand/andes-icon.svg');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    expect(await nav.getByRole('link', { name: 'Tarifario' }).count()).toBe(1);
  });

  it('shows the default brand when no terminal is given', async () => {
    await page.goto(`${server.baseUrl}/vuelos/`);
    await page.getByRole('img', { name: 'Vuelos Perú' }).waitFor();
    expect(await brandPrimary()).toBe('#0a58ca');
  });

  it('shows a translated not-found page for an unknown address', async () => {
    await page.goto(`${server.baseUrl}/vuelos/esto/no/existe?lang=es`);
    await page.getByRole('heading', { level: 1, name: 'No encontramos esta página' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ir a la página principal' }).count()).toBe(1);
  });

  it.each([
    ['the default channel', '/vuelos/?lang=es'],
    ['an agency channel with its own colours', '/vuelos/?terminalId=0604596344&lang=en'],
  ])('has no accessibility violations on the home page of %s', async (_, path) => {
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
