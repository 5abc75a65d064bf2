import { addDays, isoWeekday, localToEpoch, offsetAt } from './clock.ts';
import type { Network, Route, Slot } from './network.ts';
import { minimumConnectionMinutes } from './network.ts';
import { distanceKm, type AirportCatalogue } from '../airports.ts';

/** One dated flight: a slot of a route on a day. */
export interface DatedFlight {
  /** `${airline}${number}:${origin}${destination}:${YYYYMMDD}`: decodes back to the same flight. */
  key: string;
  route: Route;
  slot: Slot;
  date: string;
  departure: number;
  arrival: number;
  departureOffset: number;
  arrivalOffset: number;
  /** The local dates of the arrival and of the day after: where a connection is looked for. */
  arrivalDates: readonly [string, string];
}

/** A way to fly one leg of the trip: one or more dated flights connected at hubs. */
export interface LegOption {
  flights: readonly DatedFlight[];
  /** Airports in order, e.g. LIM-BOG-MIA. */
  path: string;
}

const maxConnectionMinutes = 12 * 60;
const cacheLimit = 20_000;

export function flightKey(route: Route, slot: Slot, date: string): string {
  return `${route.marketing.code}${slot.flightNumber}:${route.origin.code}${route.destination.code}:${date.replaceAll('-', '')}`;
}

/**
 * Dated flights and connection paths, cached: the network is fixed, so each route/day and each
 * airport pair is computed once per process and every later search only assembles offers.
 */
export function createTimetable(catalogue: AirportCatalogue, network: Network) {
  const flightsCache = new Map<string, DatedFlight[]>();
  const pathsCache = new Map<string, Route[][]>();

  function flightsOn(route: Route, date: string): DatedFlight[] {
    const cacheKey = `${route.key}|${date}`;
    const cached = flightsCache.get(cacheKey);
    if (cached) return cached;
    const weekdayBit = 1 << (isoWeekday(date) - 1);
    const flights = route.slots
      .filter((slot) => slot.weekdays & weekdayBit)
      .map((slot) => datedFlight(route, slot, date))
      .sort((a, b) => a.departure - b.departure);
    if (flightsCache.size > cacheLimit) flightsCache.clear();
    flightsCache.set(cacheKey, flights);
    return flights;
  }

  function datedFlight(route: Route, slot: Slot, date: string): DatedFlight {
    const departure = localToEpoch(route.origin.timeZone, date, slot.departureMinute);
    const arrival = departure + route.blockMinutes * 60_000;
    const arrivalOffset = offsetAt(route.destination.timeZone, arrival);
    const arrivalDate = new Date(arrival + arrivalOffset * 60_000).toISOString().slice(0, 10);
    return {
      key: flightKey(route, slot, date),
      route,
      slot,
      date,
      departure,
      arrival,
      departureOffset: offsetAt(route.origin.timeZone, departure),
      arrivalOffset,
      arrivalDates: [arrivalDate, addDays(arrivalDate, 1)],
    };
  }

  /** Route chains from origin to destination: nonstop, one connection, and two when few exist. */
  function pathsBetween(origin: string, destination: string): Route[][] {
    const cacheKey = `${origin}-${destination}`;
    const cached = pathsCache.get(cacheKey);
    if (cached) return cached;
    const from = catalogue.airports.get(origin);
    const to = catalogue.airports.get(destination);
    const paths: Route[][] = [];
    if (from && to) {
      const direct = distanceKm(from, to);
      const within = (routes: Route[], allowance: number) => routes.reduce((sum, route) => sum + route.distanceKm, 0) <= direct * allowance + 300;
      const outbound = network.routesFrom.get(origin) ?? [];
      for (const first of outbound) {
        if (first.destination.code === destination) paths.push([first]);
      }
      for (const first of outbound) {
        const hub = first.destination.code;
        if (!network.connectionPoints.has(hub) || hub === destination) continue;
        for (const second of network.routesFrom.get(hub) ?? []) {
          if (second.destination.code === destination && connects(first, second) && within([first, second], 1.5)) paths.push([first, second]);
        }
      }
      if (paths.length < 8) {
        for (const first of outbound) {
          const hub = first.destination.code;
          if (!network.connectionPoints.has(hub) || hub === destination) continue;
          for (const second of network.routesFrom.get(hub) ?? []) {
            const secondHub = second.destination.code;
            if (!network.connectionPoints.has(secondHub) || secondHub === origin || secondHub === destination || !connects(first, second)) continue;
            for (const third of network.routesFrom.get(secondHub) ?? []) {
              if (third.destination.code === destination && connects(second, third) && within([first, second, third], 1.35)) paths.push([first, second, third]);
            }
          }
        }
      }
    }
    if (pathsCache.size > cacheLimit) pathsCache.clear();
    pathsCache.set(cacheKey, paths);
    return paths;
  }

  /** Every way to fly origin → destination leaving on a date, each connection within MCT..12 h. */
  function legOptions(origin: string, destination: string, date: string): LegOption[] {
    const options: LegOption[] = [];
    for (const path of pathsBetween(origin, destination)) {
      const [first, ...rest] = path as [Route, ...Route[]];
      // Every option of a path flies its routes: one name for them all.
      const pathName = [origin, ...path.map((route) => route.destination.code)].join('-');
      for (const start of flightsOn(first, date)) {
        let chains: DatedFlight[][] = [[start]];
        for (const next of rest) {
          chains = chains.flatMap((chain) => connectionsAfter(chain, next).map((flight) => [...chain, flight]));
        }
        for (const flights of chains) options.push({ flights, path: pathName });
      }
    }
    return options;
  }

  /** The first two departures of a route that respect the minimum connection time. */
  function connectionsAfter(chain: DatedFlight[], next: Route): DatedFlight[] {
    const arriving = chain[chain.length - 1] as DatedFlight;
    const earliest = arriving.arrival + minimumConnectionMinutes(next.origin.code, arriving.route, next) * 60_000;
    const latest = arriving.arrival + maxConnectionMinutes * 60_000;
    const found: DatedFlight[] = [];
    for (const date of arriving.arrivalDates) {
      for (const flight of flightsOn(next, date)) {
        if (flight.departure < earliest || flight.departure > latest) continue;
        found.push(flight);
        if (found.length === 2) return found;
      }
    }
    return found;
  }

  /** A dated flight back from its key, or null when the key names no scheduled flight. */
  function flightByKey(key: string): DatedFlight | null {
    const match = /^([A-Z0-9]{2})(\d{1,4}):([A-Z]{3})([A-Z]{3}):(\d{4})(\d{2})(\d{2})$/.exec(key);
    if (!match) return null;
    const [, airline, number, origin, destination, year, month, day] = match as unknown as string[];
    const route = network.routeByFlight.get(`${airline}${number}:${origin}${destination}`);
    const date = `${year}-${month}-${day}`;
    const slot = route?.slots.find((candidate) => candidate.flightNumber === number);
    if (!route || !slot || !(slot.weekdays & (1 << (isoWeekday(date) - 1)))) return null;
    return datedFlight(route, slot, date);
  }

  return { flightsOn, pathsBetween, legOptions, flightByKey };
}

export type Timetable = ReturnType<typeof createTimetable>;

/** Whether a passenger may connect from one route to the next on one ticket. */
function connects(arriving: Route, departing: Route): boolean {
  if (arriving.marketing.code === departing.marketing.code) return true;
  // Trains and buses connect only with the airline that sells them.
  if (arriving.operatingCarrier === null || departing.operatingCarrier === null) return false;
  const alliance = arriving.marketing.alliance;
  return alliance !== null && alliance === departing.marketing.alliance;
}
