import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { searchMachine } from '../../machines/search.machine.ts';
import { limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';
import { sameSearchExceptProgress } from '../../src/web/features/results/ResultsView.tsx';
import { searchRequest, sessionID } from '../machines/plans.ts';

describe('the results page and the progress bar’s ticks (issue 15)', () => {
  it('reads a tick as no change to the page, and any other step as one', async () => {
    let saved: (id: string) => void = () => undefined;
    const actor = createActor(
      searchMachine.provide({
        actors: {
          saveSearchSession: fromPromise(() => new Promise<string>((resolve) => (saved = resolve))),
          // The search stays unanswered.
          searchFlights: fromPromise(() => new Promise<typeof limaCuscoRoundTripSearch>(() => undefined)),
          // The test ticks by hand.
          progressTicker: fromCallback(() => undefined),
        },
      }),
      { input: { request: searchRequest } },
    ).start();
    const before = actor.getSnapshot();
    actor.send({ type: 'progress.tick' });
    const ticked = actor.getSnapshot();
    expect(ticked.context.progress).toBe(before.context.progress + 1);
    expect(sameSearchExceptProgress(before, ticked)).toBe(true);

    // Any other part of the context is a change (here the chosen tab, as another step would set it).
    expect(sameSearchExceptProgress(ticked, { ...ticked, context: { ...ticked.context, tab: 1 } } as typeof ticked)).toBe(false);

    const saving = actor.getSnapshot();
    saved(sessionID);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('searching')).toBe(true);
    expect(sameSearchExceptProgress(saving, actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
