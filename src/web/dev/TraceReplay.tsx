import { useId, useState, type ChangeEvent } from 'react';
import { replayTrace, type Trace } from '../lib/trace-recorder.ts';
import { replayableMachines } from './replayable-machines.ts';

/*
 * Developer tooling, never shown to travellers: its texts are English on purpose and stay out of the
 * Lingui catalogs.
 */

/** A downloaded file holds every trace of a page; a single trace is accepted too. */
export function parseTraces(json: string): Trace[] {
  const parsed = JSON.parse(json) as Trace | Trace[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** `?trace=` holds the JSON itself or the address of a trace file. */
export async function loadTraces(parameter: string): Promise<Trace[]> {
  if (parameter.trimStart().startsWith('{') || parameter.trimStart().startsWith('[')) return parseTraces(parameter);
  const response = await fetch(parameter);
  return parseTraces(await response.text());
}

function ReplayedTrace({ trace }: { trace: Trace }) {
  const machine = replayableMachines[trace.machineId];
  if (!machine) return <p>No machine with id “{trace.machineId}” runs in the browser.</p>;
  const { steps, snapshot } = replayTrace(machine, trace);
  return (
    <section aria-label={`${trace.machineId} trace`}>
      <h3>
        {trace.machineId}: {steps.length} events, final state <code>{JSON.stringify(snapshot.value)}</code>
      </h3>
      <ol>
        {steps.map(({ step, value, accepted, missingActor }, index) => (
          <li key={index}>
            <code>{step.actor || 'self'}</code> ← <code>{step.event.type}</code> ⇒ <code>{missingActor ? 'actor not running: event dropped' : JSON.stringify(value)}</code>
            {missingActor || accepted ? null : ' (no transition: ignored)'}
            {step.value === undefined || JSON.stringify(step.value) === JSON.stringify(value) ? null : <> — recorded <code>{JSON.stringify(step.value)}</code></>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Each trace replayed on a fresh actor of its machine, with the state after every event. */
export function TraceReplayPanel({ traces }: { traces: Trace[] }) {
  return (
    <aside className="trace-replay" aria-label="Trace replay">
      <h2>Trace replay</h2>
      {traces.length === 0 ? <p>No traces loaded.</p> : traces.map((trace, index) => <ReplayedTrace key={index} trace={trace} />)}
    </aside>
  );
}

/** Storybook's way in: pick a downloaded trace file. */
export function TraceFileReplay() {
  const inputId = useId();
  const [traces, setTraces] = useState<Trace[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setTraces(parseTraces(await file.text()));
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <main>
      <label htmlFor={inputId}>Trace file (JSON from window.__vuelosTrace.download())</label>
      <input id={inputId} type="file" accept="application/json,.json" onChange={(event) => void load(event)} />
      {problem ? <p role="alert">{problem}</p> : null}
      <TraceReplayPanel traces={traces} />
    </main>
  );
}
