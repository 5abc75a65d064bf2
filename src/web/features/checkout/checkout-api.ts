/**
 * The checkout machine's side effects: load the session, book (POST /api/flights/book), and the
 * insurance and coupon children's calls. Bodies are built from the machine's context and parsed with
 * the contract on the way back.
 */
import { i18n } from '@lingui/core';
import type { BookingAttempt } from '../../../../machines/checkout.machine.ts';
import { languageOr } from '../../../contract/common.ts';
import type { PassengerDraft } from '../../../../machines/checkout.rules.ts';
import {
  alreadyBookedErrorSchema,
  bookingResponseSchema,
  defaultPaymentCode,
  type AppliedCoupon,
  type BookingFailure,
  type BookingRequestInput,
  type BookingResult,
  type PassengerInput,
  type SelectedExtras,
  type SelectedSeat,
} from '../../../contract/checkout.ts';
import { sessionIdSchema, type Session } from '../../../contract/session.ts';
import { scotiabankLookupResponseSchema, type ScotiabankLookup } from '../../../contract/scotiabank.ts';
import { ApiRequestError, apiGet, apiPost } from '../../lib/api.ts';
import { readSession, sessionOwnerHeaders } from '../../lib/session-api.ts';

/** GET /api/sessions?id=; unknown (404), expired (410) and malformed ids all read as "no session". */
export async function fetchCheckoutSession(sessionID: string, signal?: AbortSignal): Promise<Session | null> {
  if (!sessionIdSchema.safeParse(sessionID).success) return null;
  try {
    return await readSession(sessionID, signal);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) return null;
    throw error;
  }
}

/** GET /api/checkout/scotiabank: may the Scotiabank card reserve this session's trip (spec 2 §7)? */
export async function lookUpScotiabank(sessionID: string, signal?: AbortSignal): Promise<ScotiabankLookup> {
  const answer = await apiGet(`/checkout/scotiabank?sessionID=${encodeURIComponent(sessionID)}`, scotiabankLookupResponseSchema, signal, sessionOwnerHeaders(sessionID));
  return answer.data;
}

const keys = new Map<string, string>();

/**
 * One idempotency key per (session, attempt): a double click or a re-sent request of the same attempt
 * carries the same key, so the server books once; a new attempt (retry, repricing) gets a new key.
 */
export function idempotencyKeyFor(sessionID: string, attempt: number): string {
  const id = `${sessionID}:${attempt}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.randomUUID();
    keys.set(id, key);
  }
  return key;
}

const blankToUndefined = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** A passenger draft as the book form carries it: empty optional fields left out, contact data for adults only. */
function passengerForBooking(draft: PassengerDraft): PassengerInput {
  const adult = draft.type === 'ADT';
  return {
    type: draft.type,
    firstName: draft.firstName ?? '',
    lastName: draft.lastName ?? '',
    gender: draft.gender as PassengerInput['gender'],
    birthdate: draft.birthdate as PassengerInput['birthdate'],
    countryCode: blankToUndefined(draft.countryCode),
    documentType: draft.documentType,
    documentNumber: blankToUndefined(draft.documentNumber),
    email: adult ? blankToUndefined(draft.email) : undefined,
    phoneNumber: adult ? blankToUndefined(draft.phoneNumber) : undefined,
    assignedPassenger: draft.type === 'INF' ? draft.assignedPassenger : undefined,
    frequentFlyer: blankToUndefined(draft.frequentFlyer),
    acceptsContactInfo: adult ? Boolean(draft.acceptsContactInfo) : false,
  };
}

/** What the extra-baggage and seat cards confirmed (outside the checkout machine). */
export interface ConfirmedAncillaries {
  selectedExtras?: SelectedExtras | undefined;
  seats?: SelectedSeat[];
}

/** The POST /api/flights/book body of one attempt (bookingRequestSchema). */
export function bookingRequestBody({ context, attempt, repricing }: BookingAttempt, { selectedExtras, seats = [] }: ConfirmedAncillaries = {}): BookingRequestInput {
  const session = context.session;
  if (!session?.flights || !session.recommendation || !session.searchParams) throw new Error('The checkout session is not loaded');
  const { draft, engine } = context;
  const agencyView = engine.isAgency && context.business;
  const coupon: AppliedCoupon | null = draft.coupon?.apply ? draft.coupon : null;
  return {
    sessionID: context.sessionID,
    idempotencyKey: idempotencyKeyFor(context.sessionID, attempt),
    repricing,
    flights: session.flights,
    engine: { id: engine.id },
    recommendation: { ...session.recommendation, pricing: { ...session.recommendation.pricing, fees: draft.fees } },
    searchParams: session.searchParams,
    bookForm: {
      passengers: draft.passengers.map(passengerForBooking),
      payment: draft.paymentCode ?? defaultPaymentCode(engine.profile.countryCode, engine.isAgency),
      paymentCreditCard: draft.card.stored,
      insurance: draft.insurance.selection,
      ...(agencyView ? { agencyInformation: draft.agency as never } : { contact: draft.contact as never }),
      additional: draft.additional.enabled && draft.additional.accountId.trim() ? { accountId: draft.additional.accountId.trim() } : {},
      ...(coupon ? { coupon } : {}),
    },
    flightRules: draft.terms as BookingRequestInput['flightRules'],
    selectedFare: session.selectedFare ?? null,
    ...(selectedExtras ? { selectedExtras } : {}),
    seats,
  };
}

/** How long the page waits for the booking's answer before offering to try again (same attempt). */
export const BOOKING_ANSWER_DEADLINE_MS = 90_000;

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * POST /api/flights/book: HTTP 200 carries both the booking (statusCode 1) and the business errors.
 * While the same attempt is still being booked (a double submit, a retry after a lost answer) the server
 * answers 409 BOOKING_IN_PROGRESS with Retry-After: the same request goes again after it, until the first
 * request's answer arrives or the page's deadline passes. Any other error answer (400, 410, 500, 504 …)
 * becomes a failure with the HTTP status as its code, so the dialog words it by code; no answer at all
 * (connection dropped, offline, the deadline) throws, and the checkout machine offers to send the same
 * attempt again.
 */
export async function bookCheckout(attempt: BookingAttempt, signal?: AbortSignal, ancillaries: ConfirmedAncillaries = {}): Promise<BookingResult> {
  const deadlineAt = Date.now() + BOOKING_ANSWER_DEADLINE_MS;
  const deadline = AbortSignal.timeout(BOOKING_ANSWER_DEADLINE_MS);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const body = { ...bookingRequestBody(attempt, ancillaries), language: languageOr('es', i18n.locale) };
  for (;;) {
    try {
      // Only the browser that made the checkout's session may book it (its owner key).
      const answer = await apiPost('/flights/book', body, bookingResponseSchema, stop, sessionOwnerHeaders(body.sessionID));
      return answer.data;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      // Booked already (another tab, a retry after a lost answer): that booking is this checkout's outcome.
      const booked = alreadyBookedErrorSchema.safeParse(error.payload);
      if (booked.success) return booked.data.booking;
      const waitMs = (error.retryAfterSeconds ?? 1) * 1000;
      const failure = { statusCode: error.status, error: error.body } satisfies BookingFailure;
      if (error.code !== 'BOOKING_IN_PROGRESS' || Date.now() + waitMs >= deadlineAt) return failure;
      await pause(waitMs, stop);
    }
  }
}

