import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machinePlans, type MachineName } from '../machines/plans.ts';

/**
 * Server lifecycles: the server uses them to refuse illegal status changes, and no screen renders
 * their snapshots (the payment screens show the booking's result, not the order machine).
 */
const withoutView: MachineName[] = ['bookingStatus', 'paymentOrder'];

/** A state left in the same step it is entered (an unguarded `always`): no snapshot rests there to render. */
const isTransient = (node: AnyStateNode) => node.always?.some((transition) => !transition.guard) ?? false;

interface StoryModule {
  default: { args?: object };
  [story: string]: unknown;
}

const storyModules = import.meta.glob<StoryModule>('../../src/web/**/*.stories.tsx', { eager: true });

interface MachineSnapshotShape {
  machine: { id: string };
}

// A snapshot's active state nodes (ancestors included) sit in this field; there is no public accessor.
// oxlint-disable-next-line no-underscore-dangle
const activeNodesOf = (value: object) => (value as { _nodes?: unknown })._nodes;

const isMachineSnapshot = (value: object): value is MachineSnapshotShape =>
  'machine' in value && typeof (value.machine as { id?: unknown } | null)?.id === 'string' && Array.isArray(activeNodesOf(value));

/** Machine snapshots anywhere in a story's args (a view may take several, or a list of them). */
function snapshotsIn(value: unknown, depth = 0): MachineSnapshotShape[] {
  if (value === null || typeof value !== 'object' || depth > 3) return [];
  if (isMachineSnapshot(value)) return [value];
  return Object.values(value).flatMap((child) => snapshotsIn(child, depth + 1));
}

/** Machine id → the ids of every state node some story renders active. */
function storiedStates() {
  const storied = new Map<string, Set<string>>();
  for (const { default: meta, ...stories } of Object.values(storyModules)) {
    for (const story of Object.values(stories)) {
      const args = { ...meta.args, ...(story as { args?: object }).args };
      for (const snapshot of snapshotsIn(args)) {
        const states = storied.get(snapshot.machine.id) ?? new Set<string>();
        for (const node of activeNodesOf(snapshot) as AnyStateNode[]) states.add(node.id);
        storied.set(snapshot.machine.id, states);
      }
    }
  }
  return storied;
}

describe('story coverage', () => {
  const storied = storiedStates();
  const machinesWithView = (Object.keys(machinePlans) as MachineName[]).filter((name) => !withoutView.includes(name));

  // Every state node counts as reachable: each machine's path tests fail on any state no path
  // reaches, so walking the plan again here (minutes for checkout on a slow machine) proves nothing more.
  it.each(machinesWithView)('every reachable state of the %s machine has a story', (name) => {
    const { machine } = machinePlans[name];
    const reachable = getStateNodes(machine.root)
      .filter((node) => !isTransient(node))
      .map((node) => node.id);
    const states = storied.get(machine.id) ?? new Set<string>();
    const unstoried = reachable.filter((id) => !states.has(id));
    console.info(`[story coverage] ${name}: states storied ${reachable.length - unstoried.length}/${reachable.length}`);
    expect(unstoried, `${name}: states without a story`).toEqual([]);
  });
});
