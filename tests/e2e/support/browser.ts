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
    // As source, with the `__name` helper that tsx (the benches' runner) writes into compiled functions
    // in scope: handed over as a function, it threw "__name is not defined" in the page, clock unshifted.
    await context.addInitScript({ content: `(() => { const __name = (target) => target; (${shiftClock.toString()})(${testClockShiftMs}); })();` });
    return context;
  };
  return browser;
}
