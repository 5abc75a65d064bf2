import { createActor, fromPromise, StateMachine, type ActorRefLike, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent, type SnapshotFrom } from 'xstate';
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
