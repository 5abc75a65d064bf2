// The entry runs in stages with a turn for the browser after each (start/yield.ts): React; zod and the
// shared schemas; the providers (router, query, Lingui); the layout (React Aria); the routes (their
// search schemas); then the router built from them.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './start/after-react.ts';
import { languageOr } from '../contract/common.ts';
import './start/after-schemas.ts';
import { App } from './App.tsx';
import { activateLanguage, DEFAULT_LANGUAGE } from './i18n.ts';
import './start/after-providers.ts';
import './features/layout/LayoutWrapper.tsx';
import './start/after-layout.ts';
import { createAppRouter } from './router.tsx';
import { yieldToBrowser } from './start/yield.ts';
import { holdFirstPaint } from './features/layout/first-paint.ts';
import './styles.css';

await yieldToBrowser();
const router = createAppRouter();
// Lingui's provider renders nothing before a language is active: the page's catalog comes first (the
// root route's loader activates it again on every navigation, and fetches another on a switch).
await activateLanguage(languageOr(DEFAULT_LANGUAGE, new URLSearchParams(window.location.search).get('lang')));
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
holdFirstPaint(root);
// The page's route, its code and data, come before the first render: that render is then a transition,
// which React cuts into slices the browser answers taps between. Matched during a render instead, the
// route came in through the router's store, an update React renders in one piece (on a slow phone the
// home page's ~200 ms task, issue 15). Not awaited at the top level: the route's chunk imports this
// entry's chunk, which must finish evaluating first. On a failure the router loads again when it mounts,
// and shows its error.
void router
  .load()
  .catch(() => undefined)
  .then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    ),
  );

// Development only: `?trace=<JSON or file address>` replays recorded traces in a panel below the page.
const traceParameter = import.meta.env.DEV ? new URLSearchParams(window.location.search).get('trace') : null;
if (traceParameter) {
  const { loadTraces, TraceReplayPanel } = await import('./dev/TraceReplay.tsx');
  const panel = document.body.appendChild(document.createElement('div'));
  createRoot(panel).render(<TraceReplayPanel traces={await loadTraces(traceParameter)} />);
}
