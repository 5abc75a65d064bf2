import { createRouter } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(options: { queryClient?: QueryClient; history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  const queryClient = options.queryClient ?? new QueryClient();
  return createRouter({
    routeTree,
    basepath: '/vuelos',
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...(options.history ? { history: options.history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
