import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { NO_BAGS } from '../../../../machines/bag-prices.ts';
import { filtersMachine } from '../../../../machines/filters.machine.ts';
import { applyFilters, PAGE_SIZE, sortRecommendations, type FilterCriteria } from '../../../../machines/filters.rules.ts';
import { PROGRESS_CAP, PROGRESS_DONE, searchMachine, type SearchContext } from '../../../../machines/search.machine.ts';
import { searchRequestSchema } from '../../../contract/search.ts';
import { mockEngine, mockSessionIds } from '../../mocks/handlers.ts';
import { mockFlexibleDates, mockRecommendations } from '../../mocks/search-handlers.ts';
import { PHONE_WIDTH } from '../../lib/media.ts';
import { ResultsView } from './ResultsView.tsx';
import { roundTripSearch } from '../../mocks/search-state.ts';

type SearchState = 'savingSession' | 'searching' | { searching: 'partial' } | 'completing' | 'loaded' | 'empty' | 'failed';

const search = roundTripSearch({
  itinerary: [
    { origin: 'LIM', destination: 'CUZ', date: '2026-12-10' },
    { origin: 'CUZ', destination: 'LIM', date: '2026-12-17' },
  ],
  passengers: { adults: 2, children: 1, infants: 0 },
});
const request = searchRequestSchema.parse({ flightType: 'RT', itinerary: search.itinerary, passengers: search.passengers });

/** A search snapshot in one of its states, with what the machine holds there. */
const searchIn = (value: SearchState, context: Partial<SearchContext> = {}) =>
  searchMachine.resolveState({
    value,
    context: { request, tab: 0, sessionID: mockSessionIds.live, recommendations: [], flexible: null, unavailableSuppliers: [], pendingSuppliers: [], errorStatus: null, retryAfterSeconds: null, refusal: null, progress: 0, restoredFilters: {}, ...context },
  });
const loaded = (context: Partial<SearchContext> = {}) => searchIn('loaded', { recommendations: mockRecommendations, progress: PROGRESS_DONE, ...context });

/** The filters child as the machine computes it: filtered and sorted results, one page visible. */
const filtersIn = (criteria: FilterCriteria = {}, data = mockRecommendations) =>
  filtersMachine.resolveState({
    value: Object.keys(criteria).length > 0 ? 'filtered' : 'unfiltered',
    context: {
      data,
      tripType: 'RT',
      criteria,
      sort: 'best',
      bags: NO_BAGS,
      results: sortRecommendations(applyFilters(data, criteria), 'best'),
      visibleCount: PAGE_SIZE,
    },
  });

const noBanners = { side: null, inline: null, preference: null };

const meta = {
  title: 'Results/ResultsView',
  component: ResultsView,
  parameters: { layout: 'padded' },
  args: {
    search,
    engine: mockEngine('9132868'),
    state: searchIn('savingSession', { progress: 40 }),
    filters: undefined,
    send: fn(),
    sendFilters: fn(),
    onFlexibleDate: fn(),
    banners: noBanners,
  },
} satisfies Meta<typeof ResultsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** savingSession: the bar starts and three skeleton cards show. */
export const SavingSession: Story = {};
export const Searching: Story = { args: { state: searchIn('searching', { progress: 600 }) } };
export const SearchingAtCap: Story = { args: { state: searchIn('searching', { progress: PROGRESS_CAP }) }, globals: { locale: 'es' } };
/** completing: the bar jumps to 100 % before the list shows. */
export const Completing: Story = { args: { state: searchIn('completing', { recommendations: mockRecommendations, progress: PROGRESS_DONE }) } };
/** Mobile: the progress bar is hidden (spec 1 §2). */
export const SearchingMobile: Story = { ...Searching, globals: { viewport: { value: 'mobile1', isRotated: false } } };

/** The results render deferred (issue 15): a loaded story's checks run once they have replaced the skeleton. */
const resultsRendered: Story['play'] = async ({ canvasElement }) => {
  await waitFor(() => expect(canvasElement.querySelector('.results-skeleton')).toBeNull());
};

/** loaded with the filters child unfiltered: the matrix, the filter bar and the first 10 cards. */
export const LoadedUnfiltered: Story = { args: { state: loaded(), filters: filtersIn() }, play: resultsRendered };
export const LoadedUnfilteredSpanish: Story = { ...LoadedUnfiltered, globals: { locale: 'es' } };
/** loaded with the filters child filtered: one airline, direct flights. */
export const LoadedFiltered: Story = { args: { state: loaded(), filters: filtersIn({ airline: 'JZ', stops: 0 }) }, play: resultsRendered };
export const LoadedFilteredToNothing: Story = { args: { state: loaded(), filters: filtersIn({ airline: 'JZ', stops: 1 }) }, globals: { locale: 'es' }, play: resultsRendered };
/** The flexible-dates tab: a 7×7 grid coloured cheap / regular / expensive. */
export const LoadedFlexibleDates: Story = {
  args: { state: loaded({ tab: 1, flexible: mockFlexibleDates({ ...request, flexible: true }) }), filters: filtersIn() },
  play: resultsRendered,
};
export const LoadedFlexibleDatesSpanish: Story = { ...LoadedFlexibleDates, globals: { locale: 'es' } };
/** loaded with a supplier that did not answer (issue 17): the others' offers under a notice, not an error. */
export const LoadedWithUnavailableSupplier: Story = {
  args: { state: loaded({ unavailableSuppliers: [{ supplier: 'duffel', reason: 'timeout' }] }), filters: filtersIn() },
  play: async (context) => {
    await resultsRendered(context);
    await expect(context.canvasElement.querySelector('.results-notice')?.textContent).toContain('Some airlines did not answer in time');
  },
};
export const LoadedWithUnavailableSupplierSpanish: Story = { ...LoadedWithUnavailableSupplier, play: resultsRendered, globals: { locale: 'es' } };
export const LoadedMobile: Story = { ...LoadedUnfiltered, globals: { viewport: { value: 'mobile1', isRotated: false } } };

/**
 * searching.partial (issue 17): the fastest supplier's offers show, filters and all, while the bar still runs
 * and a note says more flights are being looked for.
 */
const firstOffers = mockRecommendations.filter((_, index) => index % 2 === 0);
const partial = (context: Partial<SearchContext> = {}) => searchIn({ searching: 'partial' }, { recommendations: firstOffers, pendingSuppliers: ['duffel'], progress: 450, ...context });
export const PartialFirstOffers: Story = {
  args: { state: partial(), filters: filtersIn({}, firstOffers) },
  play: async (context) => {
    await resultsRendered(context);
    await expect(context.canvasElement.querySelector('.results-notice--pending')?.textContent).toBe('Looking for more flights…');
    // The bar runs on, but not on a phone, where the spec shows none (spec 1 §2).
    const bar = context.canvasElement.querySelector('[role="progressbar"]');
    await expect(bar === null).toBe(window.matchMedia(PHONE_WIDTH).matches);
  },
};
export const PartialFirstOffersSpanish: Story = {
  ...PartialFirstOffers,
  globals: { locale: 'es' },
  play: async (context) => {
    await resultsRendered(context);
    await expect(context.canvasElement.querySelector('.results-notice--pending')?.textContent).toBe('Buscando más vuelos…');
  },
};
/** searching.partial after one supplier failed and another is still asked: both notes. */
export const PartialWithUnavailableSupplier: Story = {
  args: { state: partial({ unavailableSuppliers: [{ supplier: 'sandbox', reason: 'timeout' }] }), filters: filtersIn({}, firstOffers) },
  play: resultsRendered,
  globals: { locale: 'es' },
};

/** empty: 'Lo sentimos, no hay resultados', with its own icon. */
export const Empty: Story = { args: { state: searchIn('empty', { errorStatus: 204 }) } };
export const EmptySpanish: Story = { ...Empty, globals: { locale: 'es' } };
/** failed, one story per status of spec 1 §8. */
export const FailedInvalidToken: Story = { args: { state: searchIn('failed', { errorStatus: 401 }) }, globals: { locale: 'es' } };
export const FailedMissingToken: Story = { args: { state: searchIn('failed', { errorStatus: 402 }) }, globals: { locale: 'es' } };
export const FailedInternal: Story = { args: { state: searchIn('failed', { errorStatus: 500 }) } };
export const FailedTimeout: Story = { args: { state: searchIn('failed', { errorStatus: 504 }) }, globals: { locale: 'es' } };
export const FailedRateLimited: Story = { args: { state: searchIn('failed', { errorStatus: 429, retryAfterSeconds: 42 }) }, globals: { locale: 'es' } };
export const FailedRateLimitedInEnglish: Story = { args: { state: searchIn('failed', { errorStatus: 429, retryAfterSeconds: 42 }) } };
/** Any other status: no title and no text, only the way back. */
/** The server knows no airport with a code of the address (a stale or hand-made link). */
export const FailedUnknownAirport: Story = { args: { state: searchIn('failed', { errorStatus: 400, refusal: { kind: 'unknownAirport', code: 'XYZ' } }) }, globals: { locale: 'es' } };
export const FailedUnknownAirportInEnglish: Story = { args: { state: searchIn('failed', { errorStatus: 400, refusal: { kind: 'unknownAirport', code: 'XYZ' } }) } };
export const FailedSameAirport: Story = { args: { state: searchIn('failed', { errorStatus: 400, refusal: { kind: 'sameAirport' } }) }, globals: { locale: 'es' } };
export const FailedRefusedOtherwise: Story = { args: { state: searchIn('failed', { errorStatus: 400, refusal: { kind: 'other' } }) } };
export const FailedOther: Story = { args: { state: searchIn('failed', { errorStatus: 418 }) } };
export const FailedMobile: Story = { ...FailedTimeout, globals: { viewport: { value: 'mobile1', isRotated: false } } };
