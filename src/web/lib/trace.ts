import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorOptions, AnyStateMachine, InspectionEvent, SnapshotFrom } from 'xstate';
import type { Trace, TraceOptions } from './trace-recorder.ts';

/*
 * The recorder and the replay live in trace-recorder.ts (with the redaction, which needs the checkout's
 * validations): a page loads them only when it records (below), not with every machine.
 */
export type { ReplayedStep, Trace, TraceOptions, TraceStep } from './trace-recorder.ts';

/** The live traces of this page, newest actors last; `window.__vuelosTrace` wherever recording is on. */
const recordedTraces: Trace[] = [];

function downloadTraces() {
  const url = URL.createObjectURL(new Blob([JSON.stringify(recordedTraces, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `vuelos-trace-${Date.now()}.json` });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * A built app records only in a tab that opted in (the e2e tests do): `sessionStorage` holds this key
 * with 'on', set before the page loads. Built apps ship one bundle for production and tests; off unless asked.
 */
export const TRACE_OPT_IN_KEY = 'vuelos.trace';

function optedIn(): boolean {
  try {
    return window.sessionStorage.getItem(TRACE_OPT_IN_KEY) === 'on';
  } catch {
    // Storage blocked by the browser: no recording.
    return false;
  }
}

const tracing = typeof window !== 'undefined' && (import.meta.env.DEV || optedIn());
/** The recorder, loaded only where recording is on: a traveller's tab never downloads it. */
const recorderModule = tracing ? await import('./trace-recorder.ts') : undefined;
// The Stately inspector opens in a pop-up window; development only, with VITE_INSPECT=1 (see README).
// Imported on demand: Vite replaces import.meta.env.DEV with false in builds, so the import is dropped.
// A static import would ship it anyway (its dependencies have side effects the bundler keeps).
const statelyInspector =
  import.meta.env.DEV && tracing && import.meta.env.VITE_INSPECT === '1' ? (await import('@statelyai/inspect')).createBrowserInspector() : undefined;
/** The console's (and the e2e tests') way to the recorded traces: `window.__vuelosTrace`. */
export const TRACE_GLOBAL = '__vuelosTrace';
if (tracing) Object.assign(window, { [TRACE_GLOBAL]: { traces: () => recordedTraces, download: downloadTraces } });

/**
 * `useActorRef` that, in development, Storybook and opted-in tabs, records the actor's trace and feeds
 * the Stately inspector when it is on. Containers use it in place of `useActorRef`.
 */
export function useTracedActorRef<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>, traceOptions?: TraceOptions<SnapshotFrom<TMachine>>) {
  const [inspect] = useState(() => {
    if (!recorderModule) return undefined;
    const recorder = recorderModule.createTraceRecorder(machine, options?.input, traceOptions);
    // Listed from its first event: StrictMode's discarded first render leaves no empty trace behind.
    let listed = false;
    return (inspection: InspectionEvent) => {
      recorder.inspect(inspection);
      if (!listed && recorder.trace.steps.length > 0) {
        recordedTraces.push(recorder.trace);
        listed = true;
      }
      statelyInspector?.inspect.next?.(inspection);
    };
  });
  return useActorRef(machine, inspect ? { ...options, inspect } : options);
}
