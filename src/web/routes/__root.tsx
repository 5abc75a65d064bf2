import { createRootRouteWithContext, Outlet, retainSearchParams, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_TERMINAL_ID, languageSchema, terminalIdSchema } from '../../contract/common.ts';
import { activateLanguage, DEFAULT_LANGUAGE, prefetchRouteCatalogs } from '../i18n.ts';
import { engineQueryOptions } from '../lib/queries.ts';
import type { RouterContext } from '../router.tsx';
import { LayoutSkeleton, LayoutWrapper } from '../features/layout/LayoutWrapper.tsx';
import { isLayoutHidden } from '../features/layout/terminal.ts';
import { useCurrentTerminalId } from '../features/layout/useCurrentEngine.ts';
import { EngineUnavailable } from './-components/EngineUnavailable.tsx';
import { NotFoundPage } from './-components/NotFoundPage.tsx';
import { RouteErrorPage } from './-components/RouteErrorPage.tsx';

/** Query values every screen understands; a malformed value is dropped, never thrown at the user. */
const rootSearchSchema = z.object({
  terminalId: terminalIdSchema.optional().catch(undefined),
  lang: languageSchema.optional().catch(undefined),
});

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  search: { middlewares: [retainSearchParams(['lang', 'terminalId'])] },
  // The routes' own catalog parts start loading with the navigation, beside their chunks (which wait for them).
  beforeLoad: ({ matches }) => prefetchRouteCatalogs(matches.map((match) => String(match.routeId))),
  // A loader, not beforeLoad: the page's catalog is fetched alongside the route's own chunks.
  loaderDeps: ({ search }) => ({ lang: search.lang ?? DEFAULT_LANGUAGE }),
  loader: ({ deps }) => activateLanguage(deps.lang),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

function RootLayout() {
  const { lang } = Route.useSearch();
  const { pathname } = useLocation();
  const terminalId = useCurrentTerminalId();
  const engine = useQuery(engineQueryOptions(terminalId));
  if (engine.isPending) return <LayoutSkeleton />;
  if (engine.isError) return <EngineUnavailable terminalId={terminalId} />;
  const segments = pathname.replace(/^\/vuelos\/?/, '').split('/').filter(Boolean);
  return (
    <LayoutWrapper
      engine={engine.data}
      isDefaultTerminal={terminalId === DEFAULT_TERMINAL_ID}
      language={lang ?? DEFAULT_LANGUAGE}
      hidden={isLayoutHidden(segments)}
    >
      <Outlet />
    </LayoutWrapper>
  );
}
