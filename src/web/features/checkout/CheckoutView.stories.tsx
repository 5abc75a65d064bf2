import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { checkoutMachine, type CheckoutContext, type CheckoutDraft } from '../../../../machines/checkout.machine.ts';
import { passengerDrafts } from '../../../../machines/checkout.rules.ts';
import type { BookingFailure } from '../../../contract/checkout.ts';
import {
  adultPassenger,
  bookingResult,
  checkoutSessionId,
  contactForm,
  duplicateBookingResult,
  fareChangeResult,
  limCuzFlights,
  limCuzRecommendation,
  limCuzSessionSearchParams,
  limCuzSelectedFare,
  passengers,
} from '../../../contract/fixtures/checkout.ts';
import { aerolineasFamilyFares, aerolineasPromoSearch } from '../../../contract/fixtures/search.ts';
import { sessionSchema } from '../../../contract/session.ts';
import { mockEngine } from '../../mocks/handlers.ts';
import { CheckoutView } from './CheckoutView.tsx';

type CheckoutState = 'loading' | 'sessionExpired' | 'editing' | 'duplicateNames' | 'booking' | 'booked' | 'bookingFailed' | 'bookingUnanswered' | 'left' | { bookingInProgress: 'waiting' | 'checking' };

const consumerEngine = mockEngine('9132868');
const agencyEngine = mockEngine('2113855');

const session = sessionSchema.parse({
  sessionID: checkoutSessionId,
  createdAt: '2026-11-22T14:00:00.000Z',
  lastActivityAt: '2026-11-22T14:05:00.000Z',
  expiresAt: '2026-11-22T14:35:00.000Z',
  flights: limCuzFlights,
  recommendation: limCuzRecommendation,
  searchParams: limCuzSessionSearchParams,
  selectedFare: limCuzSelectedFare,
});

const emptyDraft: CheckoutDraft = {
  passengers: passengerDrafts(limCuzSessionSearchParams.passengers),
  contact: { countryCode: 'PE+51' },
  agency: {},
  additional: { enabled: false, accountId: '' },
  terms: { generalAcceptance: false, privacyPolicies: false, termsAndConditions: false, authorizePersonalData: false },
  paymentCode: 102,
  card: { valid: false, stored: null, declined: null },
  insurance: { offered: false, choice: null, selection: null },
  coupon: null,
  fees: limCuzRecommendation.pricing.fees,
};

/** A draft as a traveller leaves it when everything is filled in. */
const filledDraft: CheckoutDraft = {
  ...emptyDraft,
  passengers: passengers.map((passenger) => ({ ...passenger, type: passenger.type as 'ADT' | 'CHD' | 'INF' })) as CheckoutDraft['passengers'],
  contact: contactForm,
  terms: { generalAcceptance: true, privacyPolicies: true, termsAndConditions: true, authorizePersonalData: false },
};

function contextOf(overrides: Partial<CheckoutContext> = {}): CheckoutContext {
  return {
    sessionID: checkoutSessionId,
    business: false,
    today: '2026-11-22',
    engine: consumerEngine,
    duplicateNamesChecked: true,
    needsPersonalDataAuthorization: false,
    session,
    draft: emptyDraft,
    bookingInterrupted: false,
    restored: null,
    scotiabank: { status: 'idle' },
    showAllErrors: false,
    problem: null,
    duplicates: [],
    phoneCheck: null,
    phoneChecking: null,
    submitAfterPhoneCheck: false,
    attempt: 0,
    repricing: false,
    booking: null,
    failure: null,
    ...overrides,
  };
}

const checkoutIn = (value: CheckoutState, overrides: Partial<CheckoutContext> = {}) => checkoutMachine.resolveState({ value, context: contextOf(overrides) });

const failed = (failure: unknown) => checkoutIn('bookingFailed', { draft: filledDraft, attempt: 1, failure: failure as BookingFailure });
const failure = (statusCode: number, value: string, extra: Record<string, unknown> = {}) => ({
  statusCode,
  error: { status: 409, code: statusCode, message: value, errors: [{ value }], ...extra },
});

const meta = {
  title: 'Checkout/CheckoutView',
  component: CheckoutView,
  parameters: { layout: 'padded' },
  args: { state: checkoutIn('editing'), send: fn(), pageUrl: `https://vuelos.example/vuelos/checkout/${checkoutSessionId}` },
} satisfies Meta<typeof CheckoutView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = { globals: { locale: 'es' } } as const;
const english = { globals: { locale: 'en' } } as const;

export const Loading: Story = { args: { state: checkoutIn('loading', { session: null }) } };
export const LoadingSpanish: Story = { ...Loading, ...spanish };
export const SessionExpired: Story = { args: { state: checkoutIn('sessionExpired', { session: null }) } };
export const SessionExpiredSpanish: Story = { ...SessionExpired, ...spanish };

export const Editing: Story = { ...english };
export const EditingSpanish: Story = { ...spanish };
export const EditingMobile: Story = { ...spanish, globals: { ...spanish.globals, viewport: { value: 'mobile1', isRotated: false } } };
export const EditingFilled: Story = { args: { state: checkoutIn('editing', { draft: filledDraft }) }, ...spanish };

export const ProblemPayment: Story = {
  args: { state: checkoutIn('editing', { draft: { ...filledDraft, paymentCode: 122 }, showAllErrors: true, problem: { kind: 'payment', issue: 'incomplete' } }) },
  ...spanish,
};
/** The gateway declined the card: the submit stops at the card with its message (spec 2 §8). */
export const ProblemCardDeclined: Story = {
  args: {
    state: checkoutIn('editing', {
      draft: { ...filledDraft, paymentCode: 120, card: { valid: false, stored: null, declined: 'issuerDeclined' } },
      showAllErrors: true,
      problem: { kind: 'payment', issue: 'declined' },
    }),
  },
  ...spanish,
};
export const ProblemCardDeclinedEnglish: Story = { ...ProblemCardDeclined, ...english };
/** Cuotéalo BCP below its minimum purchase (spec 2 §9). */
export const ProblemBelowMinimum: Story = {
  args: { state: checkoutIn('editing', { draft: { ...filledDraft, paymentCode: 137 }, showAllErrors: true, problem: { kind: 'payment', issue: 'belowMinimum' } }) },
  ...spanish,
};
export const ProblemTravellers: Story = { args: { state: checkoutIn('editing', { showAllErrors: true, problem: { kind: 'travellers', firstInvalid: 0 } }) }, ...spanish };
export const ProblemTravellersEnglish: Story = { ...ProblemTravellers, ...english };
export const ProblemInsurance: Story = { args: { state: checkoutIn('editing', { draft: filledDraft, showAllErrors: true, problem: { kind: 'insurance' } }) }, ...spanish };
export const ProblemContact: Story = {
  args: { state: checkoutIn('editing', { draft: { ...filledDraft, contact: { countryCode: 'PE+51', invoice: true } }, showAllErrors: true, problem: { kind: 'contact' } }) },
  ...spanish,
};
export const ProblemTerms: Story = {
  args: {
    state: checkoutIn('editing', {
      draft: { ...filledDraft, terms: { ...filledDraft.terms, privacyPolicies: false } },
      showAllErrors: true,
      problem: { kind: 'terms', failure: 'checkout.terms.validation_privacy_policies' },
    }),
  },
  ...spanish,
};

const agencyContext: Partial<CheckoutContext> = {
  engine: agencyEngine,
  business: true,
  needsPersonalDataAuthorization: true,
  session: { ...session, searchParams: { ...session.searchParams!, terminalId: '2113855', token: 'agency-token' } },
  draft: { ...emptyDraft, paymentCode: 103, contact: {} },
};
export const AgencyB2B: Story = { args: { state: checkoutIn('editing', agencyContext) }, ...spanish };
export const AgencyB2BEnglish: Story = { ...AgencyB2B, ...english };
export const ProblemAgency: Story = {
  args: {
    state: checkoutIn('editing', { ...agencyContext, draft: { ...filledDraft, paymentCode: 103, agency: { invoice: true } }, showAllErrors: true, problem: { kind: 'agency' } }),
  },
  ...spanish,
};

export const DuplicateNames: Story = {
  args: {
    state: checkoutIn('duplicateNames', {
      draft: { ...filledDraft, passengers: [{ ...adultPassenger, type: 'ADT' }, { ...adultPassenger, type: 'ADT' }, ...filledDraft.passengers.slice(2)] as CheckoutDraft['passengers'] },
      duplicates: [0, 1],
    }),
  },
  ...spanish,
};
export const DuplicateNamesEnglish: Story = { ...DuplicateNames, ...english };
/** Reloaded during the submit: the server is still making the booking (issue 37). */
export const BookingInProgress: Story = { args: { state: checkoutIn({ bookingInProgress: 'waiting' }, { draft: filledDraft }) }, ...spanish };
export const BookingInProgressEnglish: Story = { ...BookingInProgress, ...english };
export const BookingInProgressChecking: Story = { args: { state: checkoutIn({ bookingInProgress: 'checking' }, { draft: filledDraft }) }, ...english };
/** The interrupted attempt ended without a booking: the form says so. */
export const EditingAfterInterruptedBooking: Story = { args: { state: checkoutIn('editing', { draft: filledDraft, bookingInterrupted: true }) }, ...spanish };
export const EditingAfterInterruptedBookingEnglish: Story = { ...EditingAfterInterruptedBooking, ...english };
export const Booking: Story = { args: { state: checkoutIn('booking', { draft: filledDraft, attempt: 1 }) }, ...spanish };
export const BookingEnglish: Story = { ...Booking, ...english };
export const Booked: Story = { args: { state: checkoutIn('booked', { draft: filledDraft, attempt: 1, booking: bookingResult as never }) }, ...spanish };
export const Left: Story = { args: { state: checkoutIn('left', { draft: filledDraft, attempt: 1 }) }, ...spanish };

export const FailedDuplicate: Story = { args: { state: failed(duplicateBookingResult) }, ...spanish };
export const FailedDuplicateEnglish: Story = { ...FailedDuplicate, ...english };
export const FailedDuplicateWithoutServerMessage: Story = { args: { state: failed({ statusCode: 1000, error: { status: 409, code: 1000, message: 'Duplicate', errors: [] } }) }, ...spanish };
export const FailedSegmentsCancelled: Story = { args: { state: failed(failure(1001, 'Los segmentos ya no están disponibles.')) }, ...spanish };
export const FailedFareChange: Story = { args: { state: failed(fareChangeResult) }, ...spanish };
export const FailedFareChangeEnglish: Story = { ...FailedFareChange, ...english };
export const FailedFareChangeMobile: Story = { ...FailedFareChange, globals: { locale: 'es', viewport: { value: 'mobile1', isRotated: false } } };
export const FailedFareChangeWithoutData: Story = { args: { state: failed(failure(1002, 'La tarifa cambió.')) }, ...spanish };
export const FailedUnexpected: Story = { args: { state: failed(failure(1003, 'Error inesperado.')) }, ...spanish };
export const FailedAttemptLimit: Story = { args: { state: failed(failure(1007, 'Límite de intentos.', { attempts: 3 })) }, ...spanish };
export const FailedAttemptLimitAgency: Story = {
  args: { state: checkoutMachine.resolveState({ value: 'bookingFailed', context: contextOf({ ...agencyContext, attempt: 3, failure: failure(1007, 'Límite', { attempts: 3 }) as BookingFailure }) }) },
  ...spanish,
};
export const FailedItError: Story = { args: { state: failed(failure(402, 'Error de TI.')) }, ...spanish };
export const FailedProviderError: Story = { args: { state: failed(failure(1303, 'El proveedor no responde.')) }, ...spanish };
export const FailedProviderErrorEnglish: Story = { ...FailedProviderError, ...english };
export const FailedOther: Story = { args: { state: failed(failure(1500, 'El pasajero no puede viajar con esta tarifa.')) }, ...spanish };
export const FailedSeatTaken: Story = {
  args: { state: failed({ statusCode: 409, error: { status: 409, code: 'SEAT_TAKEN', message: 'Asiento no disponible', errors: [{ path: 'json.seats', value: 'Este asiento ya está asignado, favor de elegir otro ! (7C)' }] } }) },
  ...spanish,
};
export const FailedSeatTakenEnglish: Story = { ...FailedSeatTaken, ...english };
export const FailedInvalid: Story = {
  args: { state: failed({ statusCode: 400, error: { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid.', errors: [{ path: 'json.bookForm.contact.email', value: 'Enter a valid email' }] } }) },
  ...spanish,
};
export const FailedInvalidEnglish: Story = { ...FailedInvalid, ...english };
export const FailedOtherEnglish: Story = { ...FailedOther, ...english };

/** No answer, a timeout or a busy server: the booking may have been made; "try again" sends the same attempt. */
const unanswered = (answer: unknown) => checkoutIn('bookingUnanswered', { draft: filledDraft, attempt: 1, failure: answer as BookingFailure });
export const UnansweredNetwork: Story = {
  args: { state: unanswered({ statusCode: 0, error: { status: 0, code: 'NETWORK', message: 'Failed to fetch', errors: [] } }) },
  ...spanish,
};
export const UnansweredNetworkEnglish: Story = { ...UnansweredNetwork, ...english };
export const UnansweredTimeout: Story = { args: { state: unanswered({ statusCode: 504, error: { status: 504, code: 504, message: 'Provider timeout', errors: [] } }) }, ...spanish };
export const UnansweredTimeoutEnglish: Story = { ...UnansweredTimeout, ...english };
export const UnansweredServerError: Story = {
  args: { state: unanswered({ statusCode: 503, error: { status: 503, code: 'INTERNAL', message: 'Internal error', errors: [] } }) },
  ...spanish,
};
export const UnansweredInProgress: Story = {
  args: { state: unanswered({ statusCode: 409, error: { status: 409, code: 'BOOKING_IN_PROGRESS', message: 'This checkout is being booked', errors: [] } }) },
  ...spanish,
};
/** 429 on the booking (issue 36): too many attempts, and when to try the same attempt again. */
export const UnansweredRateLimited: Story = {
  args: { state: unanswered({ statusCode: 429, error: { status: 429, code: 'RATE_LIMITED', message: 'Too many requests: try again in 42 s.', errors: [], retryAfterSeconds: 42 } }) },
  ...spanish,
};
export const UnansweredRateLimitedEnglish: Story = { ...UnansweredRateLimited, ...english };

// ── Baggage included: the fare's inclusions as the card and the fare comparison showed them (issue 20) ──
const promoOffer = aerolineasPromoSearch.data[0]!;
const promoSession = (selectedFare: (typeof aerolineasFamilyFares.fares)[number] | null) =>
  sessionSchema.parse({
    ...session,
    flights: promoOffer.itinerary.map((leg) => leg.flights[0]),
    recommendation: promoOffer,
    searchParams: { ...limCuzSessionSearchParams, flightType: 'OW', itinerary: [{ origin: 'LIM', destination: 'EZE', date: '20261210' }] },
    selectedFare,
  });
/** Aerolíneas Argentinas Promo, a basic fare spec 1 §5 forces to one carry-on: 1 piece, no checked bag. */
export const BaggageBasicFare: Story = { args: { state: checkoutIn('editing', { session: promoSession(null) }) }, ...english };
export const BaggageBasicFareSpanish: Story = { ...BaggageBasicFare, ...spanish };
/** Plus chosen in the fare comparison: its checked bag (1 piece 15 Kg), not the offer's own Promo. */
export const BaggageChosenFare: Story = {
  args: { state: checkoutIn('editing', { session: promoSession(aerolineasFamilyFares.fares.find((fare) => fare.code === 'PLUS') ?? null) }) },
  ...english,
};
export const BaggageChosenFareSpanish: Story = { ...BaggageChosenFare, ...spanish };
