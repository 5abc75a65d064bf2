import { distanceKm, type Airport, type AirportCatalogue } from '../airports.ts';
import { carriers, firstCabinRoutes, type Aircraft, type Carrier } from './carriers.ts';
import { hashKey, seededRandom } from './random.ts';

/** One scheduled departure of a route: the same every day it operates (a real timetable). */
export interface Slot {
  flightNumber: string;
  /** Local departure time at the origin, minutes after midnight. */
  departureMinute: number;
  /** Bit n set = operates on ISO weekday n+1 (Monday = bit 0). */
  weekdays: number;
}

export interface TechnicalStop {
  airport: string;
  groundMinutes: number;
}

/** A directed route flown by one carrier (or sold by it when another company operates it). */
export interface Route {
  key: string;
  marketing: Carrier;
  /** The company that operates it: the marketing carrier, a codeshare partner, or a train/bus operator. */
  operatorName: string;
  operatingCarrier: Carrier | null;
  origin: Airport;
  destination: Airport;
  distanceKm: number;
  international: boolean;
  aircraft: Aircraft;
  blockMinutes: number;
  technicalStop: TechnicalStop | null;
  slots: readonly Slot[];
}

/** Airports that can take a refuelling stop on routes beyond an aircraft's comfortable range. */
const fuelStops = ['PTY', 'BOG', 'GYE', 'LIM', 'SCL', 'MIA', 'CUN', 'SDQ', 'GRU', 'MEX', 'PUJ'];

/** Taxi, climb and descent, plus cruise at the type's speed: realistic block times from distance. */
export function blockMinutesFor(distance: number, vehicle: Aircraft): number {
  const overhead = vehicle.code === 'TRN' || vehicle.code === 'BUS' ? 10 : 32;
  return Math.round((overhead + (distance * 1.05 * 60) / vehicle.cruiseKmh) / 5) * 5;
}

/** Daily frequency from distance and market: trunk domestic routes fly many times a day. */
function frequencyFor(distance: number, international: boolean, carrier: Carrier, hub: boolean): number {
  if (!international) return distance < 1_200 ? (hub ? 5 : 2) + (carrier.lowCost ? 0 : 1) : 3;
  if (distance < 2_500) return 3;
  if (distance < 6_000) return 2;
  return 1;
}

function buildSlots(routeKey: string, flightBase: number, count: number, distance: number, longHaulFromEurope: boolean): Slot[] {
  const random = seededRandom(`slots:${routeKey}`);
  const longHaul = distance > 6_000;
  // Long-haul leaves the Americas at night and Europe around midday, like real banks of departures.
  const window: readonly [number, number] = longHaul ? (longHaulFromEurope ? [10 * 60, 16 * 60] : [20 * 60, 23 * 60 + 55]) : [5 * 60 + 30, 22 * 60 + 30];
  const span = (window[1] - window[0]) / count;
  const everyDay = 0b1111111;
  return Array.from({ length: count }, (_, index) => {
    const departureMinute = Math.round((window[0] + span * index + random.next() * span * 0.8) / 5) * 5;
    // Some long-haul and thin routes skip one or two weekdays.
    const skipped = longHaul || count === 1 ? random.int(0, 2) : 0;
    let weekdays = everyDay;
    for (let skip = 0; skip < skipped; skip++) weekdays &= ~(1 << random.int(0, 6));
    return { flightNumber: String(flightBase + index * 2), departureMinute, weekdays: weekdays || everyDay };
  });
}

/** Flight numbers: 1–4 digits, even one way and odd the other, stable per carrier and city pair. */
function flightBaseFor(carrier: string, origin: string, destination: string, range: readonly [number, number]): number {
  const pair = [origin, destination].sort().join('');
  const slotsPerPair = 12;
  const buckets = Math.floor((range[1] - range[0]) / slotsPerPair);
  const base = range[0] + (hashKey(`${carrier}:${pair}`) % buckets) * slotsPerPair;
  return origin < destination ? base : base + 1;
}

function pickAircraft(carrier: Carrier, distance: number, origin: string, destination: string): Aircraft {
  const first = firstCabinRoutes.find((route) => route.carrier === carrier.code && route.between.includes(origin) && route.between.includes(destination));
  if (first) return first.aircraft;
  // Keep 10% reserve: the first type whose range covers the route, widebodies only when needed.
  return carrier.fleet.find((type) => type.rangeKm >= distance * 1.1) ?? (carrier.fleet[carrier.fleet.length - 1] as Aircraft);
}

function technicalStopFor(routeKey: string, origin: Airport, destination: Airport, aircraft: Aircraft, catalogue: AirportCatalogue): TechnicalStop | null {
  const distance = distanceKm(origin, destination);
  const beyondRange = distance > aircraft.rangeKm * 0.95;
  // A few long international flights on narrowbodies stop to refuel within range (payload limits).
  const international = origin.countryCode !== destination.countryCode;
  const payloadLimited = international && aircraft.rangeKm < 8_000 && distance > 3_500 && hashKey(`tech:${routeKey}`) % 5 === 0;
  if (!beyondRange && !payloadLimited) return null;
  let best: { airport: string; detour: number } | null = null;
  for (const code of fuelStops) {
    const stop = catalogue.airports.get(code);
    if (!stop || code === origin.code || code === destination.code) continue;
    const firstPart = distanceKm(origin, stop);
    const detour = firstPart + distanceKm(stop, destination) - distance;
    // A refuelling stop sits somewhere along the way, not next to either end.
    if (firstPart < distance * 0.25 || firstPart > distance * 0.75) continue;
    if (!best || detour < best.detour) best = { airport: code, detour };
  }
  return best && best.detour < distance * 0.25 ? { airport: best.airport, groundMinutes: 50 } : null;
}

export interface Network {
  routes: readonly Route[];
  routesFrom: ReadonlyMap<string, readonly Route[]>;
  /** Lookup for decoding offer ids: `${marketing}${number}:${origin}${destination}`. */
  routeByFlight: ReadonlyMap<string, Route>;
  /** Airports where connections are built (every carrier hub). */
  connectionPoints: ReadonlySet<string>;
}

export function buildNetwork(catalogue: AirportCatalogue): Network {
  const routes: Route[] = [];
  const seen = new Set<string>();

  const addRoute = (carrier: Carrier, from: string, to: string, hub: boolean) => {
    const key = `${carrier.code}:${from}-${to}`;
    const origin = catalogue.airports.get(from);
    const destination = catalogue.airports.get(to);
    if (seen.has(key) || !origin || !destination || from === to) return;
    seen.add(key);
    const distance = distanceKm(origin, destination);
    const international = origin.countryCode !== destination.countryCode;
    const aircraft = pickAircraft(carrier, distance, from, to);
    const technicalStop = technicalStopFor(key, origin, destination, aircraft, catalogue);
    const stopAirport = technicalStop ? catalogue.airports.get(technicalStop.airport) : undefined;
    const flownDistance = stopAirport ? distanceKm(origin, stopAirport) + distanceKm(stopAirport, destination) : distance;
    const blockMinutes = blockMinutesFor(flownDistance, aircraft) + (technicalStop?.groundMinutes ?? 0);
    const fromEurope = origin.timeZone.startsWith('Europe/');
    const frequency = frequencyFor(distance, international, carrier, hub);
    routes.push({
      key,
      marketing: carrier,
      operatorName: carrier.name,
      operatingCarrier: carrier,
      origin,
      destination,
      distanceKm: Math.round(distance),
      international,
      aircraft,
      blockMinutes,
      technicalStop,
      slots: buildSlots(key, flightBaseFor(carrier.code, from, to, [100, 2900]), frequency, distance, fromEurope),
    });
  };

  for (const carrier of carriers) {
    const hubCodes = carrier.hubs.map((network) => network.hub);
    for (const { hub, spokes } of carrier.hubs) {
      for (const spoke of spokes) {
        addRoute(carrier, hub, spoke, true);
        addRoute(carrier, spoke, hub, true);
      }
      for (const otherHub of hubCodes) addRoute(carrier, hub, otherHub, true);
    }
    for (const [from, to] of carrier.extraRoutes ?? []) {
      addRoute(carrier, from, to, false);
      addRoute(carrier, to, from, false);
    }
  }

  const byCode = new Map(carriers.map((carrier) => [carrier.code, carrier]));
  const ownRoutes = [...routes];
  // Codeshares: partners sell part of a carrier's international flying under their own numbers.
  for (const route of ownRoutes) {
    for (const partnerCode of route.marketing.codesharePartners ?? []) {
      const partner = byCode.get(partnerCode);
      if (!partner || !route.international || hashKey(`codeshare:${partnerCode}:${route.key}`) % 3 !== 0) continue;
      const key = `${partnerCode}:${route.origin.code}-${route.destination.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const base = flightBaseFor(partnerCode, route.origin.code, route.destination.code, [6000, 7990]);
      routes.push({
        ...route,
        key,
        marketing: partner,
        slots: route.slots.map((slot, index) => ({ ...slot, flightNumber: String(base + index * 2) })),
      });
    }
  }
  // Intermodal products: trains and buses sold under an airline code (equipment TRN/BUS).
  for (const carrier of carriers) {
    for (const product of carrier.ground ?? []) {
      for (const [from, to] of [
        [product.from, product.to],
        [product.to, product.from],
      ] as const) {
        const origin = catalogue.airports.get(from);
        const destination = catalogue.airports.get(to);
        if (!origin || !destination) continue;
        const key = `${carrier.code}:${from}-${to}`;
        const distance = distanceKm(origin, destination) * 1.2;
        routes.push({
          key,
          marketing: carrier,
          operatorName: product.operator,
          operatingCarrier: null,
          origin,
          destination,
          distanceKm: Math.round(distance),
          international: false,
          aircraft: product.vehicle,
          blockMinutes: blockMinutesFor(distance, product.vehicle),
          technicalStop: null,
          slots: buildSlots(key, flightBaseFor(carrier.code, from, to, [3300, 3900]), 5, distance, false),
        });
      }
    }
  }

  const routesFrom = new Map<string, Route[]>();
  const routeByFlight = new Map<string, Route>();
  for (const route of routes) {
    const list = routesFrom.get(route.origin.code) ?? [];
    list.push(route);
    routesFrom.set(route.origin.code, list);
    for (const slot of route.slots) routeByFlight.set(`${route.marketing.code}${slot.flightNumber}:${route.origin.code}${route.destination.code}`, route);
  }
  const connectionPoints = new Set(carriers.flatMap((carrier) => carrier.hubs.map((network) => network.hub)));
  return { routes, routesFrom, routeByFlight, connectionPoints };
}

/** Minimum connection times in minutes (airline-facts.md §3; defaults where no source was found). */
const minimumConnectionTimes: Record<string, { domDom: number; domIntl: number; intlDom: number; intlIntl: number; interline: number }> = {
  BOG: { domDom: 45, domIntl: 80, intlDom: 80, intlIntl: 95, interline: 125 },
  MIA: { domDom: 45, domIntl: 90, intlDom: 90, intlIntl: 90, interline: 120 },
  LIM: { domDom: 45, domIntl: 60, intlDom: 75, intlIntl: 70, interline: 120 },
  PTY: { domDom: 45, domIntl: 45, intlDom: 45, intlIntl: 45, interline: 90 },
};
const defaultConnectionTimes = { domDom: 50, domIntl: 75, intlDom: 90, intlIntl: 75, interline: 120 };

/** The minimum connection time at an airport between an arriving and a departing route. */
export function minimumConnectionMinutes(airport: string, arriving: Route, departing: Route): number {
  const table = minimumConnectionTimes[airport] ?? defaultConnectionTimes;
  if (arriving.marketing.code !== departing.marketing.code && arriving.operatorName !== departing.operatorName) return table.interline;
  if (arriving.international) return departing.international ? table.intlIntl : table.intlDom;
  return departing.international ? table.domIntl : table.domDom;
}
