import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { exploreMachine, exploreRequestOf, sortDestinations, type ExploreInput, type ExploreRequest } from '../../machines/explore.machine.ts';
import { exploreAnswer } from '../../src/contract/fixtures/explore.ts';
import type { ExploreResponse } from '../../src/contract/explore.ts';
import { places, planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('explore machine', () => {
  const { machine, ...plan } = planOf('explore');

  it('reaches every state and takes every transition', () => expectFullCoverage('explore', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // It asks only with an origin and a month; loaded always has a destination to show, the others none.
      expect(snapshot.matches('choosing')).toBe(exploreRequestOf(snapshot.context) === null);
      expect(snapshot.matches('loaded')).toBe(snapshot.context.destinations.length > 0);
    }
  });

  const input: ExploreInput = { terminalId: '9132868', language: 'en', token: null, origin: null, month: null };
  const started = (answers: Array<ExploreResponse | Error>, asked: ExploreRequest[] = [], remembered: unknown[] = []) =>
    createActor(
      exploreMachine.provide({
        actors: {
          loadDestinations: fromPromise(async ({ input: request }: { input: ExploreRequest }) => {
            asked.push(request);
            const answer = answers.shift();
            if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
            return answer;
          }),
        },
        actions: { rememberChoice: ({ context }) => remembered.push({ origin: context.origin?.code, month: context.month, sort: context.sort }) },
      }),
      { input },
    ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks once an origin and a month are chosen, fails then retries, and asks again for another month', async () => {
    const asked: ExploreRequest[] = [];
    const remembered: unknown[] = [];
    const actor = started([new Error('down'), exploreAnswer('LIM', '2026-12'), exploreAnswer('LIM', '2027-01', 'en', { empty: true })], asked, remembered);
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'explore.origin', origin: places.lima });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'explore.month', month: '2026-12' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'explore.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'explore.month', month: '2027-01' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(asked.map((request) => `${request.origin} ${request.month}`)).toEqual(['LIM 2026-12', 'LIM 2026-12', 'LIM 2027-01']);
    expect(remembered).toEqual([
      { origin: 'LIM', month: null, sort: 'price' },
      { origin: 'LIM', month: '2026-12', sort: 'price' },
      { origin: 'LIM', month: '2027-01', sort: 'price' },
    ]);
  });

  it('drops a question still on its way when the origin changes, and shows only the new answer', async () => {
    const asked: ExploreRequest[] = [];
    let answer: (value: ExploreResponse) => void = () => {};
    const actor = createActor(
      exploreMachine.provide({
        actors: {
          loadDestinations: fromPromise(({ input: request }: { input: ExploreRequest }) => {
            asked.push(request);
            return new Promise<ExploreResponse>((resolve) => {
              answer = resolve;
            });
          }),
        },
      }),
      { input: { ...input, origin: places.lima, month: '2026-12' } },
    ).start();
    const first = answer;
    actor.send({ type: 'explore.origin', origin: places.cusco });
    first(exploreAnswer('LIM', '2026-12'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    answer(exploreAnswer('CUZ', '2026-12'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(asked.map((request) => request.origin)).toEqual(['LIM', 'CUZ']);
    expect(actor.getSnapshot().context.destinations.map((destination) => destination.code)).not.toContain('CUZ');
  });

  it('keeps the sort while it reloads', async () => {
    const actor = started([exploreAnswer('LIM', '2026-12'), exploreAnswer('LIM', '2027-01')]);
    actor.send({ type: 'explore.sort', sort: 'date' });
    actor.send({ type: 'explore.origin', origin: places.lima });
    actor.send({ type: 'explore.month', month: '2026-12' });
    await settle();
    actor.send({ type: 'explore.month', month: '2027-01' });
    await settle();
    expect(actor.getSnapshot().context.sort).toBe('date');
  });
});

describe('explore sorting', () => {
  const { destinations } = exploreAnswer('LIM', '2026-12', 'es');
  it('orders by price, by city name in the page language, or by date', () => {
    expect(sortDestinations(destinations, 'price', 'es').map((destination) => destination.code)).toEqual(['CUZ', 'AQP', 'BOG', 'MIA', 'JFK', 'MAD']);
    expect(sortDestinations(destinations, 'destination', 'es').map((destination) => destination.cityName)).toEqual(['Arequipa', 'Bogotá', 'Cusco', 'Madrid', 'Miami', 'Nueva York']);
    expect(sortDestinations(destinations, 'date', 'es').map((destination) => destination.date)).toEqual(['2026-12-03', '2026-12-05', '2026-12-09', '2026-12-14', '2026-12-22', '2026-12-27']);
  });
});
