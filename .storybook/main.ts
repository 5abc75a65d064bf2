import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

/**
 * Storybook's Vite builder loads vite.config.ts, so stories get the same React, Lingui macro and `.po`
 * plugins as the app. The TanStack router plugin is dropped: stories never import route files, and its
 * generator would rewrite src/web/routeTree.gen.ts from a Storybook process.
 */
function withoutRouterPlugin(plugins: PluginOption[]): PluginOption[] {
  return plugins.flatMap((plugin): PluginOption[] => {
    if (Array.isArray(plugin)) return [withoutRouterPlugin(plugin)];
    const name = plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : '';
    return name.startsWith('tanstack-router') || name.startsWith('tanstack:router') ? [] : [plugin];
  });
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/web/**/*.stories.tsx'],
  addons: ['msw-storybook-addon', '@storybook/addon-vitest', '@storybook/addon-a11y'],
  // public/ holds the MSW worker; brand images are addressed under the app's base path /vuelos.
  staticDirs: ['../public', { from: '../public/brand', to: '/vuelos/brand' }],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: withoutRouterPlugin(viteConfig.plugins ?? []) }),
};

export default config;
