import { useQueries, useQuery } from '@tanstack/react-query';
import { airlineSuggestionsQueryOptions, airportDetailsQueryOptions } from './search-api.ts';
import { useLanguage } from './use-language.ts';

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

/** An airport as a search answer carries it: its code, and a description in the supplier's words. */
export interface DescribedPlace {
  code: string;
  description: string;
}

/**
 * "Lima, Aeropuerto Internacional Jorge Chávez, Perú": a place described in the page's language from the
 * airport call (the search answer's description is the supplier's, in one language); the answer's own
 * words until the call has answered, or if it cannot.
 */
export function usePlaceDescription(place: DescribedPlace): string {
  const language = useLanguage();
  const details = useQuery(airportDetailsQueryOptions(place.code, language)).data;
  if (!details) return place.description;
  return details.type === 'C' ? `${details.cityName}, ${details.countryName}` : `${details.cityName}, ${details.name}, ${details.countryName}`;
}

/** The city of a place in the page's language ("Nueva York" for JFK); the description's first part until then. */
export function usePlaceCity(place: DescribedPlace | undefined): string {
  const language = useLanguage();
  const details = useQuery({ ...airportDetailsQueryOptions(place?.code ?? '', language), enabled: Boolean(place) }).data;
  if (!place) return '';
  return details?.cityName ?? (place.description.split(',')[0]?.trim() || place.code);
}

/** An airport code whose hover title describes it in the page's language. */
export function PlaceCode({ place }: { place: DescribedPlace }) {
  return <abbr title={usePlaceDescription(place)}>{place.code}</abbr>;
}
