import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { handlers } from '../../src/web/mocks/handlers.ts';

/** The API for UI tests: the same MSW handlers as Storybook; a request no handler knows fails the test. */
export const server = setupServer(...handlers);

// jsdom gaps that browsers fill: the router's scroll restoration calls scrollTo, and react-aria's
// collections build selectors with CSS.escape. Neither changes what a test can observe.
window.scrollTo = () => {};
if (!globalThis.CSS?.escape) {
  globalThis.CSS = { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
