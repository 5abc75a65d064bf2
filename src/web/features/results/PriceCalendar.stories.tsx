import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { priceCalendarMachine, weekOfDate, type PriceCalendarContext } from '../../../../machines/price-calendar.machine.ts';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import { priceCalendarAnswer, priceCalendarRequest } from '../../../contract/fixtures/price-calendar.ts';
import { PriceCalendarView } from './PriceCalendar.tsx';

const request = priceCalendarRequest;
const oneWay = priceCalendarAnswer('2026-12-10', null, { soldFrom: '2026-11-21' }).data;
const roundTrip = priceCalendarAnswer('2026-12-10', '2026-12-17', { soldFrom: '2026-11-21' }).data;

function calendarIn(value: StateValueFrom<typeof priceCalendarMachine>, context: Partial<PriceCalendarContext> = {}) {
  return priceCalendarMachine.resolveState({ value, context: { request: request(null), calendar: null, week: 0, view: 'grid', ...context } });
}

const meta = {
  title: 'Results/PriceCalendar',
  component: PriceCalendarView,
  args: { state: calendarIn('closed'), send: fn(), currency: engineFixtures[0]!.currency },
} satisfies Meta<typeof PriceCalendarView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** Before its tab opens (the tracker shows another tab): the view reads as loading if it is ever shown. */
export const Closed: Story = {};
export const Loading: Story = { args: { state: calendarIn('loading') } };
export const LoadingSpanish = spanish(Loading);
/** One way: a bar per day, 30 days either side of 10 December; days before today sell nothing. */
export const LoadedOneWay: Story = { args: { state: calendarIn('loaded', { calendar: oneWay }) } };
export const LoadedOneWaySpanish = spanish(LoadedOneWay);
/** Round trip: the week of the chosen departure, by the returns a week later. */
export const LoadedRoundTrip: Story = {
  args: { state: calendarIn('loaded', { request: request('2026-12-17'), calendar: roundTrip, week: weekOfDate(roundTrip, '2026-12-10') }) },
};
export const LoadedRoundTripSpanish = spanish(LoadedRoundTrip);
/** Round trip as a bar graph: each departure day with its return a week later (the chosen stay). */
export const LoadedRoundTripGraph: Story = {
  args: { state: calendarIn('loaded', { request: request('2026-12-17'), calendar: roundTrip, week: weekOfDate(roundTrip, '2026-12-10'), view: 'graph' }) },
};
export const LoadedRoundTripGraphSpanish = spanish(LoadedRoundTripGraph);
/** The first week: partly before today, and no previous week to go to. */
export const LoadedRoundTripFirstWeek: Story = { args: { state: calendarIn('loaded', { request: request('2026-12-17'), calendar: roundTrip, week: 0 }) } };
export const Empty: Story = { args: { state: calendarIn('empty', { calendar: priceCalendarAnswer('2026-12-10', null, { empty: true }).data }) } };
export const EmptySpanish = spanish(Empty);
export const Failed: Story = { args: { state: calendarIn('failed') } };
export const FailedSpanish = spanish(Failed);
