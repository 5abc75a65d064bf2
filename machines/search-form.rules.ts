import { addDaysToIsoDate, compareIsoDates } from '../src/contract/iso-date.ts';
import type { z } from 'zod';
import type { airportRefSchema, CabinCode, FlightType, Passengers } from '../src/contract/search.ts';

/** A chosen airport or city: its code and the text shown for it. */
export type AirportRef = z.infer<typeof airportRefSchema>;

export type PassengerKind = keyof Passengers;

export const MAX_LEGS = 5;
export const MIN_LEGS = 2;
/** A new multi-city leg leaves this many days after the previous one (spec 1 §4). */
export const NEXT_LEG_GAP_DAYS = 5;

export interface FormLeg {
  origin: AirportRef | null;
  destination: AirportRef | null;
  date: string | null;
}

/** What the traveller has entered; the search form machine's context is this plus flags. */
export interface SearchFormValues {
  flightType: FlightType;
  origin: AirportRef | null;
  destination: AirportRef | null;
  startDate: string | null;
  endDate: string | null;
  legs: FormLeg[];
  passengers: Passengers;
  cabin: CabinCode;
  airline: { code: string; name: string } | null;
  corporateCode: string | null;
  country: string;
}

/**
 * Spec 1 §5: minus is disabled at 1 adult / 0 children / 0 infants; plus is disabled once adults
 * and children exceed 8 (so 9 seated is reachable), adults alone exceed 8, children exceed 7,
 * infants exceed 3. Beyond the spec, as airlines require: no more infants than adults (a lap each).
 */
export function canIncrement(passengers: Passengers, kind: PassengerKind): boolean {
  const seated = passengers.adults + passengers.children;
  switch (kind) {
    case 'adults':
      return !(seated > 8) && !(passengers.adults > 8);
    case 'children':
      return !(seated > 8) && !(passengers.children > 7);
    case 'infants':
      return !(passengers.infants > 3) && passengers.infants < passengers.adults;
  }
}

export function canDecrement(passengers: Passengers, kind: PassengerKind): boolean {
  if (kind === 'adults') return passengers.adults > 1 && passengers.adults > passengers.infants;
  return passengers[kind] > 0;
}

/** Age bands shown beside each counter (spec 1 §5). */
export const ageBands: Record<PassengerKind, { from: number; to: number | null }> = {
  adults: { from: 12, to: null },
  children: { from: 2, to: 11 },
  infants: { from: 0, to: 1 },
};

export const canAddLeg = (legs: FormLeg[]) => legs.length >= MIN_LEGS && legs.length < MAX_LEGS;
export const canRemoveLeg = (legs: FormLeg[]) => legs.length > MIN_LEGS;

export function addDays(isoDate: string, days: number): string {
  return addDaysToIsoDate(isoDate, days);
}

/** A new leg starts where the last one lands, five days later. */
export function nextLeg(last: FormLeg | undefined): FormLeg {
  return {
    origin: last?.destination ?? null,
    destination: null,
    date: last?.date ? addDays(last.date, NEXT_LEG_GAP_DAYS) : null,
  };
}

/** Switching to multi-city starts from what the simple form holds: its trip, then a connecting leg. */
export function legsFromSimpleTrip(values: Pick<SearchFormValues, 'origin' | 'destination' | 'startDate'>): FormLeg[] {
  const first: FormLeg = { origin: values.origin, destination: values.destination, date: values.startDate };
  return [first, nextLeg(first)];
}

export type SearchFormProblem =
  | { kind: 'originMissing'; leg?: number }
  | { kind: 'destinationMissing'; leg?: number }
  | { kind: 'startDateMissing'; leg?: number }
  | { kind: 'endDateMissing' }
  | { kind: 'invalidParameters' };

/** Dates before today (America/Lima) cannot be chosen. */
export const isSelectableDate = (isoDate: string, today: string) => compareIsoDates(isoDate, today) >= 0;

/**
 * Spec 1 §5, in order, the first failure stops: origin, destination, start date, end date (round
 * trip only). Multi-city checks each leg in turn. Same origin and destination, dates in the past or
 * out of order are "bad parameters".
 */
export function findSearchProblem(values: SearchFormValues, today: string): SearchFormProblem | null {
  const legs: FormLeg[] =
    values.flightType === 'MC' ? values.legs : [{ origin: values.origin, destination: values.destination, date: values.startDate }];
  for (const [index, leg] of legs.entries()) {
    const at = values.flightType === 'MC' ? { leg: index } : {};
    if (!leg.origin) return { kind: 'originMissing', ...at };
    if (!leg.destination) return { kind: 'destinationMissing', ...at };
    if (!leg.date) return { kind: 'startDateMissing', ...at };
  }
  if (values.flightType === 'RT' && !values.endDate) return { kind: 'endDateMissing' };

  const dates = [...legs.map((leg) => leg.date!), ...(values.flightType === 'RT' ? [values.endDate!] : [])];
  const datesInOrder = dates.every((date, index) => index === 0 || compareIsoDates(dates[index - 1]!, date) <= 0);
  const sameEnds = legs.some((leg) => leg.origin!.code === leg.destination!.code);
  if (sameEnds || !datesInOrder || !isSelectableDate(dates[0]!, today)) return { kind: 'invalidParameters' };
  return null;
}
