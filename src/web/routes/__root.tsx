import { createRootRouteWithContext, Outlet, retainSearchParams, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_TERMINAL_ID, languageSchema, terminalIdSchema } from '../../contract/common.ts';
import { activateLanguage, DEFAULT_LANGUAGE, prefetchRouteCatalogs } from '../i18n.ts';
import { engineQueryOptions } from '../lib/queries.ts';
import { rememberAgencyToken } from '../lib/booking-access.ts';
import type { RouterContext } from '../router.tsx';
import { LayoutSkeleton, LayoutWrapper } from '../features/layout/LayoutWrapper.tsx';
import { isLayoutHidden, resolveTerminalId } from '../features/layout/terminal.ts';
import { useCurrentTerminalId } from '../features/layout/useCurrentEngine.ts';
import { EngineUnavailable } from './-components/EngineUnavailable.tsx';
import { NotFoundPage } from './-components/NotFoundPage.tsx';
import { RouteErrorPage } from './-components/RouteErrorPage.tsx';

/** Query values every screen understands; a malformed value is dropped, never thrown at the user. */
const rootSearchSchema = z.object({
  terminalId: terminalIdSchema.optional().catch(undefined),
  lang: languageSchema.optional().catch(undefined),
  /** An agency's search token (the sales platform's link): kept for the tab's later calls on its bookings and credit line. */
  token: z.string().max(600).optional().catch(undefined),
});

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  search: { middlewares: [retainSearchParams(['lang', 'terminalId'])] },
  // The routes' own catalog parts start loading with the navigation, beside their chunks (which wait for them).
  // The terminal is read here, where the page's own params (an iframe's account) are known, for the loader.
  beforeLoad: ({ matches, search }) => {
    prefetchRouteCatalogs(matches.map((match) => String(match.routeId)));
    if (search.token) rememberAgencyToken(search.token);
    const { accountId } = (matches.at(-1)?.params ?? {}) as { accountId?: string };
    return { terminalId: resolveTerminalId({ terminalId: search.terminalId, accountId }) };
  },
  // A loader, not beforeLoad: the page's catalog and the terminal's engine are fetched alongside the route's
  // own chunks. With the engine there, the app's first render holds the whole page, as one transition
  // (src/web/main.tsx); the engine's arrival would otherwise re-render it in one piece. A failed engine is
  // the layout's to show (EngineUnavailable), not the loader's.
  loaderDeps: ({ search }) => ({ lang: search.lang ?? DEFAULT_LANGUAGE }),
  loader: ({ deps, context }) =>
    Promise.all([activateLanguage(deps.lang), context.queryClient.ensureQueryData(engineQueryOptions(context.terminalId)).catch(() => undefined)]),
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
