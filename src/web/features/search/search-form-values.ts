import type { AirportRef, SearchFormValues } from '../../../../machines/search-form.rules.ts';
import type { SearchState } from '../results/results-url.ts';

/** Where the search is made from: these travel with it into the results URL. */
export interface SearchOrigin {
  business: boolean;
  terminalId: string | null;
  token: string | null;
}

/**
 * The form's values as a search (spec 1 §2 "Search navigation"). Cabin I means "no preference" and is
 * not sent; a round trip's return leg flies the outbound backwards. Call it only with values the
 * search form machine accepted, so every place and date is present.
 */
export function searchFromFormValues(values: SearchFormValues, origin: SearchOrigin): SearchState {
  const code = (place: AirportRef | null) => place?.code ?? '';
  const legs =
    values.flightType === 'MC'
      ? values.legs.map((leg) => ({ origin: code(leg.origin), destination: code(leg.destination), date: leg.date ?? '' }))
      : [{ origin: code(values.origin), destination: code(values.destination), date: values.startDate ?? '' }];
  const [outbound] = legs;
  const itinerary =
    values.flightType === 'RT' && outbound
      ? [outbound, { origin: outbound.destination, destination: outbound.origin, date: values.endDate ?? '' }]
      : legs;
  return {
    flightType: values.flightType,
    itinerary,
    passengers: values.passengers,
    cabinType: values.cabin === 'I' ? null : values.cabin,
    airline: values.airline?.code ?? null,
    corporateCode: values.corporateCode,
    ...origin,
  };
}

/** A search (read from a results URL) as the form's starting values; `describe` names each place code. */
export function formValuesFromSearch(search: SearchState, describe: (code: string) => string): Partial<SearchFormValues> {
  const place = (code: string): AirportRef => ({ code, description: describe(code) });
  const [outbound, back] = search.itinerary;
  const common: Partial<SearchFormValues> = {
    flightType: search.flightType,
    passengers: search.passengers,
    cabin: search.cabinType ?? 'I',
    airline: search.airline ? { code: search.airline, name: search.airline } : null,
    corporateCode: search.corporateCode,
  };
  if (search.flightType === 'MC') {
    return { ...common, legs: search.itinerary.map((leg) => ({ origin: place(leg.origin), destination: place(leg.destination), date: leg.date })) };
  }
  return {
    ...common,
    origin: outbound ? place(outbound.origin) : null,
    destination: outbound ? place(outbound.destination) : null,
    startDate: outbound?.date ?? null,
    endDate: search.flightType === 'RT' ? (back?.date ?? null) : null,
  };
}
