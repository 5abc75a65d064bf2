import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

/** React with Lingui macros and `.po` catalogs: what any bundle of components needs (app, Storybook tests). */
export const componentPlugins = () => [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()];

export const webPlugins = () => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/web/routes',
    generatedRouteTree: './src/web/routeTree.gen.ts',
  }),
  ...componentPlugins(),
];

export default defineConfig({
  base: '/vuelos/',
  plugins: webPlugins(),
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
});
