import { daysBetween, isoWeekday } from './clock.ts';
import type { CabinCode, Carrier, ProviderCode } from './carriers.ts';
import { unitFor } from './random.ts';
import type { DatedFlight, LegOption } from './timetable.ts';
import { distanceKm } from '../airports.ts';

export type PassengerType = 'ADT' | 'CHD' | 'INF';

/** Booking classes from cheapest to dearest level, per cabin. */
const bookingClasses: Record<CabinCode, readonly string[]> = {
  Y: ['O', 'Q', 'S', 'M', 'Y'],
  W: ['W', 'W', 'P', 'P', 'P'],
  C: ['I', 'I', 'D', 'J', 'J'],
  F: ['A', 'A', 'F', 'F', 'F'],
};
const levelFactors = [1, 1.16, 1.35, 1.6, 1.95];
const cabinFactors: Record<CabinCode, number> = { Y: 1, W: 1.75, C: 3.4, F: 5.2 };
/** Monday first: Tuesdays and Wednesdays are cheap, Fridays and Sundays dear. */
const weekdayFactors = [1, 0.93, 0.93, 1.02, 1.12, 0.97, 1.1];
const stopFactors = [1, 0.9, 0.85];
/** NDC offers undercut the GDS slightly; Kiu is a little dearer. */
const providerFactors: Record<ProviderCode, number> = { 100: 1, 101: 1.015, 102: 1.005, 105: 0.97, 106: 0.97, 107: 0.97, 108: 0.985, 110: 0.985, 112: 0.97 };
const passengerShare: Record<PassengerType, number> = { ADT: 1, CHD: 0.75, INF: 0.1 };

/** Corporate agreements the sandbox recognises (spec 1: corporate code with airline LA). */
export const corporateAgreements: Readonly<Record<string, { airline: string; discount: number }>> = {
  ACME01: { airline: 'LA', discount: 0.08 },
  ANDES2026: { airline: 'LA', discount: 0.05 },
};

function advanceFactor(daysAhead: number): number {
  if (daysAhead < 3) return 1.55;
  if (daysAhead < 7) return 1.35;
  if (daysAhead < 14) return 1.18;
  if (daysAhead < 30) return 1.05;
  if (daysAhead < 60) return 0.95;
  return 0.9;
}

/**
 * How full a flight is for a departure day, from 0 to 4: fuller flights only have dearer booking
 * classes left. Closer dates and rush-hour departures fill up first.
 */
export function loadLevel(flight: DatedFlight, today: string): number {
  const known = loadLevels.get(flight);
  if (known?.today === today) return known.level;
  const level = workOutLoadLevel(flight, today);
  loadLevels.set(flight, { today, level });
  return level;
}

/** Levels worked out, per dated flight (the timetable keeps them), for the day they were asked on: a search prices each flight in many options. */
const loadLevels = new WeakMap<DatedFlight, { today: string; level: number }>();

function workOutLoadLevel(flight: DatedFlight, today: string): number {
  const daysAhead = daysBetween(today, flight.date);
  const closeness = daysAhead < 7 ? 0.3 : daysAhead < 21 ? 0.15 : 0;
  const hour = Math.floor(flight.slot.departureMinute / 60);
  const rushHour = (hour >= 6 && hour < 9) || (hour >= 17 && hour < 20) ? 0.1 : 0;
  const load = unitFor(`load:${flight.key}`) * 0.75 + closeness + rushHour;
  return Math.min(4, Math.max(0, Math.floor(load * 4.4)));
}

/** The level an option sells at: its fullest flight decides. */
export function optionLevel(option: LegOption, today: string): number {
  return Math.max(...option.flights.map((flight) => loadLevel(flight, today)));
}

export function bookingClassFor(cabin: CabinCode, level: number): string {
  return bookingClasses[cabin][level] as string;
}

export interface FareInputs {
  option: LegOption;
  validating: Carrier;
  provider: ProviderCode;
  cabin: CabinCode;
  brandFactor: number;
  level: number;
  today: string;
  corporateCode: string | null;
}

/** The adult base fare of a leg (whole USD): market distance, carrier, cabin, brand, date and demand. */
export function adultBaseFare(inputs: FareInputs): number {
  const first = inputs.option.flights[0] as DatedFlight;
  const last = inputs.option.flights[inputs.option.flights.length - 1] as DatedFlight;
  const market = distanceKm(first.route.origin, last.route.destination);
  const distanceFare = 12 + 0.07 * Math.min(market, 2_500) + 0.045 * Math.max(0, market - 2_500);
  const agreement = inputs.corporateCode ? corporateAgreements[inputs.corporateCode] : undefined;
  const corporate = agreement && agreement.airline === inputs.validating.code ? 1 - agreement.discount : 1;
  const fare =
    distanceFare *
    inputs.validating.fareFactor *
    cabinFactors[inputs.cabin] *
    inputs.brandFactor *
    (levelFactors[inputs.level] ?? 1) *
    (stopFactors[inputs.option.flights.length - 1] ?? 0.85) *
    advanceFactor(daysBetween(inputs.today, first.date)) *
    (weekdayFactors[isoWeekday(first.date) - 1] ?? 1) *
    providerFactors[inputs.provider] *
    corporate;
  return Math.max(9, Math.round(fare));
}

export function isCorporateFare(corporateCode: string | null, validating: string): boolean {
  return Boolean(corporateCode && corporateAgreements[corporateCode]?.airline === validating);
}

/** A passenger type's base from the adult base (children 75%, lap infants 10%). */
export function baseFor(type: PassengerType, adultBase: number): number {
  return Math.round(adultBase * passengerShare[type]);
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Taxes of one leg for one passenger (airline-facts.md §5): Peruvian IGV 18% of the base and TUUA
 * when the leg starts in Peru (connections at LIM are not ticketed), US departure/arrival taxes and
 * fees, and a flat airport charge elsewhere. Lap infants pay the percentage taxes only.
 */
export function legTaxes(option: LegOption, type: PassengerType, base: number): number {
  const first = option.flights[0] as DatedFlight;
  const origin = first.route.origin;
  const international = option.flights.some((flight) => flight.route.international);
  let taxes = 0;
  if (origin.countryCode === 'PE') {
    taxes += base * 0.18;
    if (type !== 'INF') taxes += origin.code === 'LIM' ? (international ? 30.86 : 12.41) : international ? 15 : 4.73;
  } else if (origin.countryCode !== 'US' && type !== 'INF') {
    taxes += international ? 28 : 6;
  }
  if (type === 'INF') return cents(taxes);
  for (const flight of option.flights) {
    const from = flight.route.origin.countryCode === 'US';
    const to = flight.route.destination.countryCode === 'US';
    if (from && !to) taxes += 18.9 + 5.6;
    if (to && !from) taxes += 18.9 + 3.96 + 7 + 7.39;
    if (from && to) taxes += 5.6 + 4.5;
  }
  return cents(taxes);
}

/** The sandbox's service fee per ticketed seat (fee description PAX). */
export const PAX_FEE = 12;
