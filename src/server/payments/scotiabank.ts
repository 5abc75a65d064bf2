/**
 * The Scotiabank card's lookup (123, spec 2 §7): what the card form asks the bank when it opens, and what the
 * booking asks again before it books with that card (the server decides; the form only shows the answer).
 * The lookup carries what the specification lists: the first flight's city, country and date pairs, the
 * passenger types and count, and the segments. The bank's API is not in the specification, so the sandbox
 * bank answers here, with the rules in contract/scotiabank.ts.
 */
import type { Flight, Passengers } from '../../contract/search.ts';
import { SCOTIABANK_MIN_HOURS_BEFORE_DEPARTURE, SCOTIABANK_ORIGIN_COUNTRY, type ScotiabankLookup } from '../../contract/scotiabank.ts';
import { airportCatalogue } from '../supply/airports.ts';

interface CityCountryDate {
  city: string;
  country: string;
  /** Local time with the airport's offset. */
  date: string;
}

export interface ScotiabankLookupRequest {
  departure: CityCountryDate;
  arrival: CityCountryDate;
  passengerTypes: Array<'ADT' | 'CHD' | 'INF'>;
  passengerCount: number;
  segments: Array<{ from: string; to: string; departure: string; arrival: string; carrier: string; flightNumber: string; bookingClass: string }>;
}

function cityCountryDate(airportCode: string, date: string): CityCountryDate {
  const airport = airportCatalogue().airports.get(airportCode);
  return { city: airport?.cityCode ?? airportCode, country: airport?.countryCode ?? '', date };
}

/** The lookup the card form's opening sends, for the trip's flights (the first flight's pairs) and its party. */
export function scotiabankLookupRequest(flights: readonly Flight[], passengers: Passengers): ScotiabankLookupRequest | null {
  const first = flights[0];
  const firstSegment = first?.segments[0];
  const lastSegment = first?.segments.at(-1);
  if (!first || !firstSegment || !lastSegment) return null;
  const passengerTypes = [...(passengers.adults ? ['ADT' as const] : []), ...(passengers.children ? ['CHD' as const] : []), ...(passengers.infants ? ['INF' as const] : [])];
  return {
    departure: cityCountryDate(firstSegment.departureAirport.code, first.departureDateTime),
    arrival: cityCountryDate(lastSegment.arrivalAirport.code, first.arrivalDateTime),
    passengerTypes,
    passengerCount: passengers.adults + passengers.children + passengers.infants,
    segments: flights.flatMap((flight) =>
      flight.segments.map((segment) => ({
        from: segment.departureAirport.code,
        to: segment.arrivalAirport.code,
        departure: segment.departureDateTime,
        arrival: segment.arrivalDateTime,
        carrier: segment.marketingAirline.code,
        flightNumber: segment.flightNumber,
        bookingClass: segment.bookingClass.code,
      })),
    ),
  };
}

/** The sandbox bank: its card programme reserves trips that start in Peru and leave at least 48 hours after the lookup. */
export function sandboxScotiabankLookup(request: ScotiabankLookupRequest | null, now: Date): ScotiabankLookup {
  if (!request) return { reservable: false, refusal: 'ORIGIN_OUTSIDE_PERU' };
  if (request.departure.country !== SCOTIABANK_ORIGIN_COUNTRY) return { reservable: false, refusal: 'ORIGIN_OUTSIDE_PERU' };
  const hoursAhead = (Date.parse(request.departure.date) - now.getTime()) / 3_600_000;
  if (hoursAhead < SCOTIABANK_MIN_HOURS_BEFORE_DEPARTURE) return { reservable: false, refusal: 'DEPARTURE_TOO_SOON' };
  return { reservable: true, refusal: null };
}
