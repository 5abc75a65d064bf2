import type { ResultsSearchState } from '../features/results/results-url.ts';

/** The Lima–Cusco round trip the fixtures price, as the results URL describes it. */
export function roundTripSearch(overrides: Partial<ResultsSearchState> = {}): ResultsSearchState {
  return {
    flightType: 'RT',
    itinerary: [
      { origin: 'LIM', destination: 'CUZ', date: '2026-12-18' },
      { origin: 'CUZ', destination: 'LIM', date: '2026-12-26' },
    ],
    passengers: { adults: 2, children: 1, infants: 1 },
    cabinType: null,
    airline: null,
    corporateCode: null,
    terminalId: null,
    token: null,
    business: false,
    redirectId: null,
    flexible: false,
    cond: null,
    ...overrides,
  };
}
