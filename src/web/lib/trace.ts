import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { createBrowserInspector } from '@statelyai/inspect';
import { createActor, fromPromise, StateMachine, type ActorOptions, type ActorRefLike, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';

/**
 * Recorded traces (developer tooling: its texts are English and never translated). Every event a
 * machine actor receives, per actor, with personal and card data redacted by key name. A trace
 * replays deterministically against the same machine: invoked calls never settle and timers never
 * fire, so the recorded done/error and delayed events drive it, exactly as the path tests replay.
 */
export interface TraceStep {
  /** '' for the traced actor itself, else the id of its descendant that received the event. */
  actor: string;
  event: { type: string; [key: string]: unknown };
}

export interface Trace {
  version: 1;
  machineId: string;
  input: unknown;
  steps: TraceStep[];
}

const REDACTED = '[redacted]';
/** Personal data (names, e-mails, phones, documents, birthdates) and card data (number, CVV, expiry). */
const sensitiveKey = /^(first|last|middle|second_?last|full|given|sur|holder|card_?holder)_?name$|e-?mail|phone|document|doc_?number|birth|card_?number|^pan$|cvv|cvc|security_?code|expir/i;

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message };
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, sensitiveKey.test(key) ? REDACTED : redact(child)]));
}

const isMachineActor = (actorRef: ActorRefLike) => (actorRef.getSnapshot() as { machine?: unknown }).machine instanceof StateMachine;

/**
 * A recorder for one actor system: pass `recorder.inspect` as the actor's `inspect` option. Events
 * that one recorded machine sends another (sendParent, sendTo) are left out: the replay's own
 * actors send them again.
 */
export function createTraceRecorder(machine: AnyStateMachine, input: unknown) {
  const trace: Trace = { version: 1, machineId: machine.id, input: redact(input), steps: [] };
  let rootSessionId: string | undefined;
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.actor') rootSessionId ??= inspection.actorRef.sessionId;
    if (inspection.type !== '@xstate.event' || !isMachineActor(inspection.actorRef)) return;
    const { sourceRef, actorRef } = inspection;
    if (sourceRef && sourceRef.sessionId !== actorRef.sessionId && isMachineActor(sourceRef)) return;
    // Inspection hands out the system's own actors; their ids are the invoke/spawn ids.
    const actor = actorRef.sessionId === rootSessionId ? '' : (actorRef as AnyActorRef).id;
    trace.steps.push({ actor, event: redact(inspection.event) as TraceStep['event'] });
  };
  return { trace, inspect };
}

/** The machine with every invoked call replaced by one that never settles (machines stay real). */
function replayable(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors)
      .filter(([, logic]) => !(logic instanceof StateMachine))
      .map(([name]) => [name, fromPromise(() => new Promise(() => {}))]),
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
  missingActor?: boolean;
}

/** Replays a trace on a fresh actor of `machine`; returns each step's state and the final snapshot. */
export function replayTrace(machine: AnyStateMachine, trace: Trace) {
  if (trace.machineId !== machine.id) throw new Error(`The trace is of ${trace.machineId}, not ${machine.id}`);
  const actor = createActor(replayable(machine), { input: trace.input as never, clock: stoppedClock }).start();
  const steps: ReplayedStep[] = trace.steps.map((step) => {
    const target = findActor(actor, step.actor);
    target?.send(step.event);
    return { step, value: actor.getSnapshot().value, ...(target ? {} : { missingActor: true }) };
  });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { steps, snapshot };
}

/** The live traces of this page, newest actors last; `window.__vuelosTrace` in development. */
const recordedTraces: Trace[] = [];

function downloadTraces() {
  const url = URL.createObjectURL(new Blob([JSON.stringify(recordedTraces, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `vuelos-trace-${Date.now()}.json` });
  link.click();
  URL.revokeObjectURL(url);
}

// Off in production builds: Vite replaces import.meta.env.DEV with false and drops this code.
const tracing = import.meta.env.DEV && typeof window !== 'undefined';
// The Stately inspector opens in a pop-up window; only with VITE_INSPECT=1 (see README).
const statelyInspector = tracing && import.meta.env.VITE_INSPECT === '1' ? createBrowserInspector() : undefined;
if (tracing) Object.assign(window, { __vuelosTrace: { traces: () => recordedTraces, download: downloadTraces } });

/**
 * `useActorRef` that, in development and Storybook, records the actor's trace and feeds the Stately
 * inspector when it is on. Containers use it in place of `useActorRef`.
 */
export function useTracedActorRef<TMachine extends AnyStateMachine>(machine: TMachine, options?: ActorOptions<TMachine>) {
  const [inspect] = useState(() => {
    if (!tracing) return undefined;
    const recorder = createTraceRecorder(machine, options?.input);
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
