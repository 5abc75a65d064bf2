import type { Flight, Recommendation } from '../../../src/contract/search.ts';
import { limCuzRecommendation } from '../../../src/contract/fixtures/checkout.ts';

export interface OfferShape {
  id: string;
  total?: number;
  airline?: string;
  /** Airline of the return leg, for mixed itineraries. */
  returnAirline?: string;
  stops?: number;
  departHour?: number;
  returnHour?: number;
  /** The return flight's arrival hour, when a test reads it. */
  returnArrivalHour?: number;
  group?: 'GDS' | 'NDC';
  provider?: number;
  minutes?: number;
  oneWay?: boolean;
  flightNumber?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function reshapeFlight(flight: Flight, airline: string, stops: number, hour: number, minutes: number, flightNumber?: string, arrivalHour?: number): Flight {
  const at = (time: string, atHour: number) => `${time.slice(0, 11)}${pad(atHour)}${time.slice(13)}`;
  return {
    ...flight,
    id: `${flight.id}-${airline}-${hour}-${stops}`,
    departureDateTime: at(flight.departureDateTime, hour),
    arrivalDateTime: arrivalHour === undefined ? flight.arrivalDateTime : at(flight.arrivalDateTime, arrivalHour),
    stops,
    elapsedTime: `${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`,
    marketingAirline: { code: airline, name: airline },
    segments: flight.segments.map((segment) => ({
      ...segment,
      marketingAirline: { code: airline, name: airline },
      flightNumber: flightNumber ?? segment.flightNumber,
    })),
  };
}

/** Variants of a real fixture offer, for filter, sort and card rules. */
export function offer(shape: OfferShape): Recommendation {
  const base = limCuzRecommendation;
  const airline = shape.airline ?? 'LA';
  const legs = shape.oneWay ? base.itinerary.slice(0, 1) : base.itinerary;
  return {
    ...base,
    id: shape.id,
    pos: { systemProviderCode: shape.provider ?? 107, providerName: 'test', group: shape.group ?? 'NDC' },
    pricing: { ...base.pricing, total: shape.total ?? base.pricing.total, validatingAirline: airline },
    itinerary: legs.map((leg, index) => ({
      ...leg,
      flights: leg.flights.map((flight) =>
        reshapeFlight(
          flight,
          index === 1 ? (shape.returnAirline ?? airline) : airline,
          shape.stops ?? 0,
          index === 1 ? (shape.returnHour ?? 15) : (shape.departHour ?? 8),
          shape.minutes ?? 85,
          index === 0 ? shape.flightNumber : undefined,
          index === 1 ? shape.returnArrivalHour : undefined,
        ),
      ),
    })),
  };
}
