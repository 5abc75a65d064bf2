import { chromium, type Browser } from 'playwright-core';
import { shiftClock, testClockShiftMs } from '../../support/test-time.ts';

/** Flags that keep the system Chromium quiet on a machine with no outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The system Chromium. Every context it opens (newPage opens one too) reads the tests' time, as the
 * server does, so no test or bench can forget to move a page's clock.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(shiftClock, testClockShiftMs);
    return context;
  };
  return browser;
}
