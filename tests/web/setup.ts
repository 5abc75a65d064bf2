import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { handlers } from '../../src/web/mocks/handlers.ts';
import { i18n } from '../../src/web/i18n.ts';
import { loadEveryCatalog } from '../../src/web/all-catalogs.ts';
import { shiftClock, testClockShiftMs } from '../support/test-time.ts';

// The tests' time (tests/support/test-time.ts): their fixed trip dates stay ahead whatever day they run.
shiftClock(testClockShiftMs);

// What a page shows after a lazy chunk (every dialog's frame, issue 15) can take over testing-library's
// default second on a loaded 2-core machine, where CI runs: a find waits up to 5 s before it fails.
configure({ asyncUtilTimeout: 5_000 });

/** The API for UI tests: the same MSW handlers as Storybook; a request no handler knows fails the test. */
export const server = setupServer(...handlers);

// jsdom gaps that browsers fill: the router's scroll restoration calls scrollTo, and react-aria's
// collections build selectors with CSS.escape. Neither changes what a test can observe.
window.scrollTo = () => {};
if (!globalThis.CSS?.escape) {
  globalThis.CSS = { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) };
}

/**
 * Lingui warns "Uncompiled message detected!" when a string reaches i18n._ that is not a compiled catalog
 * message (a translated text looked up as an id, a descriptor built at run time): the page then shows
 * whatever the runtime compiler made of it. Any such warning fails the test that caused it.
 */
const UNCOMPILED = 'Uncompiled message';
// Outside production Lingui compiles unknown texts at run time and stays silent; the built app carries no
// compiler and warns. The tests run as the built app does, so the warning (and this guard) can happen here.
loadEveryCatalog();
i18n.setMessagesCompiler(undefined as unknown as Parameters<typeof i18n.setMessagesCompiler>[0]);
const uncompiled: string[] = [];
for (const level of ['warn', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.includes(UNCOMPILED)) uncompiled.push(`${text}\n${new Error('where').stack ?? ''}`);
    original(...args);
  };
}

/** The "Uncompiled message" warnings seen since the last call (a test that provokes one on purpose takes it). */
export const takeUncompiledWarnings = () => uncompiled.splice(0);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // A tab's storage (the checkout's saved draft) belongs to one test, as a new tab would.
  window.sessionStorage.clear();
  const found = takeUncompiledWarnings();
  if (found.length > 0) throw new Error(`Lingui met ${found.length} uncompiled message(s); every user-visible text must be a compiled catalog message:\n${found.join('\n')}`);
});
afterAll(() => server.close());
