/**
 * Test scenarios of the sandbox, like a payment gateway's test cards (docs/sandbox.md): inputs
 * that always produce the outcomes later flows must handle.
 */

/** Search scenarios, chosen by the corporate code of the search. */
export const searchScenarios = [
  { corporateCode: 'SBXTIMEOUT', outcome: 'timeout' },
  { corporateCode: 'SBXEMPTY', outcome: 'empty' },
  { corporateCode: 'SBXFARECHANGE', outcome: 'fare-change' },
] as const;

export type BookingScenario = 'duplicate' | 'segments-unavailable' | 'fare-change' | 'attempt-limit' | 'provider-intermittence' | 'slow' | 'hung';

/** Booking scenarios, chosen by the lead adult's last name. */
const bookingScenarios: Readonly<Record<string, BookingScenario>> = {
  DUPLICATE: 'duplicate',
  UNAVAILABLE: 'segments-unavailable',
  FARECHANGE: 'fare-change',
  BLOCKED: 'attempt-limit',
  INTERMITTENT: 'provider-intermittence',
  /** Books, after SLOW_BOOKING_MS: a booking in flight long enough to kill its process (fault tests). */
  SLOWPOKE: 'slow',
  /** Never answers: the booking's deadline (SUPPLIER_BOOK_TIMEOUT_MS) answers 1303 with status 504. */
  HUNG: 'hung',
};

/** How long the SLOWPOKE scenario keeps a booking at the supplier. */
export const SLOW_BOOKING_MS = 3_000;

export function bookingScenarioFor(lastName: string): BookingScenario | null {
  const normalised = lastName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return bookingScenarios[normalised] ?? null;
}

/** A repriced fare-change offer costs 7% more than the search showed. */
export const FARE_CHANGE_SURCHARGE = 1.07;

/** Seat that is always taken by the time of booking ('Este asiento ya está asignado'). */
export const SOLD_OUT_SEAT = '7C';
