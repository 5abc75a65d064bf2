import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { createActor, fromPromise, StateMachine, type ActorOptions, type ActorRefLike, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { createRedactor, type AgeReference } from './trace-redaction.ts';

/**
 * Recorded traces (developer tooling: its texts are English and never translated). Every event a
 * machine actor receives, per actor, with personal data replaced by fakes of the same shape and card
 * secrets left out (trace-redaction.ts; docs/traces.md). A trace replays deterministically against the
 * same machine: invoked calls never settle and timers never fire, so the recorded done/error and
 * delayed events drive it, exactly as the path tests replay.
 */
export interface TraceStep {
  /** '' for the traced actor itself, else the id of its descendant that received the event. */
  actor: string;
  event: { type: string; [key: string]: unknown };
  /** The traced actor's state value once the step (and what it set off at once) was processed, as recorded. */
  value?: unknown;
  /** The receiving actor had a transition for the event when recorded (a guard may turn an event away). */
  accepted?: boolean;
}

export interface Trace {
  version: 1;
  machineId: string;
  input: unknown;
  steps: TraceStep[];
}

export interface TraceOptions<TSnapshot> {
  /** The dates a birthdate's age band is measured on, from the traced actor's snapshot; today when absent. */
  ageReference?: (snapshot: TSnapshot) => AgeReference;
}

const isMachineActor = (actorRef: ActorRefLike) => (actorRef.getSnapshot() as { machine?: unknown }).machine instanceof StateMachine;

/** Whether the actor has a transition for the event now; a guard that throws on it counts as no. */
function accepts(actorRef: ActorRefLike, event: TraceStep['event']): boolean {
  try {
    return (actorRef.getSnapshot() as AnyMachineSnapshot).can(event);
  } catch {
    return false;
  }
}

/**
 * A recorder for one actor system: pass `recorder.inspect` as the actor's `inspect` option. Events
 * that one recorded machine sends another (sendParent, sendTo) are left out: the replay's own
 * actors send them again.
 */
export function createTraceRecorder<TMachine extends AnyStateMachine>(machine: TMachine, input: unknown, options: TraceOptions<SnapshotFrom<TMachine>> = {}) {
  const redact = createRedactor();
  const trace: Trace = { version: 1, machineId: machine.id, input: redact(input), steps: [] };
  let root: AnyActorRef | undefined;
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.actor') root ??= inspection.actorRef as AnyActorRef;
    // Every processed event ends in snapshots: the last one leaves the step's resulting state.
    if (inspection.type === '@xstate.snapshot' && root) {
      const last = trace.steps.at(-1);
      if (last) last.value = root.getSnapshot().value;
    }
    // The replay starts its actors from the recorded input: their init events are not steps.
    if (inspection.type !== '@xstate.event' || inspection.event.type === 'xstate.init' || !isMachineActor(inspection.actorRef)) return;
    const { sourceRef, actorRef } = inspection;
    if (sourceRef && sourceRef.sessionId !== actorRef.sessionId && isMachineActor(sourceRef)) return;
    // Inspection hands out the system's own actors; their ids are the invoke/spawn ids.
    const actor = actorRef.sessionId === root?.sessionId ? '' : (actorRef as AnyActorRef).id;
    const ageReference = root && options.ageReference?.(root.getSnapshot() as SnapshotFrom<TMachine>);
    trace.steps.push({ actor, event: redact(inspection.event, ageReference) as TraceStep['event'], accepted: accepts(actorRef, inspection.event) });
  };
  return { trace, inspect };
}

/** The machine with every invoked call, its child machines' too, replaced by one that never settles (machines stay real). */
function replayable(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors).map(([name, logic]) => [name, logic instanceof StateMachine ? replayable(logic) : fromPromise(() => new Promise(() => {}))]),
  );
  return machine.provide({ actors });
}

/** Timers never fire on replay: the trace carries the delayed events that fired when recorded. */
const stoppedClock = { setTimeout: () => 0, clearTimeout: () => {} };

function findActor(actor: AnyActorRef, id: string): AnyActorRef | undefined {
  if (id === '') return actor;
  const children = Object.values((actor.getSnapshot() as { children?: Record<string, AnyActorRef> }).children ?? {});
  return children.find((child) => child.id === id) ?? children.map((child) => findActor(child, id)).find(Boolean);
}

export interface ReplayedStep {
  step: TraceStep;
  /** The traced actor's state value after the step, or why the step could not be sent. */
  value: unknown;
  /** The actor it was recorded for was running and had a transition for the event (compare with `step.accepted`). */
  accepted: boolean;
  missingActor?: boolean;
}

/** Replays a trace on a fresh actor of `machine`; returns each step's state and the final snapshot. */
export function replayTrace(machine: AnyStateMachine, trace: Trace) {
  if (trace.machineId !== machine.id) throw new Error(`The trace is of ${trace.machineId}, not ${machine.id}`);
  const actor = createActor(replayable(machine), { input: trace.input as never, clock: stoppedClock }).start();
  const steps: ReplayedStep[] = trace.steps.map((step) => {
    const target = findActor(actor, step.actor);
    const accepted = target ? accepts(target, step.event) : false;
    target?.send(step.event);
    return { step, value: actor.getSnapshot().value, accepted, ...(target ? {} : { missingActor: true }) };
  });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { steps, snapshot };
}

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
    if (!tracing) return undefined;
    const recorder = createTraceRecorder(machine, options?.input, traceOptions);
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
