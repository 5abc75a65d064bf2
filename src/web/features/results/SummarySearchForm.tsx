import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../ui/Disclosure.tsx';
import { airportDetailsQueryOptions } from '../search/search-api.ts';
import { formValuesFromSearch } from '../search/search-form-values.ts';
import { useLanguage } from '../search/use-language.ts';
import type { ResultsSearchState } from './results-url.ts';

// The form (~60 KB compressed) is a chunk of its own, rendered (so fetched) once the traveller opens it:
// the results page shows it folded, and a folded panel still renders its content.
const SearchForm = lazy(() => import('../search/SearchForm.tsx').then((module) => ({ default: module.SearchForm })));

/**
 * The search form on the results page, filled from the URL. Place names come from the airport call
 * (spec 1 §7); the form waits for them so its fields start with city names, or codes if a call fails.
 */
export function SummarySearchForm({ search }: { search: ResultsSearchState }) {
  const { t } = useLingui();
  const [isOpened, setOpened] = useState(false);
  const language = useLanguage();
  const codes = [...new Set(search.itinerary.flatMap((leg) => [leg.origin, leg.destination]))];
  const places = useQueries({ queries: codes.map((code) => airportDetailsQueryOptions(code, language)) });
  const isSettled = places.every((place) => !place.isPending);
  const describe = (code: string) => places.find((place) => place.data?.code === code)?.data?.cityName ?? code;
  return (
    <Disclosure onExpandedChange={(isExpanded) => isExpanded && setOpened(true)}>
      <DisclosureTrigger>{t`Change your search`}</DisclosureTrigger>
      <DisclosurePanel>
        <Suspense>{isOpened && isSettled && <SearchForm initial={formValuesFromSearch(search, describe)} />}</Suspense>
      </DisclosurePanel>
    </Disclosure>
  );
}
