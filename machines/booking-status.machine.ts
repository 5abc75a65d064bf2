import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { BookingPaymentStatusCode, BookingPaymentStatusName } from '../src/contract/checkout.ts';

/**
 * The booking payment status lifecycle (spec 3 §4): 0 initial → 1 booking → 2 pending payment →
 * 3 completed / 4 denied / 5 canceled / 7 expired payment; a completed payment goes to 6 ticketing
 * and 15 processing ticket; a booking that is not paid can be canceled (8). The server moves a
 * stored booking only along these transitions and refuses every other move.
 */
export type BookingStatusEvent =
  | { type: 'booking.start' }
  | { type: 'booking.confirm' }
  | { type: 'booking.fail' }
  | { type: 'payment.complete' }
  | { type: 'payment.deny' }
  | { type: 'payment.retry' }
  | { type: 'payment.cancel' }
  | { type: 'payment.expire' }
  | { type: 'ticketing.start' }
  | { type: 'ticketing.process' }
  | { type: 'booking.cancel' };

export type BookingStatusEventType = BookingStatusEvent['type'];

export const bookingStatusMachine = setup({
  types: { events: {} as BookingStatusEvent },
}).createMachine({
  id: 'bookingStatus',
  initial: 'initial',
  states: {
    initial: { on: { 'booking.start': 'booking' } },
    /** The supplier is being asked; a failure leaves nothing booked. */
    booking: { on: { 'booking.confirm': 'pending_payment', 'booking.fail': 'canceled_booking' } },
    pending_payment: {
      on: {
        'payment.complete': 'completed_payment',
        'payment.deny': 'denied_payment',
        'payment.cancel': 'canceled_payment',
        'payment.expire': 'expired_payment',
        'booking.cancel': 'canceled_booking',
      },
    },
    /** A rejected card can be tried again ('Su orden de pago no pudo ser procesada' … retry). */
    denied_payment: {
      on: { 'payment.retry': 'pending_payment', 'payment.expire': 'expired_payment', 'booking.cancel': 'canceled_booking' },
    },
    canceled_payment: { on: { 'booking.cancel': 'canceled_booking' } },
    expired_payment: { on: { 'booking.cancel': 'canceled_booking' } },
    completed_payment: { on: { 'ticketing.start': 'ticketing' } },
    ticketing: { on: { 'ticketing.process': 'processing_ticket' } },
    processing_ticket: { type: 'final' },
    canceled_booking: { type: 'final' },
  },
});

export type BookingStatusState = BookingPaymentStatusName;

const codes: Record<BookingPaymentStatusName, BookingPaymentStatusCode> = {
  initial: 0,
  booking: 1,
  pending_payment: 2,
  completed_payment: 3,
  denied_payment: 4,
  canceled_payment: 5,
  ticketing: 6,
  expired_payment: 7,
  canceled_booking: 8,
  processing_ticket: 15,
};

/** The numeric status (spec 3 §4) of a machine snapshot. */
export function bookingStatusCodeOf(snapshot: SnapshotFrom<typeof bookingStatusMachine>): BookingPaymentStatusCode {
  return codes[snapshot.value as BookingPaymentStatusName];
}

/**
 * Where a stored status goes on an event, or null when the lifecycle does not allow the move.
 * Statuses outside the lifecycle (9–14) allow nothing.
 */
export function nextBookingStatus(current: number, event: BookingStatusEventType): BookingPaymentStatusCode | null {
  const name = (Object.keys(codes) as BookingPaymentStatusName[]).find((key) => codes[key] === current);
  if (!name) return null;
  const snapshot = bookingStatusMachine.resolveState({ value: name });
  if (!snapshot.can({ type: event })) return null;
  return bookingStatusCodeOf(getNextSnapshot(bookingStatusMachine, snapshot, { type: event }));
}
