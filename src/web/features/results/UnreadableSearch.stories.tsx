import type { Meta, StoryObj } from '@storybook/react-vite';
import { parseResultsUrl, resultsQuerySchema, type ResultsSearchState } from './results-url.ts';
import { UnreadableSearch } from './ResultsFrame.tsx';

/** A results address read the way the route reads it; the corrected search it offers, if any. */
function readingOf(path: Record<string, string>) {
  return parseResultsUrl({ origin: 'LIM', destination: 'CUZ', dateFrom: '2027-03-03', adults: '1', children: '0', infants: '0', ...path }, resultsQuerySchema.parse({}), false);
}
const stale = readingOf({ dateFrom: '2025-01-10', dateTo: '2025-01-17' }).search as ResultsSearchState;
const tooMany = readingOf({ adults: '10' });

const meta = {
  title: 'Results/UnreadableSearch',
  component: UnreadableSearch,
  args: { problem: { kind: 'date', date: '2027-02-31' }, corrected: null },
} satisfies Meta<typeof UnreadableSearch>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** An impossible date: which one, and the way home. */
export const ImpossibleDate: Story = {};
export const ImpossibleDateSpanish = spanish(ImpossibleDate);
/** A code that is not an airport or city code. */
export const BadAirportCode: Story = { args: { problem: { kind: 'airport', code: 'L1M' } } };
/** A party a booking cannot hold: the rule, and the nearest party's search. */
export const TooManyTravellers: Story = { args: { problem: tooMany.problem!, corrected: tooMany.corrected ?? null } };
export const TooManyTravellersSpanish = spanish(TooManyTravellers);
/** A stale link: the same trip from today. */
export const PastDates: Story = { args: { problem: { kind: 'pastDate' }, corrected: { ...stale, itinerary: stale.itinerary.map((leg, index) => ({ ...leg, date: index === 0 ? '2027-03-03' : '2027-03-10' })) } } };
export const PastDatesSpanish = spanish(PastDates);
/** A trip from a place to itself (issue 37): says so, not that the dates have passed. */
export const SameOriginAndDestination: Story = { args: { problem: readingOf({ destination: 'LIM' }).problem! } };
export const SameOriginAndDestinationSpanish = spanish(SameOriginAndDestination);
