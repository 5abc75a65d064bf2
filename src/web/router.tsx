import { createRouter } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The spec's query strings are plain text. The router's default JSON-ish parsing would turn
 * `terminalId=2113855` into a number and `airline=true` into a boolean, so every value stays a string
 * and the route schemas decide what it means.
 */
export function parsePlainSearch(searchText: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchText));
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function createAppRouter(options: { queryClient?: QueryClient; history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  const queryClient = options.queryClient ?? new QueryClient();
  return createRouter({
    routeTree,
    basepath: '/vuelos',
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    ...(options.history ? { history: options.history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
