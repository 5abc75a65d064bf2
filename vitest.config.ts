import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import viteConfig, { componentPlugins } from './vite.config.ts';
import { chromiumArgs, chromiumPath } from './tests/e2e/support/browser.ts';

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
          testTimeout: 20_000,
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
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
