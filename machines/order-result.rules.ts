/**
 * What a result page after booking (card payment, seat booking) may claim, read from the facts the
 * server wrote into the session: never from the page's own address.
 */
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';

/** The booking payment status the payment services write once the money is in (spec 3 §4). */
export const PAID_STATUS = 3;

/** The booking is paid: its payment status says so, or the payment service marked it processed. */
export function bookingPaid(session: Pick<Session, 'booking' | 'paymentWasProcessed'> | null): boolean {
  const booking = completeBookingOf(session);
  return booking !== null && (booking.paymentDetails.status === PAID_STATUS || session?.paymentWasProcessed === true);
}

/** The seat-booking outcome a result page stands for; the server's answer codes them 1, 2 and any other. */
export type SeatBookingOutcome = 'booked' | 'warning' | 'failed';

/** The outcome of the seat-booking answer the server stored, or null when it stored none. */
export function seatBookingOutcomeOf(session: Pick<Session, 'bookSeatsRS'> | null): SeatBookingOutcome | null {
  const code = session?.bookSeatsRS?.transactionStatusCode;
  if (code === undefined) return null;
  if (code === 1) return 'booked';
  if (code === 2) return 'warning';
  return 'failed';
}

/** The first error the stored seat-booking answer gives (its words and, where the server coded it, its code), if any. */
export const seatBookingErrorOf = (session: Pick<Session, 'bookSeatsRS'> | null) => session?.bookSeatsRS?.errors?.error[0] ?? null;

/** The first reason the stored seat-booking answer gives, if any. */
export const seatBookingReasonOf = (session: Pick<Session, 'bookSeatsRS'> | null) => seatBookingErrorOf(session)?.value ?? null;
