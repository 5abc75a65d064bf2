/**
 * A few airports and cities as the sandbox's GET /api/airport/{code}/{lang} answers them (taken from
 * src/server/services/places.ts and src/server/supply/place-names.ts), and its airlines: what the mock autocomplete and airport calls serve.
 */
import type { Language } from '../../contract/common.ts';

interface MockPlace {
  code: string;
  type: 'C' | 'A';
  name: Record<Language, string>;
  city: Record<Language, string>;
  cityCode: string;
  countryCode: string;
  countryName: Record<Language, string>;
  timeZone: string | null;
  airports: string[];
  /** Offered after the place with this code is the best match, as the server offers airports within 150 km. */
  nearby?: { anchor: string; of: Record<Language, string>; distanceKm: number };
}

export const mockPlaces: MockPlace[] = [
  { code: 'NYC', type: 'C', name: { en: "New York", es: "Nueva York" }, city: { en: "New York", es: "Nueva York" }, cityCode: 'NYC', countryCode: 'US', countryName: { en: "United States", es: "Estados Unidos" }, timeZone: null, airports: ["JFK", "EWR", "LGA"] },
  { code: 'EZE', type: 'A', name: { en: "Ministro Pistarini International Airport", es: "Aeropuerto Internacional Ministro Pistarini" }, city: { en: "Buenos Aires", es: "Buenos Aires" }, cityCode: 'BUE', countryCode: 'AR', countryName: { en: "Argentina", es: "Argentina" }, timeZone: "America/Argentina/Buenos_Aires", airports: ["EZE"] },
  { code: 'LIM', type: 'A', name: { en: "Jorge Chávez International Airport", es: "Aeropuerto Internacional Jorge Chávez" }, city: { en: "Lima", es: "Lima" }, cityCode: 'LIM', countryCode: 'PE', countryName: { en: "Peru", es: "Perú" }, timeZone: "America/Lima", airports: ["LIM"] },
  { code: 'CUZ', type: 'A', name: { en: "Alejandro Velasco Astete International Airport", es: "Aeropuerto Internacional Alejandro Velasco Astete" }, city: { en: "Cusco", es: "Cusco" }, cityCode: 'CUZ', countryCode: 'PE', countryName: { en: "Peru", es: "Perú" }, timeZone: "America/Lima", airports: ["CUZ"] },
  { code: 'AQP', type: 'A', name: { en: "Rodríguez Ballón International Airport", es: "Aeropuerto Internacional Rodríguez Ballón" }, city: { en: "Arequipa", es: "Arequipa" }, cityCode: 'AQP', countryCode: 'PE', countryName: { en: "Peru", es: "Perú" }, timeZone: "America/Lima", airports: ["AQP"] },
  { code: 'MIA', type: 'A', name: { en: "Miami International Airport", es: "Aeropuerto Internacional de Miami" }, city: { en: "Miami", es: "Miami" }, cityCode: 'MIA', countryCode: 'US', countryName: { en: "United States", es: "Estados Unidos" }, timeZone: "America/New_York", airports: ["MIA"] },
  { code: 'BOG', type: 'A', name: { en: "El Dorado International Airport", es: "Aeropuerto Internacional El Dorado" }, city: { en: "Bogotá", es: "Bogotá" }, cityCode: 'BOG', countryCode: 'CO', countryName: { en: "Colombia", es: "Colombia" }, timeZone: "America/Bogota", airports: ["BOG"] },
  { code: 'JFK', type: 'A', name: { en: "John F. Kennedy International Airport", es: "Aeropuerto Internacional John F. Kennedy" }, city: { en: "New York", es: "Nueva York" }, cityCode: 'NYC', countryCode: 'US', countryName: { en: "United States", es: "Estados Unidos" }, timeZone: "America/New_York", airports: ["JFK"] },
  { code: 'EWR', type: 'A', name: { en: "Newark Liberty International Airport", es: "Aeropuerto Internacional Newark Liberty" }, city: { en: "New York", es: "Nueva York" }, cityCode: 'NYC', countryCode: 'US', countryName: { en: "United States", es: "Estados Unidos" }, timeZone: "America/New_York", airports: ["EWR"] },
  { code: 'LGA', type: 'A', name: { en: "La Guardia Airport", es: "Aeropuerto LaGuardia" }, city: { en: "New York", es: "Nueva York" }, cityCode: 'NYC', countryCode: 'US', countryName: { en: "United States", es: "Estados Unidos" }, timeZone: "America/New_York", airports: ["LGA"] },
  // Sold within 150 km of New York's airports: the server offers it after the New York matches, 143 km from the city.
  { code: 'PHL', type: 'A', name: { en: "Philadelphia International Airport", es: "Aeropuerto Internacional de Filadelfia" }, city: { en: "Philadelphia", es: "Filadelfia" }, cityCode: 'PHL', countryCode: 'US', countryName: { en: "United States", es: "Estados Unidos" }, timeZone: "America/New_York", airports: ["PHL"], nearby: { anchor: 'NYC', of: { en: "New York", es: "Nueva York" }, distanceKm: 143 } },
  // A city whose code is also its main airport's.
  { code: 'MEX', type: 'C', name: { en: "Mexico City (all airports)", es: "Ciudad de México (todos los aeropuertos)" }, city: { en: "Mexico City", es: "Ciudad de México" }, cityCode: 'MEX', countryCode: 'MX', countryName: { en: "Mexico", es: "México" }, timeZone: null, airports: ["MEX", "NLU"] },
  { code: 'MEX', type: 'A', name: { en: "Benito Juárez International Airport", es: "Aeropuerto Internacional Benito Juárez" }, city: { en: "Mexico City", es: "Ciudad de México" }, cityCode: 'MEX', countryCode: 'MX', countryName: { en: "Mexico", es: "México" }, timeZone: "America/Mexico_City", airports: ["MEX"] },
];

export const mockAirlines = [
  { code: 'LA', name: 'LATAM Airlines' },
  { code: 'H2', name: 'Sky Airline' },
  { code: 'JA', name: 'JetSMART' },
  { code: 'JZ', name: 'JetSMART Perú' },
  { code: 'AV', name: 'Avianca' },
  { code: 'CM', name: 'Copa Airlines' },
  { code: 'AR', name: 'Aerolíneas Argentinas' },
  { code: 'UX', name: 'Air Europa' },
  { code: 'DM', name: 'Arajet' },
  { code: 'UA', name: 'United Airlines' },
  { code: 'B6', name: 'JetBlue' },
  { code: 'AA', name: 'American Airlines' },
  { code: 'IB', name: 'Iberia' },
  { code: 'AM', name: 'Aeroméxico' },
];
