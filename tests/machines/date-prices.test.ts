import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { datePricesKey, datePricesMachine, type DatePricesContext, type DatePricesQuery, type DayPrices } from '../../machines/date-prices.machine.ts';
import { datePricesRequests, dayPricesOf } from '../../machines/date-prices.rules.ts';
import { priceCalendarAnswer } from '../../src/contract/fixtures/price-calendar.ts';
import { addDaysToIsoDate } from '../../src/contract/iso-date.ts';
import { datePricesQuery, planOf, today } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

/** The prices of the month last shown, if answered. */
const shownPrices = (context: DatePricesContext) => (context.query ? (context.months[datePricesKey(context.query)] ?? null) : null);

describe('date prices machine', () => {
  const { machine, ...plan } = planOf('datePrices');

  it('reaches every state and takes every transition', () => expectFullCoverage('datePrices', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // Loaded always has the shown month's prices; idle has shown nothing.
      expect(!snapshot.matches('loaded') || shownPrices(snapshot.context) !== null).toBe(true);
      expect(snapshot.matches('idle')).toBe(snapshot.context.query === null);
    }
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const started = (answers: Array<DayPrices | Error>, asked: DatePricesQuery[]) =>
    createActor(
      datePricesMachine.provide({
        actors: {
          loadDatePrices: fromPromise(async ({ input }: { input: DatePricesQuery }) => {
            asked.push(input);
            const answer = answers.shift();
            if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
            return answer;
          }),
        },
      }),
    ).start();

  it('asks once per month: paging back shows the kept prices, and a failed month is asked again only when shown anew', async () => {
    const asked: DatePricesQuery[] = [];
    const december = { '2026-12-08': { total: 78, band: 'cheap' as const } };
    const actor = started([december, new Error('down'), { '2027-01-05': { total: 99, band: 'typical' as const } }], asked);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'prices.show', query: datePricesQuery('2026-12', null) });
    expect(actor.getSnapshot().value).toBe('loading');
    // The same month again while it loads: not asked twice.
    actor.send({ type: 'prices.show', query: datePricesQuery('2026-12', null) });
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(shownPrices(actor.getSnapshot().context)).toEqual(december);
    actor.send({ type: 'prices.show', query: datePricesQuery('2027-01', null) });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'prices.show', query: datePricesQuery('2026-12', null) });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(shownPrices(actor.getSnapshot().context)).toEqual(december);
    actor.send({ type: 'prices.show', query: datePricesQuery('2027-01', null) });
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(asked.map((query) => query.month)).toEqual(['2026-12', '2027-01', '2027-01']);
  });

  it('keeps departures and the returns of a chosen departure apart, and another route asks anew', async () => {
    const asked: DatePricesQuery[] = [];
    const actor = started([{}, {}, {}], asked);
    actor.send({ type: 'prices.show', query: datePricesQuery('2026-12', null) });
    await settle();
    actor.send({ type: 'prices.show', query: datePricesQuery('2026-12', '2026-12-10') });
    await settle();
    actor.send({ type: 'prices.show', query: { ...datePricesQuery('2026-12', null), destination: 'AQP' } });
    await settle();
    expect(asked.map((query) => `${query.destination} ${query.departure}`)).toEqual(['CUZ null', 'CUZ 2026-12-10', 'AQP null']);
  });
});

describe('date prices calls', () => {
  const route = (request: { date: string; returnDate: string | null }) => `${request.date} ${request.returnDate}`;

  it('prices a month of departures with one one-way calendar on the 16th, or today once the 16th has passed', () => {
    expect(datePricesRequests(datePricesQuery('2026-12', null)).map(route)).toEqual(['2026-12-16 null']);
    expect(datePricesRequests(datePricesQuery('2026-11', null)).map(route)).toEqual([`${today} null`]);
    expect(datePricesRequests(datePricesQuery('2026-10', null))).toEqual([]);
  });

  it("prices a month of returns with round-trip calendars on the departure, 7 returns each from the departure on", () => {
    expect(datePricesRequests(datePricesQuery('2026-12', '2026-12-10')).map(route)).toEqual([
      '2026-12-10 2026-12-13',
      '2026-12-10 2026-12-20',
      '2026-12-10 2026-12-27',
      '2026-12-10 2027-01-03',
    ]);
    expect(datePricesRequests(datePricesQuery('2027-02', '2026-12-10'))).toHaveLength(4);
  });

  it('reads the days of a month from the answers: departure days, or the returns paired with the departure', () => {
    const oneWay = dayPricesOf([priceCalendarAnswer('2026-12-16', null, { soldFrom: today })], '2026-12', null);
    expect(Object.keys(oneWay)).toHaveLength(31);
    expect(oneWay['2026-12-16']).toEqual({ total: 120, band: 'cheap' });
    const answers = datePricesRequests(datePricesQuery('2026-12', '2026-12-10')).map((request) => priceCalendarAnswer(request.date, request.returnDate, { soldFrom: today }));
    const returns = dayPricesOf(answers, '2026-12', '2026-12-10');
    // The fixture sells no same-day return: the 11th to the 31st.
    expect(Object.keys(returns).sort()).toEqual(Array.from({ length: 21 }, (_, index) => `2026-12-${String(index + 11).padStart(2, '0')}`));
  });

  it('prices a round trip’s departure days as round trips at the stay, one calendar, never one-way fares (issue 37)', () => {
    const query = { ...datePricesQuery('2026-12', null), stayNights: 7 };
    expect(datePricesRequests(query).map(route)).toEqual(['2026-12-16 2026-12-23']);
    const [request] = datePricesRequests(query);
    const answer = priceCalendarAnswer(request!.date, request!.returnDate, { soldFrom: today });
    const departures = dayPricesOf([answer], '2026-12', null, 7);
    expect(Object.keys(departures)).toHaveLength(31);
    // Each day is the round trip departing then and returning a week later, as the calendar's pair prices it.
    const pairs = answer.data.type === 'RT' ? answer.data.weeks.flatMap((week) => week.pairs) : [];
    const pairOf = (departure: string) => pairs.find((pair) => pair.departureDate === departure && pair.returnDate === addDaysToIsoDate(departure, 7));
    expect(departures['2026-12-16']).toEqual({ total: pairOf('2026-12-16')!.total, band: pairOf('2026-12-16')!.band });
    const oneWay = dayPricesOf([priceCalendarAnswer('2026-12-16', null, { soldFrom: today })], '2026-12', null);
    expect(departures['2026-12-16']!.total).not.toBe(oneWay['2026-12-16']!.total);
    // Another stay is another question: not the same cached month.
    expect(datePricesKey(query)).not.toBe(datePricesKey({ ...query, stayNights: 3 }));
  });
});
