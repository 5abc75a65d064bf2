import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isPricedPick, priceCalendarMachine, weekOfDate } from '../../machines/price-calendar.machine.ts';
import { priceCalendarAnswer, priceCalendarRequest } from '../../src/contract/fixtures/price-calendar.ts';
import type { PriceCalendarResponse } from '../../src/contract/price-calendar.ts';
import { planOf, today } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('price calendar machine', () => {
  const { machine, ...plan } = planOf('priceCalendar');

  it('reaches every state and takes every transition', () => expectFullCoverage('priceCalendar', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // Loaded always has a price to choose; empty never does; the week shown is always one of the calendar's.
      expect(!snapshot.matches('loaded') || snapshot.context.calendar !== null).toBe(true);
      const weeks = snapshot.context.calendar?.type === 'RT' ? snapshot.context.calendar.weeks.length : 1;
      expect(snapshot.context.week).toBeGreaterThanOrEqual(0);
      expect(snapshot.context.week).toBeLessThan(weeks);
    }
  });

  const started = (answers: Array<PriceCalendarResponse | Error>, returnDate: string | null = null, picks: unknown[] = []) =>
    createActor(
      priceCalendarMachine.provide({
        actors: {
          loadCalendar: fromPromise(async () => {
            const answer = answers.shift();
            if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
            return answer;
          }),
        },
        actions: { searchDates: (_, params) => picks.push(params) },
      }),
      { input: { request: priceCalendarRequest(returnDate) } },
    ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('loads once, fails then retries, and searches only a priced day it is given', async () => {
    const picks: unknown[] = [];
    const actor = started([new Error('down'), priceCalendarAnswer('2026-12-10', null, { soldFrom: today })], null, picks);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'calendar.open' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'calendar.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'calendar.close' });
    actor.send({ type: 'calendar.open' });
    // No third answer was given: the calendar shows at once, without asking again.
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'calendar.pick', departureDate: '2026-11-12', returnDate: null });
    actor.send({ type: 'calendar.pick', departureDate: '2026-12-01', returnDate: null });
    expect(picks).toEqual([{ departureDate: '2026-12-01', returnDate: null }]);
  });

  it('opens a round trip on the chosen week and pages through the weeks without leaving the window', async () => {
    const actor = started([priceCalendarAnswer('2026-12-10', '2026-12-17')], '2026-12-17');
    actor.send({ type: 'calendar.open' });
    await settle();
    const { calendar, week } = actor.getSnapshot().context;
    expect(calendar?.type === 'RT' && calendar.weeks[week]?.departures).toContain('2026-12-10');
    for (let index = 0; index < 12; index++) actor.send({ type: 'week.next' });
    expect(actor.getSnapshot().context.week).toBe(calendar?.type === 'RT' ? calendar.weeks.length - 1 : -1);
    for (let index = 0; index < 12; index++) actor.send({ type: 'week.previous' });
    expect(actor.getSnapshot().context.week).toBe(0);
  });

  it('shows empty when nothing is sold around the dates', async () => {
    const actor = started([priceCalendarAnswer('2026-12-10', null, { empty: true })]);
    actor.send({ type: 'calendar.open' });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
  });
});

describe('price calendar rules', () => {
  it('finds the week of a date and tells priced picks from unpriced ones', () => {
    const roundTrip = priceCalendarAnswer('2026-12-10', '2026-12-17', { soldFrom: today }).data;
    expect(weekOfDate(roundTrip, '2026-12-10')).toBe(4);
    expect(isPricedPick(roundTrip, '2026-12-10', '2026-12-17')).toBe(true);
    expect(isPricedPick(roundTrip, '2026-11-12', '2026-11-19')).toBe(false);
    expect(isPricedPick(roundTrip, '2026-12-10', null)).toBe(false);
  });
});
