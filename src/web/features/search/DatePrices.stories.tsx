import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, userEvent, within } from 'storybook/test';
import { datePricesKey, datePricesMachine, type DatePricesQuery } from '../../../../machines/date-prices.machine.ts';
import { datePricesRequests, dayPricesOf } from '../../../../machines/date-prices.rules.ts';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import { priceCalendarAnswer } from '../../../contract/fixtures/price-calendar.ts';
import { DateField, DateRangeField } from './DateField.tsx';
import { DatePricesContext, type DatePricesBinding } from './date-prices-binding.ts';

const today = '2026-11-21';
const route = { terminalId: '9132868', token: null, origin: 'LIM', destination: 'CUZ', adults: 1, children: 0, infants: 0, cabin: 'I' as const, today };
const december = (departure: string | null): DatePricesQuery => ({ ...route, month: '2026-12', departure });
/** December's prices as the mock API answers them: departure days, or the returns paired with the 10th. */
const pricesOf = (query: DatePricesQuery) =>
  dayPricesOf(
    datePricesRequests(query).map((request) => priceCalendarAnswer(request.date, request.returnDate, { soldFrom: today })),
    query.month,
    query.departure,
    query.stayNights ?? null,
  );

function pricesIn(value: 'idle' | 'loading' | 'loaded' | 'failed', query: DatePricesQuery | null = december(null)): DatePricesBinding {
  const months = value === 'loaded' && query ? { [datePricesKey(query)]: pricesOf(query) } : {};
  const state = datePricesMachine.resolveState({ value, context: { query: value === 'idle' ? null : query, months } });
  return { state, send: fn(), route, currency: engineFixtures[0]!.currency };
}

/** The search form's date field with the form's prices (the form gives them through DatePricesContext). */
function PricedDateField({ datePrices, roundTrip }: { datePrices: DatePricesBinding; roundTrip: boolean }) {
  return (
    <DatePricesContext.Provider value={datePrices}>
      {roundTrip ? (
        <DateRangeField label="Departure and return dates" startDate="2026-12-10" endDate="2026-12-17" today={today} onChange={fn()} />
      ) : (
        <DateField label="Departure date" value="2026-12-10" today={today} onChange={fn()} />
      )}
    </DatePricesContext.Provider>
  );
}

/** The calendar opens as a keyboard user opens it: the field's calendar button. */
const openCalendar = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /Calendar|Calendario/ }));
};
/** Round trip: the departure is chosen (the 10th), the return is next. */
const chooseDeparture = async (context: { canvasElement: HTMLElement }) => {
  await openCalendar(context);
  const calendar = within(document.body).getByRole('dialog');
  await userEvent.click(within(calendar).getAllByRole('button', { name: /\b10\b/ })[0]!);
};

const meta = {
  title: 'Search/DatePrices',
  component: PricedDateField,
  parameters: { layout: 'padded' },
  args: { datePrices: pricesIn('idle'), roundTrip: false },
  play: openCalendar,
} satisfies Meta<typeof PricedDateField>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** idle: no origin and destination yet, so the days show no prices. */
export const Idle: Story = {};
export const Loading: Story = { args: { datePrices: pricesIn('loading') } };
export const LoadingSpanish = spanish(Loading);
/** One way: each day's cheapest one-way price, its band by colour and mark. */
export const LoadedDepartures: Story = { args: { datePrices: pricesIn('loaded') } };
export const LoadedDeparturesSpanish = spanish(LoadedDepartures);
/** Round trip, choosing the departure (issue 37): each day's round trip at the chosen range's stay (7 nights), never a one-way fare. */
export const LoadedRoundTripDepartures: Story = { args: { datePrices: pricesIn('loaded', { ...december(null), stayNights: 7 }), roundTrip: true } };
export const LoadedRoundTripDeparturesSpanish = spanish(LoadedRoundTripDepartures);
/** Round trip, choosing the return: the price of each return paired with the departure on the 10th. */
export const LoadedReturns: Story = { args: { datePrices: pricesIn('loaded', december('2026-12-10')), roundTrip: true }, play: chooseDeparture };
export const LoadedReturnsSpanish = spanish(LoadedReturns);
/** failed: the calendar without prices, as if none had been asked. */
export const Failed: Story = { args: { datePrices: pricesIn('failed') } };
export const FailedSpanish = spanish(Failed);
