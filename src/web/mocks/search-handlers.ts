/**
 * The search side of the mock API: flight search, airport and airline autocomplete and airport details,
 * answering like the sandbox server (docs/sandbox.md, docs/agency-tokens.md) from the contract's fixtures.
 */
import { http, HttpResponse } from 'msw';
import { Temporal } from 'temporal-polyfill';
import { languageOr, TOKEN_EXEMPT_TERMINAL_ID, type Language } from '../../contract/common.ts';
import { engineSchema } from '../../contract/engine.ts';
import { engineFixtures } from '../../contract/fixtures/engines.ts';
import { aerolineasPromoSearch, limaCuscoRoundTripSearch } from '../../contract/fixtures/search.ts';
import {
  airlineSuggestionsResponseSchema,
  airportDetailsResponseSchema,
  airportSuggestionsResponseSchema,
  autocompleteQuerySchema,
} from '../../contract/places.ts';
import {
  FLEXIBLE_WINDOW_DAYS,
  recommendationSchema,
  searchRequestSchema,
  packSearchResponse,
  searchResponseSchema,
  type FlexibleDates,
  type Recommendation,
  type SearchRequest,
  type SearchResponse,
} from '../../contract/search.ts';
import { mockAirlines, mockPlaces } from './places.ts';

/** The agency token the mock API accepts (the real one is signed, see docs/agency-tokens.md). */
export const mockAgencyToken = 'mock-agency-token';

/** The sandbox's test corporate codes (docs/sandbox.md): no results, and a provider timeout. */
export const mockCorporateCodes = { empty: 'SBXEMPTY', timeout: 'SBXTIMEOUT' } as const;

/** How many offers a mock search answers: enough for three pages of the results list. */
export const MOCK_OFFER_COUNT = 30;

/**
 * The fixture holds six real offers; pages need more, so rounds of copies follow, each with its own
 * id and a total US$ 10 dearer per round (parsed again, so the copies stay contract-shaped).
 */
export const mockRecommendations: Recommendation[] = Array.from({ length: MOCK_OFFER_COUNT }, (_, index) => {
  const source = limaCuscoRoundTripSearch.data[index % limaCuscoRoundTripSearch.data.length]!;
  const round = Math.floor(index / limaCuscoRoundTripSearch.data.length);
  if (round === 0) return source;
  const extra = round * 10;
  return recommendationSchema.parse({
    ...source,
    id: `${source.id}.copy${round}`,
    pricing: { ...source.pricing, total: source.pricing.total + extra, base: source.pricing.base + extra, recommendedByAirline: false },
  });
});

const cheapestTotal = Math.min(...mockRecommendations.map((offer) => offer.pricing.total));

/** Flexible dates around the searched ones: a price per day (one way) or per pair (round trip), dearer further out. */
export function mockFlexibleDates(request: SearchRequest): FlexibleDates | null {
  const [outbound, back] = request.itinerary;
  if (!outbound || request.flightType === 'MC') return null;
  const offsets = Array.from({ length: 2 * FLEXIBLE_WINDOW_DAYS + 1 }, (_, index) => index - FLEXIBLE_WINDOW_DAYS);
  const shift = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();
  const priceAt = (...distances: number[]) => Math.round((cheapestTotal + distances.reduce((sum, days) => sum + 15 * Math.abs(days), 0)) * 100) / 100;
  if (request.flightType === 'OW' || !back) {
    return { type: 'OW', days: offsets.map((days) => ({ date: shift(outbound.date, days), total: priceAt(days) })) };
  }
  const cells = offsets.flatMap((outDays) =>
    offsets.map((backDays) => {
      const departureDate = shift(outbound.date, outDays);
      const returnDate = shift(back.date, backDays);
      const total = Temporal.PlainDate.compare(returnDate, departureDate) > 0 ? priceAt(outDays, backDays) : null;
      return { departureDate, returnDate, total };
    }),
  );
  return { type: 'RT', cells };
}

const mockEngines = engineFixtures.map((engine) => engineSchema.parse(engine));
const needsToken = (terminalId: string) => {
  const engine = mockEngines.find((candidate) => candidate.id === terminalId);
  return engine?.isAgency === true && engine.id !== TOKEN_EXEMPT_TERMINAL_ID;
};

/** The answer as the server sends it: checked against the contract, then packed (each flight once). */
const searchAnswer = (response: SearchResponse) => HttpResponse.json(packSearchResponse(searchResponseSchema.parse(response)));

const apiError = (status: number, code: string | number, message: string) => HttpResponse.json({ status, code, message, errors: [] }, { status });

const languageOf = (url: URL): Language => languageOr('es', url.searchParams.get('language') ?? undefined);
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const searchHandlers = [
  http.post('/api/flights/search', async ({ request }) => {
    const parsed = searchRequestSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return apiError(400, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Bad search parameters');
    const search = parsed.data;
    if (needsToken(search.terminalId)) {
      if (!search.token) return apiError(402, 402, 'Token inexistente');
      if (search.token !== mockAgencyToken) return apiError(401, 401, 'Token inválido');
    }
    if (search.corporateCode === mockCorporateCodes.timeout) return apiError(504, 504, 'The provider did not answer in time');
    if (search.corporateCode === mockCorporateCodes.empty) {
      return searchAnswer({ status: 204, data: [], flexible: null });
    }
    const flexible = search.flexible ? mockFlexibleDates(search) : null;
    // Lima–Buenos Aires: Aerolíneas Argentinas' Promo, a basic fare spec 1 §5 forces to one carry-on.
    if (search.itinerary[0]?.destination === 'EZE') return searchAnswer({ ...aerolineasPromoSearch, flexible });
    return searchAnswer({ status: 200, data: mockRecommendations, flexible });
  }),
  http.get('/api/autocomplete/airports/search', ({ request }) => {
    const url = new URL(request.url);
    const query = autocompleteQuerySchema.safeParse({ language: url.searchParams.get('language') ?? undefined, query: url.searchParams.get('query') });
    if (!query.success) return apiError(400, 'BAD_REQUEST', 'Type at least 2 characters');
    const language = languageOf(url);
    const wanted = fold(query.data.query);
    const matches = mockPlaces
      // By a word, or by the whole city name ("nueva york"), as the server matches.
      .filter((place) => [...fold(`${place.code} ${place.city[language]} ${place.name[language]}`).split(/\s+/), fold(place.city[language])].some((word) => word.startsWith(wanted)))
      // Cities (several airports) come before airports, as the server orders them.
      .sort((a, b) => Number(a.type === 'A') - Number(b.type === 'A'));
    // From three characters on, the airports near the best match follow it, marked with how far they are.
    const anchor = wanted.length >= 3 ? matches[0] : undefined;
    const nearby = anchor ? mockPlaces.filter((place) => place.nearby?.anchor === anchor.code && !matches.includes(place)) : [];
    const data = [...matches, ...nearby].map((place) => ({
      code: place.code,
      name: place.name[language],
      cityName: place.city[language],
      countryCode: place.countryCode,
      countryName: place.countryName[language],
      type: place.type,
      ...(place.nearby && nearby.includes(place) ? { nearbyOf: place.nearby.of[language], distanceKm: place.nearby.distanceKm } : {}),
    }));
    return HttpResponse.json(airportSuggestionsResponseSchema.parse({ status: 200, data }));
  }),
  http.get('/api/autocomplete/airlines/search', ({ request }) => {
    const text = fold(new URL(request.url).searchParams.get('query') ?? '');
    const data = mockAirlines.filter((airline) => fold(airline.code) === text || fold(airline.name).split(/\s+/).some((word) => word.startsWith(text)));
    return HttpResponse.json(airlineSuggestionsResponseSchema.parse({ status: 200, data }));
  }),
  http.get('/api/airport/:code/:lang', ({ params }) => {
    const language = languageOr('es', params.lang);
    const place = mockPlaces.find((candidate) => candidate.code === String(params.code).toUpperCase());
    if (!place) return apiError(404, 'AIRPORT_NOT_FOUND', `No airport or city has the code ${String(params.code)}.`);
    const { name, city, countryName, ...rest } = place;
    return HttpResponse.json(airportDetailsResponseSchema.parse({ status: 200, data: { ...rest, name: name[language], cityName: city[language], countryName: countryName[language] } }));
  }),
];
