import { defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// One runner, four projects: keep runs lean on 2 cores by running one project at a time when iterating.
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
    ],
  },
});
