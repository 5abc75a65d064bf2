import { defineConfig } from 'vitest/config';
import type { BrowserInstanceOption } from 'vitest/node';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY } from '@storybook/addon-vitest/constants';
import { playwright } from '@vitest/browser-playwright';
import viteConfig, { componentPlugins } from './vite.config.ts';
import { chromiumArgs, chromiumPath } from './tests/e2e/support/browser.ts';
import { storyViewports, type StoryViewportName } from './.storybook/viewports.ts';

/** A Chromium instance of the storybook project whose stories render at one of the story viewports. */
function storybookInstanceAt(viewport: StoryViewportName): BrowserInstanceOption {
  return {
    browser: 'chromium',
    name: `storybook (${viewport})`,
    provide: { [STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY]: { viewport: { value: viewport, isRotated: false } } },
  };
}

// One runner, five projects: keep runs lean on 2 cores by running one project at a time when iterating.
export default defineConfig({
  plugins: viteConfig.plugins,
  test: {
    projects: [
      { extends: true, test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Faults only a real server can show (connections cut by pg_terminate_backend) run in the PostgreSQL pass.
          exclude: process.env.DATABASE_URL ? [] : ['tests/server/**/*.postgres.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Whole-page tests on the real router take 10–20 s each on 2 busy cores (a results page with its
          // filters, calendar and bags; a checkout filled in): the limit catches a hang, not a slow machine.
          testTimeout: 45_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Every story in the system Chromium: it renders without errors and axe finds no violations
        // (addon-a11y with `a11y.test: 'error'` in .storybook/preview.tsx). Not `extends: true`: stories
        // never import route files, so the router generator stays out, as in .storybook/main.ts.
        plugins: [...componentPlugins(), storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          setupFiles: ['.storybook/vitest.setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            // Every story runs once per width, as projects `storybook (mobile)` and `storybook (desktop)`
            // sharing one Vite server. addon-vitest sizes each story's frame from its `viewport` global
            // (a story that pins one, e.g. a 320 px `mobile1` story, keeps it), so each instance sets
            // that global for its stories through the addon's initial-globals channel.
            instances: (Object.keys(storyViewports) as StoryViewportName[]).map(storybookInstanceAt),
          },
        },
      },
    ],
  },
});
