import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import type { ActorRefFrom } from 'xstate';
import type { filtersMachine } from '../../../../machines/filters.machine.ts';
import { searchMachine } from '../../../../machines/search.machine.ts';
import type { SearchRequest } from '../../../contract/search.ts';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { useResultsBanners } from './banners/airline-banners.ts';
import { buildResultsUrl, type ResultsSearchState } from './results-url.ts';
import { searchActors } from './search-api.ts';
import { pushTags, searchTags } from '../../lib/tags.ts';
import { filtersFromQuery, queryFromFilters, type SharedFiltersQuery } from './shared-filters.ts';
import { ResultsView } from './ResultsView.tsx';
import { priceCalendarMachine } from '../../../../machines/price-calendar.machine.ts';
import { PriceCalendarTabContext, PriceCalendarView } from './PriceCalendar.tsx';
import { priceCalendarActors, priceCalendarRequestOf } from './price-calendar-api.ts';
import { nearbyAlternativesQueryOptions, searchWithAlternative } from './nearby-alternatives-api.ts';
import { NearbyAlternativeNote } from './NearbyAlternativeNote.tsx';
import { useLanguage } from '../search/use-language.ts';

export interface ResultsPageProps {
  search: ResultsSearchState;
  request: SearchRequest;
}

type QueryValues = Record<string, string | undefined>;

/** Multi-city has no calendar: its (never opened) machine gets a request that is never sent. */
const PLACEHOLDER_CALENDAR_REQUEST = { origin: '', destination: '', date: '', returnDate: null, adults: 1, children: 0, infants: 0, cabin: 'I', token: null };

/**
 * The search actor of one results URL (remounted for another search) and the URL kept in step with
 * it: the filters and sort chosen (a shareable link restores them) and the flexible tab.
 */
export function ResultsPage({ search, request }: ResultsPageProps) {
  const engine = useCurrentEngine();
  const navigate = useNavigate();
  const query = useSearch({ strict: false }) as SharedFiltersQuery & QueryValues;
  const [firstLeg] = search.itinerary;
  const announceResults = () =>
    pushTags(
      searchTags({
        terminalId: engine.id,
        flightType: search.flightType,
        route: search.itinerary.map((leg) => `${leg.origin}-${leg.destination}`).join(','),
        redirectId: search.redirectId,
      }),
    );
  const actorRef = useTracedActorRef(searchMachine.provide({ actors: searchActors, actions: { announceResults } }), {
    input: { request, initialTab: search.flexible ? 1 : 0, restoredFilters: filtersFromQuery(query) },
  });
  const state = useSelector(actorRef, (snapshot) => snapshot);
  const filtersRef = state.children.filters as ActorRefFrom<typeof filtersMachine> | undefined;
  const filters = useSelector(filtersRef, (snapshot) => snapshot);
  const banners = useResultsBanners(engine, firstLeg?.origin ?? '', firstLeg?.destination ?? '');

  const criteria = filters?.context.criteria;
  const sort = filters?.context.sort;
  const bags = filters?.context.bags;
  const { tab } = state.context;
  useEffect(() => {
    const wanted: QueryValues = { flexible: tab === 1 ? '1' : undefined, ...(criteria && sort ? queryFromFilters(criteria, sort, bags) : {}) };
    const current = query as QueryValues;
    const changed = Object.entries(wanted).some(([key, value]) => (current[key] === undefined ? undefined : String(current[key])) !== value);
    if (changed) void navigate({ to: '.', search: ((previous: QueryValues) => ({ ...previous, ...wanted })) as never, replace: true });
  }, [criteria, sort, bags, tab, query, navigate]);

  /** The results URL of another search, in the page's language. */
  const resultsHref = (other: ResultsSearchState, flexible = false) => {
    const url = new URL(buildResultsUrl(other), window.location.origin);
    if (flexible) url.searchParams.set('flexible', '1');
    if (query.lang) url.searchParams.set('lang', query.lang);
    return `${url.pathname}${url.search}`;
  };
  const searchOtherDates = (departureDate: string, returnDate: string | null, flexible = true) => {
    const [outbound] = search.itinerary;
    if (!outbound) return;
    const itinerary = returnDate
      ? [{ ...outbound, date: departureDate }, { origin: outbound.destination, destination: outbound.origin, date: returnDate }]
      : [{ ...outbound, date: departureDate }];
    void navigate({ href: resultsHref({ ...search, itinerary }, flexible) });
  };

  // The price calendar tab (issue 21): one way and round trips; choosing a day searches it (no flexible tab).
  const calendarRequest = priceCalendarRequestOf(search, engine.id);
  const calendarRef = useTracedActorRef(
    priceCalendarMachine.provide({
      actors: priceCalendarActors,
      actions: { searchDates: (_, { departureDate, returnDate }) => searchOtherDates(departureDate, returnDate, false) },
    }),
    { input: { request: calendarRequest ?? { ...PLACEHOLDER_CALENDAR_REQUEST, terminalId: engine.id } } },
  );
  const calendarState = useSelector(calendarRef, (snapshot) => snapshot);
  const calendarTab = calendarRequest && {
    isOpen: !calendarState.matches('closed'),
    open: () => calendarRef.send({ type: 'calendar.open' }),
    close: () => calendarRef.send({ type: 'calendar.close' }),
    panel: <PriceCalendarView state={calendarState} currency={engine.currency} send={calendarRef.send} />,
  };

  // A cheaper trip from or to an airport within 150 km (issue 21), until the traveller dismisses it.
  const language = useLanguage();
  const nearby = useQuery({ ...nearbyAlternativesQueryOptions(calendarRequest ?? { ...PLACEHOLDER_CALENDAR_REQUEST, terminalId: engine.id }, language), enabled: calendarRequest !== null });
  const [nearbyDismissed, setNearbyDismissed] = useState(false);
  const cheaperNearby = nearbyDismissed ? undefined : nearby.data?.data.alternatives[0];
  const cheaperNearbyHref = cheaperNearby && resultsHref(searchWithAlternative(search, cheaperNearby));

  return (
    <PriceCalendarTabContext.Provider value={calendarTab}>
      {cheaperNearby && cheaperNearbyHref && (
        <NearbyAlternativeNote
          alternative={cheaperNearby}
          currency={engine.currency}
          href={cheaperNearbyHref}
          onFollow={() => void navigate({ href: cheaperNearbyHref })}
          onDismiss={() => setNearbyDismissed(true)}
        />
      )}
      <ResultsView
        search={search}
        engine={engine}
        state={state}
        filters={filters}
        send={actorRef.send}
        sendFilters={(event) => filtersRef?.send(event)}
        onFlexibleDate={searchOtherDates}
        banners={banners}
      />
    </PriceCalendarTabContext.Provider>
  );
}
