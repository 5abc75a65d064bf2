/** Manage my booking's side effects: the lookup, the signed link and the cancel, through the contract. */
import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { manageBookingMachine, type ManageBookingAnswer } from '../../../../machines/manage-booking.machine.ts';
import {
  bookingLinkResponseSchema,
  manageBookingErrorCodes,
  manageBookingResponseSchema,
  type BookingLookupRequest,
  type ManageBookingView,
} from '../../../contract/manage-booking.ts';
import { ApiRequestError, apiGet, apiPost } from '../../lib/api.ts';
import { rateLimitOf } from '../../../../machines/rate-limit.ts';
import { grantHeaders, rememberGrant } from '../../lib/booking-access.ts';
import { sessionOwnerHeaders } from '../../lib/session-api.ts';
import type { BookingGrant } from '../../../contract/access.ts';

/** A refused lookup or link by its typed code; any other failure (offline, 5xx) throws and the page offers a retry. */
function answerOfFailure(error: unknown): ManageBookingAnswer {
  const rateLimited = rateLimitOf(error);
  if (rateLimited) return { kind: 'rateLimited', ...rateLimited };
  if (error instanceof ApiRequestError) {
    if (error.code === manageBookingErrorCodes.notFound || error.status === 400) return { kind: 'notFound' };
    if (error.code === manageBookingErrorCodes.invalidLink) return { kind: 'invalidLink' };
  }
  throw error;
}

export async function lookUpBooking(query: BookingLookupRequest, signal?: AbortSignal): Promise<ManageBookingAnswer> {
  try {
    return { kind: 'found', booking: granted(await apiPost('/bookings/lookup', query, manageBookingResponseSchema, signal)) };
  } catch (error) {
    return answerOfFailure(error);
  }
}

export async function openBookingLink(token: string, signal?: AbortSignal): Promise<ManageBookingAnswer> {
  try {
    return { kind: 'found', booking: granted(await apiGet(`/bookings/link/${encodeURIComponent(token)}`, manageBookingResponseSchema, signal)) };
  } catch (error) {
    return answerOfFailure(error);
  }
}

/** The booking found, its grant kept for the calls that follow (its extras, payment and cancellation). */
function granted(answer: { data: ManageBookingView; grant: BookingGrant }): ManageBookingView {
  rememberGrant(answer.grant);
  return answer.data;
}

/** POST /api/bookings/cancel with the grant the lookup answered. */
export async function cancelBooking(orderId: string, signal?: AbortSignal): Promise<ManageBookingView> {
  return granted(await apiPost('/bookings/cancel', { orderId }, manageBookingResponseSchema, signal, grantHeaders(orderId)));
}

/** The signed manage link of the booking made in a session (the confirmation page shows it). */
export const bookingLinkQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['booking-link', sessionId],
    queryFn: ({ signal }) =>
      apiGet(`/bookings/session/${encodeURIComponent(sessionId)}/link`, bookingLinkResponseSchema, signal, sessionOwnerHeaders(sessionId)).then((answer) => {
        // The browser that made the booking keeps a grant of it for its extras pages.
        rememberGrant(answer.grant);
        return answer.data;
      }),
    // A booking's link never changes.
    staleTime: Infinity,
  });

export const manageBookingLogic = manageBookingMachine.provide({
  actors: {
    lookUpBooking: fromPromise<ManageBookingAnswer, BookingLookupRequest>(({ input, signal }) => lookUpBooking(input, signal)),
    openLink: fromPromise<ManageBookingAnswer, { token: string }>(({ input, signal }) => openBookingLink(input.token, signal)),
    cancelBooking: fromPromise<ManageBookingView, { orderId: string }>(({ input, signal }) => cancelBooking(input.orderId, signal)),
  },
});
