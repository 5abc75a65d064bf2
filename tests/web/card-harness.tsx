import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import type { Language } from '../../src/contract/common.ts';
import type { SessionData } from '../../src/contract/session.ts';
import { sessionDataSchema } from '../../src/contract/session-store.ts';
import { activateLanguage, i18n } from '../../src/web/i18n.ts';
import { mockEngines, mockSessionIds } from '../../src/web/mocks/handlers.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../src/web/router.tsx';
import { server } from './setup.ts';

export const sessionID = mockSessionIds.live;

/** Demo terminals: 9132868 the default consumer one, 2113855 a Peruvian agency, 7200983 a US agency. */
export function demoEngine(id: '9132868' | '2113855' | '7200983') {
  return mockEngines.find((engine) => engine.id === id)!;
}

export { roundTripSearch } from '../../src/web/mocks/search-state.ts';

/**
 * Renders a results-page piece under a memory router (so checkout navigation is observable) with the
 * app's providers; the current address is the results page.
 */
export function renderOnResultsPage(ui: ReactNode, { language = 'en' }: { language?: Language } = {}) {
  activateLanguage(language);
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          {ui}
          <Outlet />
        </>
      ),
      notFoundComponent: () => null,
    }),
    basepath: '/vuelos',
    history: createMemoryHistory({ initialEntries: ['/vuelos/LIM/CUZ/2026-12-18/2026-12-26/2/1/1'] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { router, user };
}

/** Records what the page saves into the session (POST /api/sessions/save?id=). */
export function recordSessionSaves() {
  const saves: Array<{ id: string | null; body: SessionData }> = [];
  server.use(
    http.post('/api/sessions/save', async ({ request }) => {
      const body = sessionDataSchema.strict().parse(await request.json());
      const id = new URL(request.url).searchParams.get('id');
      saves.push({ id, body });
      return HttpResponse.json({ status: 200, sessionID: id ?? sessionID });
    }),
  );
  return saves;
}
