// Bundled for the browser by results-list.ts: the real filters machine, timed per event in the page.
import { createActor } from 'xstate';
import { filtersMachine, type FiltersEvent } from '../../machines/filters.machine.ts';
import type { Recommendation } from '../../src/contract/search.ts';

export function timeEvents(data: Recommendation[], events: FiltersEvent[], rounds: number) {
  const timings: Record<string, number[]> = {};
  let offersShown = 0;
  for (let round = 0; round < rounds; round++) {
    const actor = createActor(filtersMachine, { input: { data, tripType: 'RT' } }).start();
    for (const event of events) {
      const label = event.type === 'filter.toggle' ? `${event.type} ${event.key}` : event.type === 'sort.select' ? `${event.type} ${event.order}` : event.type;
      const started = performance.now();
      actor.send(event);
      // Reading what the list renders is part of the work a click costs.
      const { results, visibleCount } = actor.getSnapshot().context;
      offersShown += results.slice(0, visibleCount).length;
      (timings[label] ??= []).push(performance.now() - started);
    }
    actor.stop();
  }
  return { timings, offersShown };
}
