/**
 * What a failed booking attempt means for the traveller: the spec's error catalogue (spec 2 §8) plus
 * the failures of the call itself (no answer, a timeout, a busy or broken server, a refused request).
 * The checkout machine decides with these which dialog opens, what "try again" sends and where
 * "close" goes; the dialog picks its translated words by the same kind. Server texts are never shown:
 * the client words each kind itself (es/en).
 */
import { bookingErrorDialog, type BookingFailure } from '../src/contract/checkout.ts';
import { errorCodes } from '../src/contract/common.ts';

/** The status a failure gets when no answer came at all (connection dropped, offline, client deadline). */
export const UNREACHABLE_STATUS = 0;

export type BookingFailureKind =
  | ReturnType<typeof bookingErrorDialog>
  /** No answer at all: the booking may or may not have been made. */
  | 'unreachable'
  /** 504: the airline's system did not answer in time. */
  | 'timeout'
  /** 500, 502, 503: the server could not finish the booking. */
  | 'unavailable'
  /** 409 BOOKING_IN_PROGRESS: the same attempt is still being booked. */
  | 'inProgress'
  /** 429: too many bookings from this address or session; nothing was booked, the same attempt may go again after Retry-After. */
  | 'rateLimited'
  /** A seat chosen at checkout was sold meanwhile ('Este asiento ya está asignado'). */
  | 'seatTaken'
  /** 400: the server refused a field of the booking. */
  | 'invalid'
  /** 404/410 on the session: the checkout session is gone. */
  | 'sessionExpired';

export function bookingFailureKind(failure: BookingFailure): BookingFailureKind {
  const { statusCode, error } = failure;
  if (statusCode === UNREACHABLE_STATUS) return 'unreachable';
  if (statusCode === 504) return 'timeout';
  if (statusCode === 500 || statusCode === 502 || statusCode === 503) return 'unavailable';
  if (error.code === 'BOOKING_IN_PROGRESS') return 'inProgress';
  if (statusCode === 429) return 'rateLimited';
  if (error.code === 'SEAT_TAKEN') return 'seatTaken';
  if (error.code === errorCodes.sessionExpired || error.code === errorCodes.sessionNotFound) return 'sessionExpired';
  if (statusCode === 400) return 'invalid';
  return bookingErrorDialog(statusCode, Boolean(error.fareChange));
}

/**
 * The booking may have gone through without its answer reaching us: "try again" sends the SAME
 * attempt (same idempotency key), so the server answers the booking it made instead of making a second.
 */
export const retriesSameAttempt = (failure: BookingFailure): boolean =>
  (['unreachable', 'timeout', 'unavailable', 'inProgress', 'rateLimited'] as BookingFailureKind[]).includes(bookingFailureKind(failure));

/**
 * Closing the error dialog goes back (spec 2 §2 and §4: "closing it goes back and clears the error"),
 * except where the dialog asks for something on the form: try again (1003, 1004, 1010, 1020),
 * choose another seat, fix a refused field, or review a changed fare (Escape or "Back to the form": an
 * agent may change the markup before accepting, issue 37; nothing of the form is lost).
 */
export const closeReturnsToForm = (failure: BookingFailure): boolean =>
  (['unexpected', 'seatTaken', 'invalid', 'fareChange'] as BookingFailureKind[]).includes(bookingFailureKind(failure));

/** The session expired while the traveller filled the form: the session-expired dialog, not an error. */
export const sessionGone = (failure: BookingFailure): boolean => bookingFailureKind(failure) === 'sessionExpired';
