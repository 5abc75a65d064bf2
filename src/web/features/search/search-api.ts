import { queryOptions } from '@tanstack/react-query';
import type { Language } from '../../../contract/common.ts';
import { airlineSuggestionsResponseSchema, airportDetailsResponseSchema, airportSuggestionsResponseSchema } from '../../../contract/places.ts';
import { apiGet } from '../../lib/api.ts';

/** The airport autocomplete call the autocomplete machine's `suggestAirports` actor makes. */
export function suggestAirports(text: string, language: Language, signal?: AbortSignal) {
  const query = new URLSearchParams({ language, query: text });
  return apiGet(`/autocomplete/airports/search?${query}`, airportSuggestionsResponseSchema, signal).then((answer) => answer.data);
}

/** The server refuses airline queries shorter than this. */
export const MIN_AIRLINE_QUERY_LENGTH = 2;

export const airlineSuggestionsQueryOptions = (text: string, language: Language) =>
  queryOptions({
    queryKey: ['airline-suggestions', language, text.trim().toLowerCase()],
    queryFn: ({ signal }) =>
      apiGet(`/autocomplete/airlines/search?${new URLSearchParams({ language, query: text.trim() })}`, airlineSuggestionsResponseSchema, signal).then(
        (answer) => answer.data,
      ),
    enabled: text.trim().length >= MIN_AIRLINE_QUERY_LENGTH,
    staleTime: Infinity,
  });

/** One airport or city (spec 1 §7: called for origin and destination to fill the summary form). */
export const airportDetailsQueryOptions = (code: string, language: Language) =>
  queryOptions({
    queryKey: ['airport', code, language],
    queryFn: ({ signal }) => apiGet(`/airport/${encodeURIComponent(code)}/${language}`, airportDetailsResponseSchema, signal).then((answer) => answer.data),
    staleTime: Infinity,
    retry: false,
  });
