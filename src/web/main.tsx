import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createAppRouter } from './router.tsx';
import './styles.css';

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// Development only: `?trace=<JSON or file address>` replays recorded traces in a panel below the page.
const traceParameter = import.meta.env.DEV ? new URLSearchParams(window.location.search).get('trace') : null;
if (traceParameter) {
  const { loadTraces, TraceReplayPanel } = await import('./dev/TraceReplay.tsx');
  const panel = document.body.appendChild(document.createElement('div'));
  createRoot(panel).render(<TraceReplayPanel traces={await loadTraces(traceParameter)} />);
}
