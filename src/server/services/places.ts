import type { Language } from '../../contract/common.ts';
import type { AirportSuggestion } from '../../contract/places.ts';
import { airportNameIn, countryNameIn } from '../supply/place-names.ts';
import { airportCatalogue, distanceKm, type Airport, type City } from '../supply/airports.ts';
import type { Supplier } from '../supply/port.ts';
import { ApiFailure } from '../errors.ts';
import { findEngine } from './engines.ts';
import type { AppDeps } from '../deps.ts';

/** Lower case without accents, so 'Bogota' finds Bogotá and 'sao' finds São Paulo. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

interface Entry {
  code: string;
  type: 'C' | 'A';
  city: Record<Language, string>;
  name: Record<Language, string>;
  countryCode: string;
  countryName: Record<Language, string>;
  /** Folded words of names and cities in both languages, for prefix matches. */
  words: string[];
  served: boolean;
}

let index: Entry[] | null = null;

const countryNamesOf = (airport: Airport | undefined, countryCode: string): Record<Language, string> =>
  airport ? { en: countryNameIn(airport, 'en'), es: countryNameIn(airport, 'es') } : { en: countryCode, es: countryCode };

function entries(supplier: Supplier): Entry[] {
  if (index) return index;
  const catalogue = airportCatalogue();
  const words = (...texts: string[]) => [...new Set(texts.flatMap((text) => foldText(text).split(/[^a-z0-9]+/)).filter(Boolean))];
  const fullNames = (...texts: string[]) => texts.map(foldText);
  const cities: Entry[] = [...catalogue.cities.values()].map((city: City) => ({
    code: city.code,
    type: 'C',
    city: city.name,
    name: { en: `${city.name.en} (all airports)`, es: `${city.name.es} (todos los aeropuertos)` },
    countryCode: city.countryCode,
    countryName: countryNamesOf(catalogue.airports.get(city.airports[0] ?? ''), city.countryCode),
    words: [...words(city.name.en, city.name.es), ...fullNames(city.name.en, city.name.es)],
    served: true,
  }));
  const airports: Entry[] = [...catalogue.airports.values()].map((airport: Airport) => ({
    code: airport.code,
    type: 'A',
    city: airport.city,
    name: { en: airportNameIn(airport, 'en'), es: airportNameIn(airport, 'es') },
    countryCode: airport.countryCode,
    countryName: countryNamesOf(airport, airport.countryCode),
    words: [...words(airport.name, airport.city.en, airport.city.es), ...fullNames(airport.city.en, airport.city.es)],
    served: supplier.servesAirport(airport.code),
  }));
  index = [...cities, ...airports];
  return index;
}

const toSuggestion = (entry: Entry, language: Language): AirportSuggestion => ({
  code: entry.code,
  name: entry.name[language],
  cityName: entry.city[language],
  countryCode: entry.countryCode,
  countryName: entry.countryName[language],
  type: entry.type,
});

/** Airports within this many kilometres of the typed place are offered beside it (issue 21). */
export const NEARBY_RADIUS_KM = 150;
/** At most this many nearby airports join the suggestions. */
export const MAX_NEARBY_AIRPORTS = 4;

/**
 * The airports the supplier sells within NEARBY_RADIUS_KM of a city's airports' centre or of an
 * airport, nearest first, leaving out the code's own airports and `exclude`; each with whether it
 * belongs to the same metropolitan city and its rounded distance.
 */
export function airportsNear(supplier: Supplier, code: string, exclude: ReadonlySet<string> = new Set()) {
  const catalogue = airportCatalogue();
  const own = catalogue.expand(code).flatMap((airportCode) => catalogue.airports.get(airportCode) ?? []);
  if (own.length === 0) return [];
  const centre = {
    latitude: own.reduce((sum, airport) => sum + airport.latitude, 0) / own.length,
    longitude: own.reduce((sum, airport) => sum + airport.longitude, 0) / own.length,
  };
  const city = catalogue.cities.has(code) ? code : (own[0]?.cityCode ?? code);
  const ownCodes = new Set(own.map((airport) => airport.code));
  return [...catalogue.airports.values()]
    .filter((airport) => airport.kind === 'airport' && !ownCodes.has(airport.code) && !exclude.has(airport.code) && supplier.servesAirport(airport.code))
    .map((airport) => ({ airport, sameCity: airport.cityCode === city, exact: distanceKm(centre, airport) }))
    .filter(({ exact }) => exact <= NEARBY_RADIUS_KM)
    .map(({ airport, sameCity, exact }) => ({ airport, sameCity, distanceKm: Math.round(exact) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.airport.code.localeCompare(b.airport.code));
}

/**
 * The airports sold near the best match: for a city, those of other cities (its own airports are
 * the city); for an airport, the other airports of its city (near its code) and the rest (near its city).
 */
function nearbySuggestions(supplier: Supplier, anchor: Entry, exclude: ReadonlySet<string>, language: Language): AirportSuggestion[] {
  const byCode = new Map(entries(supplier).filter((entry) => entry.type === 'A').map((entry) => [entry.code, entry]));
  return airportsNear(supplier, anchor.code, exclude)
    .filter(({ sameCity }) => !(sameCity && anchor.type === 'C'))
    .slice(0, MAX_NEARBY_AIRPORTS)
    .flatMap(({ airport, sameCity, distanceKm: distance }) => {
      const entry = byCode.get(airport.code);
      return entry ? [{ ...toSuggestion(entry, language), nearbyOf: sameCity ? anchor.code : anchor.city[language], distanceKm: distance }] : [];
    });
}

/**
 * Airport autocomplete by code, city or name, accent-insensitive, in es or en. Cities (type C)
 * come first, then airports (type A); within each, exact codes, then airports the supplier
 * sells, then by name. From three characters on, the airports sold near the best match follow,
 * marked with the place they are near and how far.
 */
export function suggestAirports(supplier: Supplier, query: string, language: Language, limit = 10): AirportSuggestion[] {
  const folded = foldText(query.trim());
  const upper = query.trim().toUpperCase();
  const scored: Array<{ entry: Entry; score: number }> = [];
  for (const entry of entries(supplier)) {
    const codeMatch = entry.code === upper;
    const textMatch = entry.words.some((word) => word.startsWith(folded));
    if (!codeMatch && !textMatch) continue;
    const score = (entry.type === 'C' ? 0 : 100) + (codeMatch ? 0 : 10) + (entry.served ? 0 : 50);
    scored.push({ entry, score });
  }
  const matches = scored
    .sort((a, b) => a.score - b.score || a.entry.city[language].localeCompare(b.entry.city[language]) || a.entry.code.localeCompare(b.entry.code))
    .map(({ entry }) => entry);
  const anchor = matches[0];
  const nearby =
    anchor && folded.length >= 3
      ? nearbySuggestions(supplier, anchor, new Set(matches.filter((entry) => entry.type === 'A').map((entry) => entry.code)), language)
      : [];
  return [...matches.slice(0, limit - nearby.length).map((entry) => toSuggestion(entry, language)), ...nearby];
}

export function suggestAirlines(supplier: Supplier, query: string, limit = 10) {
  const folded = foldText(query.trim());
  const upper = query.trim().toUpperCase();
  return supplier
    .airlines()
    .filter((airline) => airline.code === upper || foldText(airline.name).split(/\s+/).some((word) => word.startsWith(folded)))
    .sort((a, b) => Number(b.code === upper) - Number(a.code === upper) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** One airport or city code, for the search form (GET /api/airport/{code}/{lang}). */
export function airportDetails(code: string, language: Language) {
  const catalogue = airportCatalogue();
  const city = catalogue.cities.get(code);
  if (city) {
    const first = catalogue.airports.get(city.airports[0] ?? '');
    return {
      code: city.code,
      name: city.name[language],
      cityName: city.name[language],
      cityCode: city.code,
      countryCode: city.countryCode,
      countryName: countryNamesOf(first, city.countryCode)[language],
      timeZone: null,
      type: 'C' as const,
      airports: city.airports,
    };
  }
  const airport = catalogue.airports.get(code);
  if (!airport) throw new ApiFailure(404, 'AIRPORT_NOT_FOUND', `No airport or city has the code ${code}.`);
  return {
    code: airport.code,
    name: airportNameIn(airport, language),
    cityName: airport.city[language],
    cityCode: airport.cityCode,
    countryCode: airport.countryCode,
    countryName: countryNameIn(airport, language),
    timeZone: airport.timeZone,
    type: 'A' as const,
    airports: [airport.code],
  };
}

/** The airport with the nonstop destinations sold from it (GET /api/engines/airports/{code}). */
export function engineAirport(supplier: Supplier, code: string, language: Language) {
  const details = airportDetails(code, language);
  const destinations = details.airports.flatMap((airport) => supplier.nonstopDestinations(airport));
  return { ...details, destinations };
}

/** The terminal's active airline banners for airlines that fly the route (spec 1 §4). */
export async function bannersForRoute(deps: AppDeps, terminalId: string, origin: string, destination: string) {
  const engine = await findEngine(deps, terminalId);
  const serving = new Set(deps.supplier.airlinesServing(origin, destination));
  return engine.bannersByAirlines.filter((banner) => banner.active && serving.has(banner.airlineCode));
}
