import { assign, setup } from 'xstate';
import type { PriceBand } from '../src/contract/price-calendar.ts';
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
  /**
   * A round trip's departure days (no departure chosen yet): the nights between departure and return they are
   * priced with, so each day shows a round-trip total, never a one-way fare (issue 37). Absent for one way.
   */
  stayNights?: number | null;
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
export const datePricesKey = ({ terminalId, origin, destination, adults, children, infants, cabin, token, month, departure, stayNights = null }: DatePricesQuery): string =>
  JSON.stringify([terminalId, token, origin, destination, adults, children, infants, cabin, month, departure, stayNights]);

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
    /** GET /api/flights/calendar, once per request of `datePricesRequests`, read by `dayPricesOf` (date-prices.rules.ts). */
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
