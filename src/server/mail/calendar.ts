/** The itinerary as an iCalendar file: one event per flight segment, at the airports' real instants. */
import { createEvents, type EventAttributes } from 'ics';
import { Temporal } from 'temporal-polyfill';
import type { Flight } from '../../contract/search.ts';
import { ApiFailure } from '../errors.ts';
import { errorCodes } from '../../contract/common.ts';

/** UTC instants as ics wants them: [year, month, day, hour, minute]. */
function utcParts(localIso: string): [number, number, number, number, number] {
  const utc = Temporal.Instant.from(localIso).toZonedDateTimeISO('UTC');
  return [utc.year, utc.month, utc.day, utc.hour, utc.minute];
}

/** null when the booking has no flight to put in a calendar. */
export function itineraryCalendar(flights: Flight[], pnr: string): string | null {
  const events: EventAttributes[] = flights.flatMap((flight) =>
    flight.segments.map((segment) => ({
      uid: `${pnr}-${segment.marketingAirline.code}${segment.flightNumber}-${segment.departureDateTime}@vuelos`,
      title: `${segment.marketingAirline.code}${segment.flightNumber} ${segment.departureAirport.code} → ${segment.arrivalAirport.code}`,
      description: `${pnr} · ${segment.marketingAirline.name}`,
      location: segment.departureAirport.description,
      start: utcParts(segment.departureDateTime),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utcParts(segment.arrivalDateTime),
      endInputType: 'utc',
      endOutputType: 'utc',
      productId: 'vuelos/booking-mail',
    })),
  );
  if (events.length === 0) return null;
  const { error, value } = createEvents(events);
  if (error || !value) throw new ApiFailure(500, errorCodes.internal, `The itinerary calendar could not be written: ${error?.message ?? 'no output'}`);
  return value;
}
