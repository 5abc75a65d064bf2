import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { barsOf, calendarBandBounds, isPricedPick, priceCalendarMachine, weekOfDate } from '../../machines/price-calendar.machine.ts';
import { calendarPriceTone } from '../../machines/filters.rules.ts';
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

  it('shows a round trip as a grid or a graph, and a one way only as a graph', async () => {
    const roundTrip = started([priceCalendarAnswer('2026-12-10', '2026-12-17')], '2026-12-17');
    roundTrip.send({ type: 'calendar.open' });
    await settle();
    expect(roundTrip.getSnapshot().context.view).toBe('grid');
    roundTrip.send({ type: 'view.choose', view: 'graph' });
    expect(roundTrip.getSnapshot().context.view).toBe('graph');
    const oneWay = started([priceCalendarAnswer('2026-12-10')]);
    oneWay.send({ type: 'calendar.open' });
    await settle();
    oneWay.send({ type: 'view.choose', view: 'graph' });
    expect(oneWay.getSnapshot().context.view).toBe('grid');
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

  it('bars a round trip per departure day at the chosen stay, and a one way per day', () => {
    const bars = barsOf(priceCalendarAnswer('2026-12-10', '2026-12-17', { soldFrom: today }).data);
    expect(bars).toHaveLength(61);
    expect(bars.every((bar) => bar.returnDate !== null && Date.parse(bar.returnDate) - Date.parse(bar.date) === 7 * 86_400_000)).toBe(true);
    expect(bars.find((bar) => bar.date === '2026-12-10')).toMatchObject({ returnDate: '2026-12-17', total: 240 });
    expect(bars.find((bar) => bar.date === '2026-11-12')).toMatchObject({ total: null, band: null });
    expect(barsOf(priceCalendarAnswer('2026-12-10').data).map((bar) => bar.returnDate)).toEqual(Array.from({ length: 61 }, () => null));
  });
});

describe('one band rule for the calendar and the cards (issue 37)', () => {
  it('gives a card total the tone of the calendar’s band for the same price, one way and round trip', () => {
    const tones = { cheap: 'cheap', typical: 'normal', expensive: 'expensive' } as const;
    for (const answer of [priceCalendarAnswer('2026-12-10', null, { soldFrom: today }), priceCalendarAnswer('2026-12-10', '2026-12-17', { soldFrom: today })]) {
      const bounds = calendarBandBounds(answer.data)!;
      const entries = answer.data.type === 'OW' ? answer.data.days : answer.data.weeks.flatMap((week) => week.pairs);
      const priced = entries.filter((entry) => entry.total !== null);
      expect(new Set(priced.map((entry) => entry.band))).toEqual(new Set(['cheap', 'typical', 'expensive']));
      for (const entry of priced) expect(calendarPriceTone(entry.total!, bounds)).toBe(tones[entry.band!]);
    }
    expect(calendarBandBounds(null)).toBeNull();
  });
});
