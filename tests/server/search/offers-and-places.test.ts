import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannersResponseSchema } from '../../../src/contract/agency.ts';
import { brandedFaresResponseSchema, extrasResponseSchema, fareFamiliesResponseSchema } from '../../../src/contract/fares.ts';
import { airlineSuggestionsResponseSchema, airportDetailsResponseSchema, airportSuggestionsResponseSchema, engineAirportResponseSchema } from '../../../src/contract/places.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import type { OfferSelection } from '../../../src/server/supply/port.ts';
import { airportCatalogue } from '../../../src/server/supply/airports.ts';
import { airportDescriptionIn, airportNameIn, airportsWithSpanishNames, countryNameIn } from '../../../src/server/supply/place-names.ts';
import { sandboxSupplier, searchedOffers, startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const offers = (body: Record<string, unknown>) => searchedOffers(api, body);
const limCuz = { itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-10' }] };

describe('fare families, branded fares and extras', () => {
  it('prices every family of the offer’s airline with its matrix, entry brand first', async () => {
    const offer = (await offers({ ...limCuz, airline: { code: 'LA' } }))[0] as Recommendation;
    const response = await api.json('/api/flights/family_fares', { id: offer.id });
    const { data } = fareFamiliesResponseSchema.parse(await response.json());
    expect(data.fares.map((fare) => fare.code)).toEqual(['QP', 'SL', 'SE', 'SF']);
    expect(data.fares[0]?.pricing.total).toBe(offer.pricing.total);
    const totals = data.fares.map((fare) => fare.pricing.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const checked = data.matrix.find((row) => row.code === 'CHECKED_BAG');
    expect(checked?.elements.map((element) => element.indicator)).toEqual(['CHA', 'CHA', 'INC', 'INC']);
    expect(data.fares[2]?.baggage).toEqual({ includes: true, value: '1' });
    // Choosing a family gives an offer id that prices that family.
    const chosen = await api.json('/api/flights/family_fares', { id: data.fares[2]?.offerId });
    expect(fareFamiliesResponseSchema.parse(await chosen.json()).data.fares[2]?.pricing.total).toBe(data.fares[2]?.pricing.total);
  });

  it('keeps the spec’s special entry brands without carry-on (H2 ZERO, JZ G3) and DM COMFORT with a bag but no carry-on', async () => {
    const all = await offers(limCuz);
    const entry = (airline: string) => all.find((offer) => offer.pricing.validatingAirline === airline)?.itinerary[0]?.flights[0];
    expect(entry('H2')?.brandedFare?.brandID).toBe('ZERO');
    expect(entry('H2')?.handBaggage.pieces).toBe(0);
    expect(entry('JZ')?.brandedFare?.brandID).toBe('G3');
    const catalogue = brandedFaresResponseSchema.parse(await (await api.request('/api/flights/branded_fares')).json()).data;
    const codes = Object.fromEntries(catalogue.map((airline) => [airline.airlineCode, airline.brandedFares.map((brand) => brand.code)]));
    for (const [airline, code] of [['H2', 'ZERO'], ['LA', 'QP'], ['UA', 'ECOBASIC'], ['B6', 'DN'], ['AV', 'XS'], ['JA', 'G3'], ['JZ', 'G3'], ['DM', 'COMFORT']]) {
      expect(codes[airline as string]).toContain(code);
    }
    expect(catalogue.find((airline) => airline.airlineCode === 'CM')?.brandedFares[0]?.copaCode).toBe('BASIC');
  });

  it('picks another flight of the same offer for family fares, and refuses one from elsewhere', async () => {
    const offer = (await offers({ ...limCuz, airline: { code: 'LA' } })).find((candidate) => (candidate.itinerary[0]?.flights.length ?? 0) > 1) as Recommendation;
    const second = offer.itinerary[0]?.flights[1]?.id as string;
    const response = await api.json('/api/flights/family_fares', { id: offer.id, flightIds: [second] });
    expect(fareFamiliesResponseSchema.parse(await response.json()).data.fares[0]?.flights).toEqual([second]);
    const foreign = await api.json('/api/flights/family_fares', { id: offer.id, flightIds: ['LA2000:LIMMIA:20261210'] });
    expect(foreign.status).toBe(400);
  });

  it('lists bags and seats with prices, a carry-on only where the brand lacks one', async () => {
    const offer = (await offers({ ...limCuz, airline: { code: 'H2' } }))[0] as Recommendation;
    const { data } = extrasResponseSchema.parse(await (await api.json('/api/flights/extras', { id: offer.id })).json());
    expect(data.baggage.map((bag) => bag.code)).toEqual(['CARRYON10', 'BAG23', 'BAG23X2']);
    expect(data.seats.map((seat) => seat.kind)).toEqual(['standard', 'extra-legroom']);
  });
});

describe('supplier scenarios for checkout', () => {
  const selection = (offer: Recommendation): OfferSelection => ({ offerId: offer.id, today: '2026-11-21', now: api.deps.now().getTime(), agency: false });

  it('reprices SBXFARECHANGE offers 7% higher and books them only after the change is accepted', async () => {
    const offer = (await offers({ ...limCuz, corporateCode: 'SBXFARECHANGE' }))[0] as Recommendation;
    const supplier = sandboxSupplier();
    const priced = await supplier.price(selection(offer));
    expect(priced.previousTotal).toBe(offer.pricing.total);
    expect(priced.offer.pricing.total).toBeGreaterThan(offer.pricing.total);
    const passengers = [{ type: 'ADT' as const, firstName: 'Ana', lastName: 'Quispe' }];
    const refused = await supplier.book({ reference: 'test-booking', selection: selection(offer), passengers, seats: [], attempt: 1, acceptFareChange: false });
    expect(refused).toMatchObject({ kind: 'fare-changed', code: 1002, previousTotal: offer.pricing.total });
    const accepted = await supplier.book({ reference: 'test-booking', selection: selection(offer), passengers, seats: [], attempt: 2, acceptFareChange: true });
    expect(accepted).toMatchObject({ kind: 'confirmed', total: priced.offer.pricing.total });
  });

  it('answers each booking scenario by the lead passenger’s last name, deterministically', async () => {
    const offer = (await offers(limCuz))[0] as Recommendation;
    const supplier = sandboxSupplier();
    const book = (lastName: string, attempt = 1, seats: Array<{ segmentIndex: number; seat: string }> = []) =>
      supplier.book({ reference: 'test-booking', selection: selection(offer), passengers: [{ type: 'ADT', firstName: 'Ana', lastName }], seats, attempt, acceptFareChange: false });
    expect(await book('Duplicate')).toEqual({ kind: 'duplicate', code: 1000 });
    expect(await book('Unavailable')).toEqual({ kind: 'segments-unavailable', code: 1001 });
    expect(await book('Farechange')).toMatchObject({ kind: 'fare-changed', code: 1002 });
    expect(await book('Blocked')).toEqual({ kind: 'attempt-limit', code: 1007 });
    expect(await book('Intermittent')).toEqual({ kind: 'provider-intermittence', code: 1303 });
    expect(await book('Intermittent', 2)).toMatchObject({ kind: 'confirmed' });
    expect(await book('Quispe', 1, [{ segmentIndex: 0, seat: '7c' }])).toEqual({ kind: 'seat-taken', seat: '7c' });
    const confirmed = await book('Quispe');
    expect(confirmed).toEqual(await book('Quispe'));
    expect(confirmed).toMatchObject({ kind: 'confirmed', locator: expect.stringMatching(/^[A-Z0-9]{6}$/), total: offer.pricing.total });
  });
});

describe('airports, airlines and banners', () => {
  const suggest = async (query: string, language = 'es') =>
    airportSuggestionsResponseSchema.parse(await (await api.request(`/api/autocomplete/airports/search?language=${language}&query=${encodeURIComponent(query)}`)).json()).data;

  it('puts cities (C) before airports (A), in the chosen language', async () => {
    const york = await suggest('nueva york');
    expect(york[0]).toMatchObject({ code: 'NYC', type: 'C', cityName: 'Nueva York' });
    expect(york.slice(1).map((item) => item.code)).toEqual(expect.arrayContaining(['JFK', 'EWR', 'LGA']));
    const types = york.map((item) => item.type);
    expect(types.lastIndexOf('C')).toBeLessThan(types.indexOf('A'));
    expect((await suggest('new york', 'en'))[0]).toMatchObject({ code: 'NYC', cityName: 'New York' });
  });

  it('matches without accents, by code and by airport name, airports with flights first', async () => {
    expect((await suggest('bogota'))[0]).toMatchObject({ code: 'BOG', cityName: 'Bogotá' });
    expect((await suggest('sao paulo'))[0]).toMatchObject({ code: 'SAO', type: 'C' });
    expect((await suggest('LIM'))[0]).toMatchObject({ code: 'LIM', cityName: 'Lima' });
    expect((await suggest('chavez')).map((item) => item.code)).toContain('LIM');
    expect((await suggest('lima'))[0]?.code).toBe('LIM');
  });

  it('refuses a one-letter query with a typed 400', async () => {
    expect((await api.request('/api/autocomplete/airports/search?language=es&query=l')).status).toBe(400);
  });

  it('names every airport the sandbox sells, its city and its country in Spanish, with no English kind of place left', async () => {
    const served = [...airportCatalogue().airports.values()].filter((airport) => sandboxSupplier().servesAirport(airport.code));
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((airport) => !airportsWithSpanishNames.has(airport.code)).map((airport) => airport.code)).toEqual([]);
    const english = /\b(Airport|International|Aerodrome|Station|Island|Country of)\b/;
    const spanish = served.map((airport) => `${airport.city.es}, ${airportNameIn(airport, 'es')}, ${countryNameIn(airport, 'es')}`);
    expect(spanish.filter((description) => english.test(description))).toEqual([]);
    const madrid = (await suggest('madrid', 'es')).find((item) => item.code === 'MAD');
    expect(madrid).toMatchObject({ name: 'Aeropuerto Adolfo Suárez Madrid-Barajas', countryName: 'España' });
  });

  it('names every airport the sandbox sells in English on English pages, none in the source’s Spanish (issue 37)', async () => {
    const served = [...airportCatalogue().airports.values()].filter((airport) => sandboxSupplier().servesAirport(airport.code));
    const foreign = /^(Aeropuerto|Aeroporto|Aéroport|Aeródromo)\b/;
    expect(served.filter((airport) => foreign.test(airportNameIn(airport, 'en'))).map((airport) => airport.code)).toEqual([]);
    const sanSalvador = airportDetailsResponseSchema.parse(await (await api.request('/api/airport/SAL/en')).json()).data;
    expect(sanSalvador).toMatchObject({ name: 'El Salvador International Airport', cityName: 'San Salvador' });
    const suggested = (await suggest('salvador', 'en')).find((item) => item.code === 'SAL');
    expect(suggested).toMatchObject({ name: 'El Salvador International Airport' });
    // The offers' own descriptions too: they are the English words of a flight's airports.
    expect(airportDescriptionIn(airportCatalogue().airports.get('SAL')!, 'en')).toBe('San Salvador, El Salvador International Airport, El Salvador');
  });

  it('finds airlines by code and name', async () => {
    const read = async (query: string) =>
      airlineSuggestionsResponseSchema.parse(await (await api.request(`/api/autocomplete/airlines/search?language=en&query=${query}`)).json()).data;
    expect((await read('la'))[0]).toEqual({ code: 'LA', name: 'LATAM Airlines' });
    expect((await read('aerom')).map((airline) => airline.code)).toEqual(['AM']);
  });

  it('describes an airport or city code for the search form', async () => {
    const lima = airportDetailsResponseSchema.parse(await (await api.request('/api/airport/lim/es')).json()).data;
    expect(lima).toMatchObject({ code: 'LIM', cityName: 'Lima', name: 'Aeropuerto Internacional Jorge Chávez', countryName: 'Perú', timeZone: 'America/Lima', type: 'A' });
    const limaInEnglish = airportDetailsResponseSchema.parse(await (await api.request('/api/airport/LIM/en')).json()).data;
    expect(limaInEnglish).toMatchObject({ name: 'Jorge Chávez International Airport', countryName: 'Peru' });
    const mexico = airportDetailsResponseSchema.parse(await (await api.request('/api/airport/MEX/es')).json()).data;
    expect(mexico).toMatchObject({ type: 'C', cityName: 'Ciudad de México', airports: ['MEX', 'NLU'] });
    expect((await api.request('/api/airport/QQQ/es')).status).toBe(404);
    const engineAirport = engineAirportResponseSchema.parse(await (await api.request('/api/engines/airports/CUZ')).json()).data;
    expect(engineAirport.destinations.find((destination) => destination.code === 'LIM')?.airlines).toEqual(['H2', 'JZ', 'LA']);
  });

  it('returns the terminal’s active banners for airlines that fly the route', async () => {
    const read = async (origin: string, destination: string) =>
      bannersResponseSchema.parse(await (await api.json('/api/engines/banners', { engineCode: '9132868', origin, destination })).json()).data;
    expect((await read('LIM', 'CUZ')).map((banner) => banner.airlineCode)).toEqual(['LA']);
    expect(await read('PTY', 'SJO')).toEqual([]);
  });
});
