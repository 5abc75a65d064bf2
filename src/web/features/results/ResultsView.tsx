import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ProgressBar } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FiltersEvent, filtersMachine } from '../../../../machines/filters.machine.ts';
import type { SearchEvent, searchMachine } from '../../../../machines/search.machine.ts';
import type { Engine } from '../../../contract/engine.ts';
import { afterNextPaint } from '../../lib/after-paint.ts';
import type { ResultsBanners } from './banners/airline-banners.ts';
import { AirlinePreferenceBanner, InlineBanner, SideBanners } from './banners/Banners.tsx';
import { NO_BAGS } from '../../../../machines/bag-prices.ts';
import { FiltersSheet, PhoneDisclosure } from './PhoneResults.tsx';
import { AirlineMatrix, FlexibleDatesGrid, PriceTracker } from './PriceTracker.tsx';
import { ResultsList } from './ResultsList.tsx';
import { PriceAlert } from './price-alert/PriceAlert.tsx';
import type { ResultsSearchState } from './results-url.ts';
import { SearchErrorPanel } from './SearchErrorPanel.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PHONE_WIDTH, useMediaQuery } from '../../lib/media.ts';
import './results.css';

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
export type FiltersSnapshot = SnapshotFrom<typeof filtersMachine>;

/**
 * Whether two search snapshots differ at most in the progress bar's count. The bar ticks every 15 ms
 * (spec 1 §9); a page re-rendered with each tick spent a slow phone's main thread for the whole search
 * (issue 15). The page reads the snapshot with this comparison, and the bar follows the ticks alone.
 */
export function sameSearchExceptProgress(a: SearchSnapshot, b: SearchSnapshot): boolean {
  if (a === b) return true;
  if (a.status !== b.status || JSON.stringify(a.value) !== JSON.stringify(b.value)) return false;
  const contextKeys = Object.keys(a.context) as Array<keyof SearchSnapshot['context']>;
  if (contextKeys.some((key) => key !== 'progress' && a.context[key] !== b.context[key])) return false;
  const childIds = Object.keys(a.children) as Array<keyof SearchSnapshot['children']>;
  return childIds.length === Object.keys(b.children).length && childIds.every((id) => a.children[id] === b.children[id]);
}

export interface ResultsViewProps {
  search: ResultsSearchState;
  engine: Engine;
  state: SearchSnapshot;
  /** The filters child of the loaded results; undefined before they load. */
  filters: FiltersSnapshot | undefined;
  send: (event: SearchEvent) => void;
  sendFilters: (event: FiltersEvent) => void;
  /** A flexible-dates cell: search those dates instead. */
  onFlexibleDate: (departureDate: string, returnDate: string | null) => void;
  /** The terminal's airline banners for the route (spec 1 §2, §4). */
  banners: ResultsBanners;
  /** The running search, when there is one: the progress bar follows its ticks without the page (else `state`'s count). */
  searchRef?: ActorRefFrom<typeof searchMachine>;
}

const SKELETON_CARDS = 3;

/**
 * The filters' column (the filter bar's selects, slider and text fields, ~20 KB compressed, and the bags
 * selector's checkboxes) is fetched when it is first shown: beside the list on wider screens, when the
 * filters sheet opens on a phone, whose first load then carries none of it (issue 15). Pressing "Filters"
 * starts the fetch.
 */
const loadFilterColumn = () => Promise.all([import('./FilterBar.tsx'), import('./BagsSelector.tsx')]);
const FilterBar = lazy(() => loadFilterColumn().then(([module]) => ({ default: module.FilterBar })));
const BagsSelector = lazy(() => loadFilterColumn().then(([, module]) => ({ default: module.BagsSelector })));
const NO_OFFERS: never[] = [];

/** The results page below the summary: progress, price tracker, filters, list, or the error panel. */
export function ResultsView({ search, engine, state, filters, send, sendFilters, onFlexibleDate, banners, searchRef }: ResultsViewProps) {
  const { t } = useLingui();
  const { tab, flexible, errorStatus, sessionID, unavailableSuppliers } = state.context;
  const isLoading = state.matches('savingSession') || state.matches('searching') || state.matches('completing');
  // Issue 17: the fastest supplier's offers show while the others are still asked (the bar keeps running).
  const isPartial = state.matches({ searching: 'partial' });
  // Showing the results (filters, price matrix, ten cards) is the page's heaviest rendering. React renders
  // these deferred values as a transition, in short slices the browser can paint and answer taps between:
  // at 4× CPU the first results were one task of over a second (issue 15), and a sort or filter now paints
  // its own choice before the list changes.
  const isLoaded = state.matches('loaded') || isPartial;
  const resultsShown = useDeferredValue(isLoaded, false) && isLoaded;
  const isPreparing = (isLoading && !isPartial) || (isLoaded && !resultsShown);
  const currentOffers = filters?.context.results ?? NO_OFFERS;
  const currentCount = filters?.context.visibleCount ?? 0;
  const listedOffers = useDeferredValue(currentOffers);
  const listedCount = useDeferredValue(currentCount);
  const listedBags = useDeferredValue(filters?.context.bags ?? NO_BAGS);
  // Between a sort or filter and the list that answers it, the list still shows the previous choice's offers.
  const isListStale = listedOffers !== currentOffers || listedCount !== currentCount;
  const data = filters?.context.data;
  // Cheapest and dearest of the whole answer: the same for every card, so cards do not re-render on filtering.
  const priceRange = useMemo(() => {
    if (!data || data.length === 0) return undefined;
    const totals = data.map((recommendation) => recommendation.pricing.total);
    return { min: Math.min(...totals), max: Math.max(...totals) };
  }, [data]);
  const [outbound, back] = search.itinerary;

  const trackerContent = () => {
    if (isPreparing) return <p className="price-tracker__loading">{t`Looking for prices…`}</p>;
    if (tab === 1 && flexible && outbound) {
      return (
        <FlexibleDatesGrid
          flexible={flexible}
          departureDate={outbound.date}
          returnDate={search.flightType === 'RT' ? (back?.date ?? null) : null}
          currency={engine.currency}
          onPick={onFlexibleDate}
        />
      );
    }
    if (filters && data) {
      return (
        <AirlineMatrix
          data={data}
          criteria={filters.context.criteria}
          currency={engine.currency}
          onPick={(airline, stops) => sendFilters({ type: 'filter.airlineStops', airline, stops })}
        />
      );
    }
    return <p>{t`No prices to compare.`}</p>;
  };

  return (
    <div className="results">
      {isLoading && <SearchProgress searchRef={searchRef} progress={state.context.progress} isPartial={isPartial} />}
      {/* From the start, not once the offers are in: appearing then, it pushed the price tracker down (issue 38). */}
      {!state.matches('failed') && <PriceAlert search={search} engine={engine} />}
      {!state.matches('failed') && (
        <PhoneDisclosure label={t`Price tracker`}>
          <PriceTracker tab={tab} flightType={search.flightType} onTabChange={(next) => send({ type: 'tab.select', tab: next })}>
            {trackerContent()}
          </PriceTracker>
        </PhoneDisclosure>
      )}
      {isPreparing && (
        <div className="results-skeleton" aria-busy="true">
          <output className="visually-hidden">{t`Searching for the best flights…`}</output>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <div key={index} className="results-skeleton__card card" aria-hidden="true" />
          ))}
        </div>
      )}
      {(state.matches('failed') || state.matches('empty')) && errorStatus !== null && (
        <SearchErrorPanel status={errorStatus} refusal={state.context.refusal} retryAfterSeconds={state.context.retryAfterSeconds} onRetry={() => send({ type: 'search.retry' })} />
      )}
      {resultsShown && isPartial && (
        // More suppliers are still asked: their offers join this list as they answer.
        <output className="results-notice results-notice--pending" aria-busy="true">
          {t`Looking for more flights…`}
        </output>
      )}
      {resultsShown && unavailableSuppliers.length > 0 && (
        // Some supplier failed or was late (issue 17): fewer results, said plainly, never an error page.
        <output className="results-notice">{t`Some airlines did not answer in time; these are the results available.`}</output>
      )}
      {resultsShown && filters && sessionID && (
        // Wide screens: the filters in a column beside the list, so the first offer shows without scrolling.
        <div className="results__main">
          <FiltersSheet onOpenIntent={() => void loadFilterColumn()}>
            {/* Beside the filters, in their column: above the list it pushed the first offer below a laptop's fold. */}
            <div className="results__filters">
              <Suspense fallback={<Spinner label={t`Loading filters…`} />}>
                <BagsSelector bags={filters.context.bags} carryOnIncluded={filters.context.criteria.carryOnIncluded === true} send={(event) => afterNextPaint(() => sendFilters(event))} />
                <FilterBar
                  data={filters.context.data}
                  criteria={filters.context.criteria}
                  sort={filters.context.sort}
                  isFiltered={filters.matches('filtered')}
                  flightType={search.flightType}
                  currency={engine.currency}
                  send={(event) => afterNextPaint(() => sendFilters(event))}
                />
              </Suspense>
            </div>
          </FiltersSheet>
          <div className="results__body" aria-busy={isListStale}>
            {listedOffers.length === 0 ? (
              <output className="results-none">{t`No flights match these filters.`}</output>
            ) : (
              <ResultsList
                results={listedOffers}
                visibleCount={listedCount}
                sessionID={sessionID}
                engine={engine}
                search={search}
                priceRange={priceRange}
                bags={listedBags}
                firstBanner={banners.preference && <AirlinePreferenceBanner banner={banners.preference} />}
                inlineBanner={banners.inline && <InlineBanner banner={banners.inline} />}
                onMore={() => afterNextPaint(() => sendFilters({ type: 'list.more' }))}
              />
            )}
            {banners.side && <SideBanners banner={banners.side} />}
          </div>
        </div>
      )}
    </div>
  );
}

interface SearchProgressProps {
  searchRef: ActorRefFrom<typeof searchMachine> | undefined;
  /** The count to show without a running search (a story's snapshot). */
  progress: number;
  isPartial: boolean;
}

/** Spec 1 §2: the loading bar, not on a phone, where it is not rendered at all (nor re-rendered each tick). */
function SearchProgress(props: SearchProgressProps) {
  return useMediaQuery(PHONE_WIDTH) ? null : <SearchProgressBar {...props} />;
}

function SearchProgressBar({ searchRef, progress, isPartial }: SearchProgressProps) {
  const { t } = useLingui();
  const liveProgress = useSelector(searchRef, (snapshot) => snapshot?.context.progress);
  return (
    <ProgressBar className={isPartial ? 'search-progress search-progress--more' : 'search-progress'} aria-label={t`Searching flights`} minValue={0} maxValue={1000} value={liveProgress ?? progress}>
      {({ percentage }) => (
        <div className="search-progress__track">
          <div className="search-progress__fill" style={{ width: `${percentage ?? 0}%` }} />
        </div>
      )}
    </ProgressBar>
  );
}
