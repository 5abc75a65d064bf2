import { assign, setup } from 'xstate';
import { addDaysToIsoDate, compareIsoDates } from '../src/contract/iso-date.ts';
import { PRICE_CALENDAR_WEEK_DAYS, type PriceBand, type PriceCalendarResponse } from '../src/contract/price-calendar.ts';
import { notProvided } from './not-provided.ts';
import type { PriceCalendarRequest } from './price-calendar.machine.ts';

/**
 * The month the search form's date picker shows, and for whom (issue 21): the route, travellers and cabin of
 * the form, the month (YYYY-MM) and, while the return of a round trip is chosen, the chosen departure.
 */
export interface DatePricesQuery extends Omit<PriceCalendarRequest, 'date' | 'returnDate'> {
  month: string;
  /** Set while choosing a round trip's return: the days then price the return paired with this departure. */
  departure: string | null;
  /** Today in America/Lima: the calendar is never asked about earlier days. */
  today: string;
}

/** A day's cheapest price and band; days without a price are absent. */
export type DayPrices = Record<string, { total: number; band: PriceBand }>;

export interface DatePricesContext {
  query: DatePricesQuery | null;
  /** Prices already answered, by `datePricesKey`: paging back to a month does not ask again. */
  months: Record<string, DayPrices>;
}

export type DatePricesEvent = { type: 'prices.show'; query: DatePricesQuery };

/** The cache key of a month's prices: route, travellers, cabin, agency, month and paired departure. */
export const datePricesKey = ({ terminalId, origin, destination, adults, children, infants, cabin, token, month, departure }: DatePricesQuery): string =>
  JSON.stringify([terminalId, token, origin, destination, adults, children, infants, cabin, month, departure]);

/** The last day of a month (YYYY-MM): the day before the first of the next (the 28th + 4 days is always in it). */
const lastDayOf = (month: string) => addDaysToIsoDate(`${addDaysToIsoDate(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * The GET /api/flights/calendar calls that price a month's days.
 * Departures (one way, or a round trip's departure): one one-way calendar centred on the 16th (± 30 days
 * covers the whole month), or on today when the 16th has passed (earlier days cannot be chosen).
 * Returns paired with a chosen departure: round-trip calendars dated on that departure, whose week of that
 * departure holds its pairs with the 7 returns around `return`; one call per 7 returns of the month from the
 * departure on (at most 5).
 */
export function datePricesRequests(query: DatePricesQuery): PriceCalendarRequest[] {
  const { month, departure, today, ...route } = query;
  const monthStart = `${month}-01`;
  const monthEnd = lastDayOf(month);
  if (departure === null) {
    const centre = [`${month}-16`, today].sort(compareIsoDates)[1] as string;
    return compareIsoDates(centre, monthEnd) > 0 ? [] : [{ ...route, date: centre, returnDate: null }];
  }
  const half = Math.floor(PRICE_CALENDAR_WEEK_DAYS / 2);
  const first = [monthStart, departure].sort(compareIsoDates)[1] as string;
  const requests: PriceCalendarRequest[] = [];
  for (let from = first; compareIsoDates(from, monthEnd) <= 0; from = addDaysToIsoDate(from, PRICE_CALENDAR_WEEK_DAYS)) {
    requests.push({
      ...route,
      date: departure,
      returnDate: addDaysToIsoDate(from, half),
    });
  }
  return requests;
}

/** The priced days of calendar answers: departure days, or the returns paired with `departure`, within `month`. */
export function dayPricesOf(answers: readonly PriceCalendarResponse[], month: string, departure: string | null): DayPrices {
  const prices: DayPrices = {};
  const put = (day: string, total: number | null, band: PriceBand | null) => {
    if (total !== null && band !== null && day.startsWith(`${month}-`)) prices[day] = { total, band };
  };
  for (const { data } of answers) {
    if (data.type === 'OW') for (const day of data.days) put(day.date, day.total, day.band);
    else for (const pair of data.weeks.flatMap((week) => week.pairs)) if (pair.departureDate === departure && pair.returnDate >= pair.departureDate) put(pair.returnDate, pair.total, pair.band);
  }
  return prices;
}

/**
 * The date picker's prices (issue 21): idle until the form has a route and the picker shows a month, then
 * loading, loaded (the month's priced days) or failed (the picker simply shows no prices). Each month's
 * answer is kept: showing a month again uses it without asking.
 */
export const datePricesMachine = setup({
  types: {
    context: {} as DatePricesContext,
    events: {} as DatePricesEvent,
  },
  actors: {
    /** GET /api/flights/calendar, once per request of `datePricesRequests`, read by `dayPricesOf`. */
    loadDatePrices: notProvided<DayPrices, DatePricesQuery>('loadDatePrices'),
  },
  actions: {
    setQuery: assign({ query: ({ event }) => event.query }),
    storePrices: assign({
      months: ({ context, event }) => {
        const prices = (event as unknown as { output: DayPrices }).output;
        return context.query ? { ...context.months, [datePricesKey(context.query)]: prices } : context.months;
      },
    }),
  },
  guards: {
    isShownQuery: ({ context, event }) => context.query !== null && datePricesKey(context.query) === datePricesKey(event.query),
    isKnownMonth: ({ context, event }) => datePricesKey(event.query) in context.months,
  },
}).createMachine({
  id: 'datePrices',
  context: { query: null, months: {} },
  initial: 'idle',
  on: {
    'prices.show': [
      // The month shown already, asked about or answered: nothing new to do (a failed month is not asked again until another is shown).
      { guard: 'isShownQuery' },
      { guard: 'isKnownMonth', target: '.loaded', actions: 'setQuery' },
      { target: '.loading', reenter: true, actions: 'setQuery' },
    ],
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadDatePrices',
        src: 'loadDatePrices',
        input: ({ context }) => context.query as DatePricesQuery,
        onDone: { target: 'loaded', actions: 'storePrices' },
        onError: { target: 'failed' },
      },
    },
    loaded: {},
    failed: {},
  },
});

/** The shown month's prices, if answered. */
export function shownPrices(context: DatePricesContext): DayPrices | null {
  return context.query ? (context.months[datePricesKey(context.query)] ?? null) : null;
}
