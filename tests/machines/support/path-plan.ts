import { getShortestPaths, getStateNodes } from 'xstate/graph';
import { createActor, getInitialSnapshot, getNextSnapshot } from 'xstate';
import type { AnyStateMachine, AnyStateNode, EventFromLogic, SnapshotFrom, TransitionDefinition } from 'xstate';
import { expect } from 'vitest';

type AnyTransition = TransitionDefinition<any, any>;

export interface PathPlanOptions<TMachine extends AnyStateMachine> {
  /** Events to try in a state: sample payloads, invoked actors' done/error events, delayed events. */
  events: (snapshot: SnapshotFrom<TMachine>) => ReadonlyArray<EventFromLogic<TMachine>>;
  /** One traversal per input (e.g. a consumer and an agency); paths and coverage are merged. */
  inputs?: unknown[];
  /** The context that decides which guards pass, so such states are told apart while traversing. */
  contextKey?: (snapshot: SnapshotFrom<TMachine>) => string;
}

export interface Coverage {
  covered: number;
  total: number;
  missing: string[];
}

export interface PlannedPath<TMachine extends AnyStateMachine> {
  description: string;
  input: unknown;
  /** The first step is the initial state (its event is xstate.init); send the rest in order. */
  steps: Array<{ event: EventFromLogic<TMachine>; state: SnapshotFrom<TMachine> }>;
}

// xstate/graph itself reads the active state nodes from this field; there is no public accessor.
// oxlint-disable-next-line no-underscore-dangle
const activeNodes = (snapshot: unknown) => (snapshot as { _nodes: AnyStateNode[] })._nodes;

const transitionLabel = (transition: AnyTransition) => {
  const guard = transition.guard as { type?: string } | string | undefined;
  const guardName = typeof guard === 'string' ? guard : guard?.type;
  const targets = transition.target?.map((node: AnyStateNode) => node.id).join(',') ?? '(self)';
  return `${transition.source.id} --${transition.eventType || '(always)'}--> ${targets}${guard ? ` [${guardName ?? 'guard'}]` : ''}`;
};

function allTransitions(machine: AnyStateMachine): AnyTransition[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
}

/**
 * A small set of paths that together reach every reachable state node and take every reachable
 * transition: the shortest path to each state node, plus, for each transition no chosen path takes
 * yet, the shortest path to a state where it fires followed by its event. Coverage is exact: the
 * transitions taken are the machine's own answer (`getTransitionData`) at every step.
 */
export function planMachinePaths<TMachine extends AnyStateMachine>(machine: TMachine, options: PathPlanOptions<TMachine>) {
  type Snapshot = SnapshotFrom<TMachine>;
  type Event = EventFromLogic<TMachine>;
  const chosen: PlannedPath<TMachine>[] = [];
  const visitedStates = new Set<string>();
  const taken = new Set<AnyTransition>();

  const record = (steps: PlannedPath<TMachine>['steps']) => {
    steps.forEach((step, index) => {
      for (const node of activeNodes(step.state)) visitedStates.add(node.id);
      const previous = steps[index - 1];
      if (!previous) {
        markEventless(undefined, step.state, [], taken, visitedStates, initialNodes(machine.root));
        return;
      }
      const fired = machine.getTransitionData(previous.state as never, step.event as never);
      for (const transition of fired) taken.add(transition);
      markEventless(previous.state, step.state, fired, taken, visitedStates);
    });
  };

  for (const [inputIndex, input] of (options.inputs ?? [undefined]).entries()) {
    // getShortestPaths, not createTestModel: the test model refuses machines that invoke actors.
    const graphPaths = getShortestPaths(machine, {
      events: options.events as never,
      ...(input === undefined ? {} : { input: input as never }),
      serializeState: (snapshot) =>
        `${JSON.stringify((snapshot as { value: unknown }).value)}|${options.contextKey?.(snapshot as Snapshot) ?? ''}`,
    });
    // The graph keeps one representative snapshot per key, so a path's recorded states may come
    // from another route to the same key: replay its events on the real machine instead.
    const replay = (events: Event[]): PlannedPath<TMachine>['steps'] => {
      let snapshot = getInitialSnapshot(machine, input as never) as Snapshot;
      const steps: PlannedPath<TMachine>['steps'] = [{ event: { type: 'xstate.init' } as Event, state: snapshot }];
      for (const event of events) {
        snapshot = getNextSnapshot(machine, snapshot as never, event as never) as Snapshot;
        steps.push({ event, state: snapshot });
      }
      return steps;
    };
    const shortest = graphPaths
      .map((path) => path.steps.slice(1).map((step) => step.event as Event))
      .sort((a, b) => a.length - b.length)
      .map(replay);
    const choose = (steps: PlannedPath<TMachine>['steps']) => {
      chosen.push({ description: describe(steps, options.inputs ? inputIndex : null), input, steps });
      record(steps);
    };
    for (const steps of shortest) {
      const reachesNewNode = activeNodes(steps.at(-1)!.state).some((node) => !visitedStates.has(node.id));
      if (reachesNewNode) choose(steps);
    }
    for (const steps of shortest) {
      const last = steps.at(-1)!.state;
      for (const event of options.events(last)) {
        const fired = machine.getTransitionData(last as never, event as never);
        const eventless = new Set<AnyTransition>();
        markEventless(last, getNextSnapshot(machine, last as never, event as never), fired, eventless, new Set());
        if (![...fired, ...eventless].some((transition) => !taken.has(transition))) continue;
        choose(replay([...steps.slice(1).map((step) => step.event), event]));
      }
    }
  }

  const stateIds = getStateNodes(machine.root).map((node) => node.id);
  const coverage = {
    states: summarize(stateIds, (id) => visitedStates.has(id), (id) => id),
    transitions: summarize(allTransitions(machine), (transition) => taken.has(transition), transitionLabel),
  };
  return { paths: chosen, coverage };
}

function describe(steps: ReadonlyArray<{ event: { type: string }; state: unknown }>, inputIndex: number | null): string {
  const events = steps.slice(1).map((step) => step.event.type);
  const last = steps.at(-1)?.state as { value: unknown } | undefined;
  const inputNote = inputIndex === null ? '' : ` [input ${inputIndex}]`;
  return `${events.join(' → ') || '(initial)'} ⇒ ${JSON.stringify(last?.value)}${inputNote}`;
}

/**
 * Transient states are entered and left within one step (`always`): count such a state as visited
 * when a fired transition entered it, and count the eventless transition whose targets are active
 * afterwards as taken.
 */
function markEventless(
  previous: unknown,
  next: unknown,
  fired: AnyTransition[],
  taken: Set<AnyTransition>,
  visited: Set<string>,
  enteredAtStart: AnyStateNode[] = [],
) {
  const after = new Set(activeNodes(next));
  const entered = new Set<AnyStateNode>(previous === undefined ? enteredAtStart : activeNodes(previous));
  for (const transition of fired) for (const target of (transition.target ?? []) as AnyStateNode[]) entered.add(target);
  for (const node of entered) {
    if (!node.always) continue;
    const leaving = node.always.find((transition) => ((transition.target ?? []) as AnyStateNode[]).every((target) => after.has(target)));
    if (!leaving || after.has(node)) continue;
    visited.add(node.id);
    taken.add(leaving);
  }
}

/** The state nodes a machine enters when it starts: initial children, all regions of parallel nodes. */
function initialNodes(node: AnyStateNode): AnyStateNode[] {
  if (node.type === 'parallel') return [node, ...Object.values(node.states).flatMap(initialNodes)];
  const initial = (node.initial?.target ?? []) as AnyStateNode[];
  return [node, ...initial.flatMap(initialNodes)];
}

function summarize<T>(items: T[], isCovered: (item: T) => boolean, label: (item: T) => string): Coverage {
  const missing = items.filter((item) => !isCovered(item)).map(label);
  return { covered: items.length - missing.length, total: items.length, missing };
}

/** Fails with the list of what no path reaches, and prints the per-machine figures. */
export function expectFullCoverage(machineId: string, coverage: { states: Coverage; transitions: Coverage }) {
  console.info(
    `[path coverage] ${machineId}: states ${coverage.states.covered}/${coverage.states.total}, transitions ${coverage.transitions.covered}/${coverage.transitions.total}`,
  );
  expect(coverage.states.missing, `${machineId}: unreached states`).toEqual([]);
  expect(coverage.transitions.missing, `${machineId}: untaken transitions`).toEqual([]);
}

/**
 * Replays a planned path on a live actor of `machine` (usually the planned machine with test
 * implementations provided) and checks that each step lands in the planned state and context.
 * Invoked actors should be provided as never-settling stubs: the path's own done/error events drive.
 */
export function replayPath<TMachine extends AnyStateMachine>(machine: TMachine, path: PlannedPath<TMachine>) {
  const actor = createActor(machine, { input: path.input as never }).start();
  const snapshots: Array<SnapshotFrom<TMachine>> = [];
  for (const step of path.steps.slice(1)) {
    actor.send(step.event as never);
    const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
    expect((snapshot as { value: unknown }).value).toEqual((step.state as { value: unknown }).value);
    expect((snapshot as { context: unknown }).context).toEqual((step.state as { context: unknown }).context);
    snapshots.push(snapshot);
  }
  actor.stop();
  return snapshots;
}
