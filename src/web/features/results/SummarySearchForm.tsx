import { useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { Disclosure, DisclosurePanel, DisclosureTrigger } from '../../ui/Disclosure.tsx';
import { airportDetailsQueryOptions } from '../search/search-api.ts';
import { formValuesFromSearch } from '../search/search-form-values.ts';
import { SearchForm } from '../search/SearchForm.tsx';
import { useLanguage } from '../search/use-language.ts';
import type { ResultsSearchState } from './results-url.ts';

/**
 * The search form on the results page, filled from the URL. Place names come from the airport call
 * (spec 1 §7); the form waits for them so its fields start with city names, or codes if a call fails.
 */
export function SummarySearchForm({ search }: { search: ResultsSearchState }) {
  const { t } = useLingui();
  const language = useLanguage();
  const codes = [...new Set(search.itinerary.flatMap((leg) => [leg.origin, leg.destination]))];
  const places = useQueries({ queries: codes.map((code) => airportDetailsQueryOptions(code, language)) });
  const isSettled = places.every((place) => !place.isPending);
  const describe = (code: string) => places.find((place) => place.data?.code === code)?.data?.cityName ?? code;
  return (
    <Disclosure>
      <DisclosureTrigger>{t`Change your search`}</DisclosureTrigger>
      <DisclosurePanel>{isSettled && <SearchForm initial={formValuesFromSearch(search, describe)} />}</DisclosurePanel>
    </Disclosure>
  );
}
