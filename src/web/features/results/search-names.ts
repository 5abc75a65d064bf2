import { useQueries, useQuery } from '@tanstack/react-query';
import { airlineSuggestionsQueryOptions, airportDetailsQueryOptions } from '../search/search-api.ts';
import { useLanguage } from '../search/use-language.ts';

/**
 * City names, in the page's language, for the codes of a search (the airport call of spec 1 §7, cached for
 * the page's life): the heading, the summary and the search form say "Lima", not "LIM". Until a name
 * arrives, or when its call fails, the code stands in.
 */
export function useCityNames(codes: readonly string[]) {
  const language = useLanguage();
  const places = useQueries({ queries: [...new Set(codes)].map((code) => airportDetailsQueryOptions(code, language)) });
  return {
    cityOf: (code: string) => places.find((place) => place.data?.code === code)?.data?.cityName ?? code,
    isSettled: places.every((place) => !place.isPending),
  };
}

/** The airline a search asks for, by name (the airline autocomplete knows codes too); the code until then. */
export function useAirlineNameOf(code: string | null | undefined): string | null {
  const language = useLanguage();
  const suggestions = useQuery({ ...airlineSuggestionsQueryOptions(code ?? '', language), enabled: Boolean(code) });
  if (!code) return null;
  return suggestions.data?.find((airline) => airline.code.toUpperCase() === code.toUpperCase())?.name ?? code.toUpperCase();
}
