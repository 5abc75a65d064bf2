import { assertEvent, assign, setup } from 'xstate';
import { addDaysToIsoDate } from '../src/contract/iso-date.ts';
import { bandBoundsOf, type PriceBand, type PriceBandBounds, type PriceCalendar, type PriceCalendarResponse } from '../src/contract/price-calendar.ts';
import { notProvided } from './not-provided.ts';

/** What the calendar is asked for: the results' route, dates and travellers (GET /api/flights/calendar). */
export interface PriceCalendarRequest {
  terminalId: string;
  origin: string;
  destination: string;
  date: string;
  returnDate: string | null;
  adults: number;
  children: number;
  infants: number;
  cabin: string;
  token: string | null;
}

export interface PriceCalendarContext {
  request: PriceCalendarRequest;
  calendar: PriceCalendar | null;
  /** Round trips: the week of departures the grid shows (index into `calendar.weeks`). */
  week: number;
  /** Round trips: the week grid of pairs, or the bar graph of each departure day at the chosen stay. */
  view: PriceCalendarView;
}

export type PriceCalendarView = 'grid' | 'graph';

export type PriceCalendarEvent =
  | { type: 'calendar.open' }
  | { type: 'calendar.close' }
  | { type: 'calendar.retry' }
  | { type: 'week.previous' }
  | { type: 'week.next' }
  | { type: 'view.choose'; view: PriceCalendarView }
  | { type: 'calendar.pick'; departureDate: string; returnDate: string | null };

/** Whether any day or pair of a calendar has a price. */
export function hasPrices(calendar: PriceCalendar | null): boolean {
  if (!calendar) return false;
  const entries = calendar.type === 'OW' ? calendar.days : calendar.weeks.flatMap((week) => week.pairs);
  return entries.some((entry) => entry.total !== null);
}

/** The bounds the calendar's bands were drawn with: the results cards band their totals by them too (issue 37). */
export function calendarBandBounds(calendar: PriceCalendar | null): PriceBandBounds | null {
  if (!calendar) return null;
  const entries = calendar.type === 'OW' ? calendar.days : calendar.weeks.flatMap((week) => week.pairs);
  return bandBoundsOf(entries.map((entry) => entry.total));
}

/** The week holding the chosen departure date (round trips), else 0. */
export function weekOfDate(calendar: PriceCalendar | null, date: string): number {
  if (!calendar || calendar.type !== 'RT') return 0;
  return Math.max(0, calendar.weeks.findIndex((week) => week.departures.includes(date)));
}

/** Whether the picked day or pair is one the calendar prices (a day with nothing sold cannot be searched). */
export function isPricedPick(calendar: PriceCalendar | null, departureDate: string, returnDate: string | null): boolean {
  if (!calendar) return false;
  if (calendar.type === 'OW') return returnDate === null && calendar.days.some((day) => day.date === departureDate && day.total !== null);
  return calendar.weeks.some((week) => week.pairs.some((pair) => pair.departureDate === departureDate && pair.returnDate === returnDate && pair.total !== null));
}

/** A bar of the bar graph: a departure day (and, round trip, its return a stay later) with its cheapest price. */
export interface PriceCalendarBar {
  date: string;
  returnDate: string | null;
  total: number | null;
  band: PriceBand | null;
}

/** The bar graph's days: each departure day of a one way, or of a round trip with its return at the chosen stay. */
export function barsOf(calendar: PriceCalendar): PriceCalendarBar[] {
  if (calendar.type === 'OW') return calendar.days.map((day) => ({ ...day, returnDate: null }));
  return calendar.weeks.flatMap((week) =>
    week.departures.map((date) => {
      const returnDate = addDaysToIsoDate(date, calendar.stayNights);
      const pair = week.pairs.find((candidate) => candidate.departureDate === date && candidate.returnDate === returnDate);
      return { date, returnDate, total: pair?.total ?? null, band: pair?.band ?? null };
    }),
  );
}

const weekCount = (calendar: PriceCalendar | null) => (calendar?.type === 'RT' ? calendar.weeks.length : 1);

/**
 * The price calendar of the results page (issue 21): closed until its tab opens, then loading, loaded
 * (prices to choose from), empty (nothing sold around the dates) or failed (retry). The calendar is asked
 * for once; opening it again shows it at once. Picking a priced day or pair searches those dates. A round
 * trip shows as a week grid of pairs or as a bar graph of the departure days at the chosen stay.
 */
export const priceCalendarMachine = setup({
  types: {
    context: {} as PriceCalendarContext,
    events: {} as PriceCalendarEvent,
    input: {} as { request: PriceCalendarRequest },
  },
  actors: {
    /** GET /api/flights/calendar */
    loadCalendar: notProvided<PriceCalendarResponse, PriceCalendarRequest>('loadCalendar'),
  },
  actions: {
    storeCalendar: assign(({ context, event }) => {
      const calendar = (event as unknown as { output: PriceCalendarResponse }).output.data;
      return { calendar, week: weekOfDate(calendar, context.request.date) };
    }),
    previousWeek: assign({ week: ({ context }) => Math.max(0, context.week - 1) }),
    nextWeek: assign({ week: ({ context }) => Math.min(weekCount(context.calendar) - 1, context.week + 1) }),
    chooseView: assign({
      view: ({ event }) => {
        assertEvent(event, 'view.choose');
        return event.view;
      },
    }),
    /** Provided by the app: search the picked dates (navigate to their results). */
    // oxlint-disable-next-line no-unused-vars -- the app's implementation reads the params.
    searchDates: (_, _params: { departureDate: string; returnDate: string | null }) => {},
  },
  guards: {
    answerHasPrices: ({ event }) => hasPrices((event as unknown as { output: PriceCalendarResponse }).output.data),
    hasPrices: ({ context }) => hasPrices(context.calendar),
    hasCalendar: ({ context }) => context.calendar !== null,
    hasPreviousWeek: ({ context }) => context.week > 0,
    hasNextWeek: ({ context }) => context.week < weekCount(context.calendar) - 1,
    isRoundTrip: ({ context }) => context.calendar?.type === 'RT',
    isPricedPick: ({ context, event }) => {
      assertEvent(event, 'calendar.pick');
      return isPricedPick(context.calendar, event.departureDate, event.returnDate);
    },
  },
}).createMachine({
  id: 'priceCalendar',
  context: ({ input }) => ({ request: input.request, calendar: null, week: 0, view: 'grid' }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'calendar.open': [{ guard: 'hasPrices', target: 'loaded' }, { guard: 'hasCalendar', target: 'empty' }, { target: 'loading' }] },
    },
    loading: {
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: ({ context }) => context.request,
        onDone: [
          { guard: 'answerHasPrices', target: 'loaded', actions: 'storeCalendar' },
          { target: 'empty', actions: 'storeCalendar' },
        ],
        onError: { target: 'failed' },
      },
      on: { 'calendar.close': 'closed' },
    },
    loaded: {
      on: {
        'calendar.close': 'closed',
        'week.previous': { guard: 'hasPreviousWeek', actions: 'previousWeek' },
        'week.next': { guard: 'hasNextWeek', actions: 'nextWeek' },
        'view.choose': { guard: 'isRoundTrip', actions: 'chooseView' },
        'calendar.pick': {
          guard: 'isPricedPick',
          actions: { type: 'searchDates', params: ({ event }) => ({ departureDate: event.departureDate, returnDate: event.returnDate }) },
        },
      },
    },
    empty: { on: { 'calendar.close': 'closed' } },
    failed: { on: { 'calendar.retry': 'loading', 'calendar.close': 'closed' } },
  },
});
