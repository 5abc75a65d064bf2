import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { filtersMachine } from '../../../../machines/filters.machine.ts';
// The results route's chunk runs in two tasks (start/yield.ts): its layout, then the machines and schemas.
import '../../start/after-results-layout.ts';
import { searchMachine } from '../../../../machines/search.machine.ts';
import type { SearchRequest } from '../../../contract/search.ts';
import { useCurrentEngine } from '../layout/useCurrentEngine.ts';
import { useResultsBanners } from './banners/airline-banners.ts';
import { buildResultsUrl, type ResultsSearchState } from './results-url.ts';
import { searchActors } from './search-api.ts';
import { pushTags, searchTags } from '../../lib/tags.ts';
import { filtersFromQuery, queryFromFilters, type SharedFiltersQuery } from './shared-filters.ts';
import { ResultsView, sameSearchExceptProgress } from './ResultsView.tsx';
import { ChosenBagsContext } from './chosen-bags.ts';
import { NO_BAGS } from '../../../../machines/bag-prices.ts';
import { calendarBandBounds, priceCalendarMachine, type PriceCalendarRequest } from '../../../../machines/price-calendar.machine.ts';
import { nearbyNoteMachine, type NearbyNoteInput } from '../../../../machines/nearby-note.machine.ts';
import type { Language } from '../../../contract/common.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';
import type { NearbyAlternative } from '../../../contract/nearby-alternatives.ts';
import { PriceCalendarTabContext, PriceCalendarView } from './PriceCalendar.tsx';
import { CalendarBandsContext } from './calendar-bands.ts';
import { priceCalendarActors, priceCalendarRequestOf } from './price-calendar-api.ts';
import { nearbyAlternativesQueryOptions, searchWithAlternative } from './nearby-alternatives-api.ts';
import { NearbyAlternativeNote } from './NearbyAlternativeNote.tsx';
import { brandedFaresQueryOptions } from './card/branded-fares.ts';
import { useLanguage } from '../search/use-language.ts';

export interface ResultsPageProps {
  search: ResultsSearchState;
  request: SearchRequest;
}

type QueryValues = Record<string, string | undefined>;

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
  const state = useSelector(actorRef, (snapshot) => snapshot, sameSearchExceptProgress);
  const filtersRef = state.children.filters as ActorRefFrom<typeof filtersMachine> | undefined;
  const filters = useSelector(filtersRef, (snapshot) => snapshot);
  const banners = useResultsBanners(engine, firstLeg?.origin ?? '', firstLeg?.destination ?? '');
  // The cards' fare colours: asked with the search (the server's page preloads it), not when the first card
  // mounts, so the cards draw once with them. Arriving after ten cards, it re-rendered them all at once: a
  // task of ~200 ms at 4x CPU (issue 15). A prefetch: the page itself does not re-render with the answer.
  const queryClient = useQueryClient();
  useEffect(() => void queryClient.prefetchQuery(brandedFaresQueryOptions()), [queryClient]);

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

  const calendarRequest = priceCalendarRequestOf(search, engine.id);
  const language = useLanguage();
  const page = (
    <>
      {calendarRequest && (
        <NearbyNote
          // Another language asks again, for the airports' names in it.
          key={language}
          request={calendarRequest}
          language={language}
          currency={engine.currency}
          hrefOf={(alternative) => resultsHref(searchWithAlternative(search, alternative))}
          follow={(href) => void navigate({ href })}
        />
      )}
      <ChosenBagsContext.Provider value={bags ?? NO_BAGS}>
        <ResultsView
          search={search}
          engine={engine}
          state={state}
          filters={filters}
          send={actorRef.send}
          sendFilters={(event) => filtersRef?.send(event)}
          onFlexibleDate={searchOtherDates}
          banners={banners}
          searchRef={actorRef}
        />
      </ChosenBagsContext.Provider>
    </>
  );
  // Multi-city has no price calendar (nor nearby note): only one way and round trips create their machines.
  if (!calendarRequest) return page;
  return (
    <PriceCalendarTabProvider request={calendarRequest} currency={engine.currency} searchDates={(departureDate, returnDate) => searchOtherDates(departureDate, returnDate, false)}>
      {page}
    </PriceCalendarTabProvider>
  );
}

interface PriceCalendarTabProviderProps {
  request: PriceCalendarRequest;
  currency: CurrencyFormat;
  searchDates: (departureDate: string, returnDate: string | null) => void;
  children: ReactNode;
}

/** The price calendar tab (issue 21) of a one way or round trip: choosing a day searches it (no flexible tab). */
function PriceCalendarTabProvider({ request, currency, searchDates, children }: PriceCalendarTabProviderProps) {
  const calendarRef = useTracedActorRef(
    priceCalendarMachine.provide({
      actors: priceCalendarActors,
      actions: { searchDates: (_, { departureDate, returnDate }) => searchDates(departureDate, returnDate) },
    }),
    { input: { request } },
  );
  const calendarState = useSelector(calendarRef, (snapshot) => snapshot);
  const calendar = calendarState.context.calendar;
  const bands = useMemo(() => calendarBandBounds(calendar), [calendar]);
  const calendarTab = {
    isOpen: !calendarState.matches('closed'),
    open: () => calendarRef.send({ type: 'calendar.open' }),
    close: () => calendarRef.send({ type: 'calendar.close' }),
    panel: <PriceCalendarView state={calendarState} currency={currency} send={calendarRef.send} />,
  };
  return (
    <PriceCalendarTabContext.Provider value={calendarTab}>
      <CalendarBandsContext.Provider value={bands}>{children}</CalendarBandsContext.Provider>
    </PriceCalendarTabContext.Provider>
  );
}

interface NearbyNoteProps {
  request: PriceCalendarRequest;
  language: Language;
  currency: CurrencyFormat;
  hrefOf: (alternative: NearbyAlternative) => string;
  follow: (href: string) => void;
}

/** A cheaper trip from or to an airport within 150 km (issue 21), as the nearby note machine says. */
function NearbyNote({ request, language, currency, hrefOf, follow }: NearbyNoteProps) {
  const queryClient = useQueryClient();
  const noteRef = useTracedActorRef(
    nearbyNoteMachine.provide({
      actors: { loadAlternatives: fromPromise(({ input }: { input: NearbyNoteInput }) => queryClient.fetchQuery(nearbyAlternativesQueryOptions(input.request, input.language))) },
      actions: { followAlternative: (_, { alternative }) => follow(hrefOf(alternative)) },
    }),
    { input: { request, language } },
  );
  const snapshot = useSelector(noteRef, (state) => state);
  return <NearbyAlternativeNote snapshot={snapshot} send={noteRef.send} currency={currency} hrefOf={hrefOf} />;
}
