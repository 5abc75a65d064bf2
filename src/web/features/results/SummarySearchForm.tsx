import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../ui/Disclosure.tsx';
import { formValuesFromSearch } from '../search/search-form-values.ts';
import type { ResultsSearchState } from './results-url.ts';
import { useCityNames } from '../search/place-names.tsx';

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
  const { cityOf, isSettled } = useCityNames(search.itinerary.flatMap((leg) => [leg.origin, leg.destination]));
  return (
    <Disclosure onExpandedChange={(isExpanded) => isExpanded && setOpened(true)}>
      <DisclosureTrigger>{t`Change your search`}</DisclosureTrigger>
      <DisclosurePanel>
        <Suspense>{isOpened && isSettled && <SearchForm initial={formValuesFromSearch(search, cityOf)} />}</Suspense>
      </DisclosurePanel>
    </Disclosure>
  );
}
