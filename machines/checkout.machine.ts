import { and, assertEvent, assign, enqueueActions, fromPromise, not, raise, setup } from 'xstate';
import { Temporal } from 'temporal-polyfill';
import {
  defaultPaymentCode,
  type AppliedCoupon,
  type BookingFailure,
  type BookingResult,
  type BookingSuccess,
  type InsuranceSelection,
  type StoredCard,
  type TermsAcceptance,
  dialOptionForCountry,
} from '../src/contract/checkout.ts';
import type { CardDeclineReason } from '../src/contract/checkout-policy.ts';
import { bookingTotals } from '../src/contract/checkout-totals.ts';
import { passportOnlyTrip } from '../src/contract/checkout-rules.ts';
import { isoCountryOfMarket } from '../src/contract/common.ts';
import type { Engine } from '../src/contract/engine.ts';
import type { Fee } from '../src/contract/search.ts';
import type { Session } from '../src/contract/session.ts';
import {
  contactPhonePending,
  duplicatedPassengers,
  finalArrivalDate,
  firstSubmitProblem,
  isCompleteBirthdate,
  passengerDrafts,
  paymentIssueOf,
  phoneToCheck,
  submitBlockedByCard,
  tripCountries,
  type AgencyDraft,
  type ContactDraft,
  type PassengerDraft,
  type PhoneCheck,
  type PaymentIssue,
  type PhoneToCheck,
  type SubmitProblem,
  type SubmitSetting,
} from './checkout.rules.ts';
import { draftFitsParty, feesWithStoredCustomFee, storedDraftOf, storedDraftOfSession, type StoredCheckoutDraft } from './checkout-draft.ts';
import { closeReturnsToForm, retriesSameAttempt, sessionGone, UNREACHABLE_STATUS } from './booking-failures.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { couponMachine } from './coupon.machine.ts';
import { insuranceMachine, type InsuranceChoice } from './insurance.machine.ts';
import { notProvided } from './not-provided.ts';
import type { PhoneCountryIssue } from '../src/contract/phone-country.ts';
import type { ScotiabankLookup } from '../src/contract/scotiabank.ts';
import { PaymentProvider } from '../src/contract/checkout.ts';
import { withCustomFee } from './selection.ts';

export interface CheckoutInput {
  sessionID: string;
  /** The /b/checkout address: an agency in B2B mode (spec 2 §6). */
  business: boolean;
  /** Today in America/Lima (YYYY-MM-DD). */
  today: string;
  engine: Engine;
  /** Profiles checking duplicated names and asking personal-data authorisation (spec 2 §5). */
  duplicateNamesChecked?: boolean;
  needsPersonalDataAuthorization?: boolean;
  /** What the tab kept of this checkout before a reload (checkout-draft.ts); checked before use. */
  storedDraft?: unknown;
}

export interface CheckoutDraft {
  passengers: PassengerDraft[];
  contact: ContactDraft;
  agency: AgencyDraft;
  additional: { enabled: boolean; accountId: string };
  terms: TermsAcceptance;
  paymentCode: number | null;
  /** What the gateway answered for the card form: a token when approved, the reason when declined. */
  card: { valid: boolean; stored: StoredCard | null; declined: CardDeclineReason | null };
  /** Offered once plans load; the answer (a plan or none) and what it costs. */
  insurance: { offered: boolean; choice: InsuranceChoice | null; selection: InsuranceSelection | null };
  coupon: AppliedCoupon | null;
  /** The offer's fees with the agency's CUSTOM extra charge (B2B). */
  fees: Fee[];
}

export interface CheckoutContext extends Required<Omit<CheckoutInput, 'storedDraft'>> {
  session: Session | null;
  draft: CheckoutDraft;
  /** The booking a reload interrupted ended without one: the form says so (issue 37). */
  bookingInterrupted: boolean;
  /** The stored draft put back after a reload (null when none fits this session and its party). */
  restored: StoredCheckoutDraft | null;
  /** The Scotiabank card's lookup for this trip (spec 2 §7): asked once 123 is chosen; the server asks again when booking. */
  scotiabank: ScotiabankCheck;
  /** After a submit every field shows its error, not only the touched ones (spec 2 §4). */
  showAllErrors: boolean;
  problem: SubmitProblem | null;
  duplicates: number[];
  /** The contact phone's country check: its last answer, the number being checked, a submit waiting for it. */
  phoneCheck: PhoneCheck | null;
  phoneChecking: string | null;
  submitAfterPhoneCheck: boolean;
  /** Each booking attempt has its own idempotency key; a double click stays one attempt. */
  attempt: number;
  repricing: boolean;
  booking: BookingSuccess | null;
  failure: BookingFailure | null;
}

export type ScotiabankCheck = { status: 'idle' } | { status: 'checking' } | { status: 'answered'; lookup: ScotiabankLookup } | { status: 'unreachable' };

export interface BookingAttempt {
  context: CheckoutContext;
  attempt: number;
  repricing: boolean;
}

export type CheckoutEvent =
  | { type: 'passenger.change'; index: number; changes: Partial<PassengerDraft> }
  | { type: 'contact.change'; changes: ContactDraft }
  | { type: 'contact.copyFirstPassenger' }
  | { type: 'agency.change'; changes: AgencyDraft }
  | { type: 'additional.change'; enabled: boolean; accountId: string }
  | { type: 'terms.change'; changes: Partial<TermsAcceptance> }
  | { type: 'payment.select'; code: number }
  | { type: 'card.update'; valid: boolean; stored: StoredCard | null; declined?: CardDeclineReason | null }
  | { type: 'insurance.changed'; offered: boolean; choice: InsuranceChoice | null; selection: InsuranceSelection | null }
  | { type: 'coupon.changed'; coupon: AppliedCoupon | null }
  | { type: 'markup.custom'; value: string }
  | { type: 'checkout.submit' }
  | { type: 'notice.dismiss' }
  | { type: 'dialog.close' }
  | { type: 'fareChange.accept' }
  | { type: 'booking.retry' }
  | { type: 'search.other' }
  /** The Scotiabank lookup did not answer: ask again. */
  | { type: 'scotiabank.retry' }
  /** A checkout call other than the booking (seats, extras …) met an offer the airline sells no more (1001). */
  | { type: 'offer.unavailable'; failure: BookingFailure };

/**
 * The contact phone against its dial option's country: phone-country.ts carries libphonenumber-js
 * (~24 KB brotli), so the page loads it on the first phone to check (or on intent: the contact form's
 * focus), not with the page. Once loaded, checks answer at once.
 */
let phoneCountry: typeof import('../src/contract/phone-country.ts') | undefined;
export async function loadPhoneCountry() {
  phoneCountry ??= await import('../src/contract/phone-country.ts');
  return phoneCountry;
}

/** The answers of the spawned checks (the invoked actors' are typed by their invoke). */
type PhoneCheckEvent = { type: 'xstate.done.actor.checkPhone'; output: PhoneCountryIssue | null } | { type: 'xstate.error.actor.checkPhone'; error: unknown };
type ScotiabankEvent = { type: 'xstate.done.actor.lookupScotiabank'; output: ScotiabankLookup } | { type: 'xstate.error.actor.lookupScotiabank'; error: unknown };

/** What the Scotiabank card's lookup stops, when that card is chosen: a refusal, or no answer yet. */
function scotiabankIssue(context: CheckoutContext): PaymentIssue | null {
  if (context.draft.paymentCode !== PaymentProvider.scotiabank) return null;
  const check = context.scotiabank;
  if (check.status === 'answered') return check.lookup.reservable ? null : 'scotiabankRefused';
  return 'scotiabankUnchecked';
}

const noCard: CheckoutDraft['card'] = { valid: false, stored: null, declined: null };

/**
 * The total the booking would charge, as the pricing box shows it (the contract's one totals rule);
 * extras and seats are confirmed outside the machine and are not counted here.
 */
function draftTotal(context: CheckoutContext): number {
  const pricing = context.session?.selectedFare?.pricing ?? context.session?.recommendation?.pricing;
  if (!pricing) return 0;
  const { draft } = context;
  const plan = draft.insurance.selection;
  const buysPlan = plan !== null && plan.isSelect && !plan.isRejected && plan.productSelected !== 'none';
  return bookingTotals({
    fare: pricing.total,
    fees: draft.fees,
    engine: context.engine,
    paymentCode: draft.paymentCode,
    coupon: draft.coupon?.apply ? draft.coupon : null,
    insurancePerPassenger: buysPlan ? plan.priceTotal : null,
    passengerCount: draft.passengers.length,
    seatedCount: draft.passengers.filter((passenger) => passenger.type !== 'INF').length,
    extras: 0,
    seats: 0,
  }).total;
}

const emptyTerms: TermsAcceptance = { generalAcceptance: false, privacyPolicies: false, termsAndConditions: false, authorizePersonalData: false };

/** Contact country follows the engine profile: PE gives PE+51, US gives US+1 (spec 2 §4). */
/** The channel's own country's dial code (spec 2 §4: PE+51, US+1; CO+57, EC+593, MX+52, DO+1-809 likewise, issue 37), else Peru's. */
const contactCountry = (engine: Engine) => dialOptionForCountry(isoCountryOfMarket(engine.profile.countryCode)) ?? 'PE+51';

function submitSetting(context: CheckoutContext): SubmitSetting {
  const flights = context.session?.flights ?? [];
  const lastArrival = flights.at(-1)?.arrivalDateTime ?? `${context.today}T00:00:00`;
  return {
    profileCountry: context.engine.profile.countryCode,
    finalArrival: finalArrivalDate(lastArrival),
    today: Temporal.PlainDate.from(context.today),
    passportOnly: passportOnlyTrip(tripCountries(flights), context.session?.recommendation?.pos.systemProviderCode ?? 0),
    isAgencyView: context.engine.isAgency && context.business,
    paymentIssue: scotiabankIssue(context) ?? paymentIssueOf(context.draft.paymentCode, context.draft.card, draftTotal(context), context.engine.currency.code, context.engine.cardVault !== false),
    needsPersonalDataAuthorization: context.needsPersonalDataAuthorization,
    insuranceUnanswered: context.duplicateNamesChecked && context.draft.insurance.offered && context.draft.insurance.choice === null,
    contactPhone: context.phoneCheck,
  };
}

export const checkoutSetting = submitSetting;

/** After each change the traveller makes, the draft is kept for a reload: its stored form, never the card. */
const saveDraft = { type: 'saveDraft', params: ({ context }: { context: CheckoutContext }) => storedDraftOf(context.sessionID, context.draft) } as const;

/** How often a checkout reloaded during its booking reads the session again. */
export const BOOKING_RECHECK_MS = 2_000;

export const checkoutMachine = setup({
  delays: { bookingRecheck: BOOKING_RECHECK_MS },
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent | PhoneCheckEvent | ScotiabankEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadSession: notProvided<Session, { sessionID: string }>('loadSession'),
    /** POST /api/flights/book; business errors come back as a result with statusCode ≠ 1. */
    book: notProvided<BookingResult, BookingAttempt>('book'),
    /** GET /api/checkout/scotiabank: may the Scotiabank card reserve this session's trip? */
    lookupScotiabank: notProvided<ScotiabankLookup, { sessionID: string }>('lookupScotiabank'),
    insurance: insuranceMachine,
    coupon: couponMachine,
    /** The contact phone's country check while phone-country.ts loads. */
    checkPhone: fromPromise<PhoneCountryIssue | null, PhoneToCheck>(async ({ input }) => (await loadPhoneCountry()).phoneCountryIssue(input.digits, input.dialOption)),
  },
  actions: {
    startDraft: assign(({ context, event }) => {
      const session = (event as unknown as { output: Session }).output;
      const party = session.searchParams?.passengers ?? { adults: 1, children: 0, infants: 0 };
      const fees = session.recommendation?.pricing.fees ?? [];
      const paymentCode = defaultPaymentCode(context.engine.profile.countryCode, context.engine.isAgency);
      // After a reload, what the traveller typed comes back; never the card (checkout-draft.ts).
      const restored = context.restored && draftFitsParty(context.restored, party) ? context.restored : null;
      if (!restored) return { session, restored, draft: { ...context.draft, passengers: passengerDrafts(party), fees, paymentCode } };
      return {
        session,
        restored,
        draft: {
          ...context.draft,
          passengers: restored.passengers as PassengerDraft[],
          contact: { ...context.draft.contact, ...(restored.contact as ContactDraft) },
          agency: restored.agency as AgencyDraft,
          additional: restored.additional,
          terms: { ...emptyTerms, ...restored.terms },
          paymentCode: restored.paymentCode ?? paymentCode,
          fees: feesWithStoredCustomFee(fees, restored.customFee),
        },
      };
    }),
    startInsuranceAndCoupon: enqueueActions(({ context, enqueue }) => {
      const providerCode = context.session?.recommendation?.pos.systemProviderCode ?? 0;
      enqueue.spawnChild('insurance', {
        id: 'insurance',
        input: {
          offered: context.engine.insuranceProducts.length > 0 && providerCode !== 101,
          passengersQuantity: context.draft.passengers.length,
          // A restored answer, and the restored birthdates (someone over 70 gets no plan).
          restoredChoice: context.restored?.insuranceChoice ?? null,
          birthdates: context.draft.passengers.flatMap((passenger) => (isCompleteBirthdate(passenger.birthdate) ? [passenger.birthdate] : [])),
          finalArrival: submitSetting(context).finalArrival.toString(),
        },
      });
      enqueue.spawnChild('coupon', { id: 'coupon', input: { paymentCode: context.draft.paymentCode } });
      // A restored coupon is checked again, not trusted.
      const couponCode = context.restored?.couponCode;
      if (couponCode) enqueue.sendTo('coupon', { type: 'coupon.apply', code: couponCode });
    }),
    changePassenger: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'passenger.change');
        // Choosing a document type clears the document number (spec 2 §4).
        const clearsNumber = 'documentType' in event.changes && !('documentNumber' in event.changes);
        const passengers = context.draft.passengers.map((passenger, index) =>
          index === event.index ? { ...passenger, ...event.changes, ...(clearsNumber ? { documentNumber: '' } : {}) } : passenger,
        );
        return { ...context.draft, passengers };
      },
    }),
    tellInsuranceTheAges: enqueueActions(({ context, enqueue }) => {
      // Only whole, real dates: a birthdate being typed has no age yet.
      const birthdates = context.draft.passengers.flatMap((passenger) => (isCompleteBirthdate(passenger.birthdate) ? [passenger.birthdate] : []));
      enqueue.sendTo('insurance', { type: 'insurance.ages', birthdates, finalArrival: submitSetting(context).finalArrival.toString() });
    }),
    /** At once when phone-country.ts is in; else one loading check at a time, a number typed meanwhile checked after it. */
    checkContactPhone: enqueueActions(({ context, enqueue }) => {
      const due = phoneToCheck(context.draft.contact);
      if (!due || context.phoneCheck?.key === due.key || context.phoneChecking !== null) return;
      if (phoneCountry) {
        enqueue.assign({ phoneCheck: { key: due.key, issue: phoneCountry.phoneCountryIssue(due.digits, due.dialOption) } });
        return;
      }
      enqueue.assign({ phoneChecking: due.key });
      enqueue.spawnChild('checkPhone', { id: 'checkPhone', input: due });
    }),
    /** The answer is for the number sent (a replayed trace's masked number keeps the same answer). */
    recordPhoneCheck: assign({
      phoneCheck: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.checkPhone');
        return context.phoneChecking === null ? context.phoneCheck : { key: context.phoneChecking, issue: event.output };
      },
      phoneChecking: null,
    }),
    /** The check could not load (offline): the submit goes on without it; the server checks the number again. */
    dropPhoneCheck: assign({ phoneChecking: null }),
    waitForPhoneCheck: assign({ submitAfterPhoneCheck: true }),
    /** A submit that waited for the phone's check is made now, with its answer. */
    submitAfterPhoneCheck: enqueueActions(({ context, enqueue }) => {
      if (!context.submitAfterPhoneCheck || context.phoneChecking !== null) return;
      enqueue.assign({ submitAfterPhoneCheck: false });
      enqueue(raise({ type: 'checkout.submit' }));
    }),
    changeContact: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'contact.change');
        return { ...context.draft, contact: { ...context.draft.contact, ...event.changes } };
      },
    }),
    /** The first-passenger box copies the first passenger's name, phone and email (spec 2 §4). */
    copyFirstPassenger: assign({
      draft: ({ context }) => {
        const first = context.draft.passengers[0];
        const copied = { firstName: first?.firstName, lastName: first?.lastName, email: first?.email, phoneNumber: first?.phoneNumber };
        return { ...context.draft, contact: { ...context.draft.contact, ...copied } };
      },
    }),
    changeAgency: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'agency.change');
        return { ...context.draft, agency: { ...context.draft.agency, ...event.changes } };
      },
    }),
    changeAdditional: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'additional.change');
        return { ...context.draft, additional: { enabled: event.enabled, accountId: event.accountId } };
      },
    }),
    changeTerms: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'terms.change');
        return { ...context.draft, terms: { ...context.draft.terms, ...event.changes } };
      },
    }),
    selectPayment: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'payment.select');
        return { ...context.draft, paymentCode: event.code, card: noCard };
      },
    }),
    /** The Scotiabank card's form opens with its lookup (spec 2 §7), asked once per trip unless it did not answer. */
    lookUpScotiabank: enqueueActions(({ context, enqueue }) => {
      if (context.draft.paymentCode !== PaymentProvider.scotiabank) return;
      if (context.scotiabank.status === 'checking' || context.scotiabank.status === 'answered') return;
      enqueue.assign({ scotiabank: { status: 'checking' } });
      enqueue.spawnChild('lookupScotiabank', { id: 'lookupScotiabank', input: { sessionID: context.sessionID } });
    }),
    recordScotiabankLookup: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.lookupScotiabank');
      const scotiabank = { status: 'answered' as const, lookup: event.output };
      // A refusal the last submit reported goes with a card the bank accepts; the problem follows the answer.
      if (context.problem?.kind !== 'payment') return { scotiabank };
      const issue = submitSetting({ ...context, scotiabank }).paymentIssue;
      return { scotiabank, problem: issue ? { kind: 'payment' as const, issue } : null };
    }),
    dropScotiabankLookup: assign({ scotiabank: { status: 'unreachable' } }),
    tellCouponThePayment: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('coupon', { type: 'payment.changed', paymentCode: context.draft.paymentCode });
    }),
    /** A payment problem of the last submit follows the card: another, approved card clears it. */
    updateCard: assign(({ context, event }) => {
      assertEvent(event, 'card.update');
      const card = { valid: event.valid, stored: event.valid ? event.stored : null, declined: event.valid ? null : (event.declined ?? null) };
      const draft = { ...context.draft, card };
      if (context.problem?.kind !== 'payment') return { draft };
      const issue = submitSetting({ ...context, draft }).paymentIssue;
      return { draft, problem: issue ? { kind: 'payment' as const, issue } : null };
    }),
    setInsurance: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'insurance.changed');
        return { ...context.draft, insurance: { offered: event.offered, choice: event.choice, selection: event.selection } };
      },
    }),
    setCoupon: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'coupon.changed');
        return { ...context.draft, coupon: event.coupon };
      },
    }),
    setCustomMarkup: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'markup.custom');
        return { ...context.draft, fees: withCustomFee(context.draft.fees, event.value) ?? context.draft.fees };
      },
    }),
    recordProblem: assign({
      showAllErrors: true,
      problem: ({ context }) => firstSubmitProblem(context.draft, submitSetting(context)),
    }),
    /** A submit without the insurance answer opens the 'insurance not chosen' modal (spec 2 §2). */
    askInsurance: enqueueActions(({ context, enqueue }) => {
      if (context.problem?.kind === 'insurance') enqueue.sendTo('insurance', { type: 'insurance.ask' });
    }),
    recordDuplicates: assign({ duplicates: ({ context }) => duplicatedPassengers(context.draft.passengers) }),
    clearProblem: assign({ problem: null, duplicates: [] }),
    startAttempt: assign({ attempt: ({ context }) => context.attempt + 1, repricing: false, failure: null, problem: null, bookingInterrupted: false }),
    noteInterruptedBooking: assign({ bookingInterrupted: true }),
    startRepricedAttempt: assign({ attempt: ({ context }) => context.attempt + 1, repricing: true, failure: null }),
    recordBooking: assign({ booking: ({ event }) => (event as unknown as { output: BookingSuccess }).output }),
    recordSessionBooking: assign({ booking: ({ event }) => completeBookingOf((event as unknown as { output: Session | null }).output) }),
    recordFailure: assign({ failure: ({ event }) => (event as unknown as { output: BookingFailure }).output }),
    recordOfferUnavailable: assign({
      failure: ({ event }) => {
        assertEvent(event, 'offer.unavailable');
        return event.failure;
      },
    }),
    recordUnreachable: assign({
      failure: ({ event }) => ({
        statusCode: UNREACHABLE_STATUS,
        error: { status: UNREACHABLE_STATUS, code: 'NETWORK', message: (event as unknown as { error: Error }).error?.message ?? 'Network error', errors: [] },
      }),
    }),
    /** The same attempt again: its idempotency key is kept, so a booking already made is answered, not doubled. */
    resendAttempt: assign({ failure: null }),
    clearFailure: assign({ failure: null }),
    /**
     * Provided by the app: scroll to the top when a traveller form fails (spec 2 §4), focusing the
     * first field to fix without scrolling again.
     */
    scrollToTop: () => {},
    /** Provided by the app: focus (and so scroll to) the first field marked invalid. */
    focusFirstInvalidField: () => {},
    /**
     * Provided by the app: keep the draft for a reload (the tab's sessionStorage). It receives only
     * the stored form of the draft, which has no card data; null when the draft cannot be kept.
     */
    saveDraft: (_args: unknown, _draft: StoredCheckoutDraft | null) => {},
    /** Provided by the app: drop the kept draft (the booking is made). */
    forgetDraft: () => {},
    /** Provided by the app: go back (session expired dialog, spec 2 §2). */
    goBack: () => {},
    /** Provided by the app: /payment/process or /book/confirmation (spec 3 §4). */
    routeAfterBooking: () => {},
    /** Provided by the app: a new search for other flights (errors 1002 and 1303). */
    searchOtherFlights: () => {},
  },
  guards: {
    hasSession: ({ event }) => {
      const session = (event as unknown as { output: Session | null }).output;
      return Boolean(session?.flights?.length && session.recommendation && session.searchParams);
    },
    cardBlocksSubmit: ({ context }) => submitBlockedByCard(context.draft.paymentCode, context.draft.card.valid, context.engine.cardVault !== false),
    hasProblem: ({ context }) => firstSubmitProblem(context.draft, submitSetting(context)) !== null,
    travellersFail: ({ context }) => firstSubmitProblem(context.draft, submitSetting(context))?.kind === 'travellers',
    hasDuplicateNames: ({ context }) => context.duplicateNamesChecked && duplicatedPassengers(context.draft.passengers).length > 0,
    isBookedSession: ({ event }) => completeBookingOf((event as unknown as { output: Session | null }).output) !== null,
    isBooked: ({ event }) => (event as unknown as { output: BookingResult }).output.statusCode === 1,
    /** The server is still making this session's booking (a reload during the submit). */
    isBookingInProgress: ({ event }) => (event as unknown as { output: Session | null }).output?.bookingInProgress === true,
    hasFareChange: ({ context }) => context.failure?.statusCode === 1002 && Boolean(context.failure.error.fareChange),
    isProviderError: ({ context }) => context.failure?.statusCode === 1303,
    /** No answer, a timeout or a busy server: the booking may have been made (booking-failures.ts). */
    isUnanswered: ({ event }) => retriesSameAttempt((event as unknown as { output: BookingFailure }).output),
    isSessionGone: ({ event }) => sessionGone((event as unknown as { output: BookingFailure }).output),
    closeReturnsToForm: ({ context }) => context.failure !== null && closeReturnsToForm(context.failure),
    contactPhonePending: ({ context }) =>
      !(context.engine.isAgency && context.business) && contactPhonePending(context.draft.contact, context.phoneCheck) && context.phoneChecking !== null,
    isExistingPassenger: ({ context, event }) => {
      assertEvent(event, 'passenger.change');
      return event.index >= 0 && event.index < context.draft.passengers.length;
    },
  },
}).createMachine({
  id: 'checkout',
  context: ({ input: { storedDraft, ...input } }) => ({
    duplicateNamesChecked: false,
    needsPersonalDataAuthorization: false,
    ...input,
    session: null,
    restored: storedDraftOfSession(storedDraft, input.sessionID),
    draft: {
      passengers: [],
      contact: { countryCode: contactCountry(input.engine) },
      agency: {},
      additional: { enabled: false, accountId: '' },
      terms: emptyTerms,
      paymentCode: null,
      card: noCard,
      insurance: { offered: false, choice: null, selection: null },
      coupon: null,
      fees: [],
    },
    scotiabank: { status: 'idle' },
    showAllErrors: false,
    problem: null,
    bookingInterrupted: false,
    duplicates: [],
    phoneCheck: null,
    phoneChecking: null,
    submitAfterPhoneCheck: false,
    attempt: 0,
    repricing: false,
    booking: null,
    failure: null,
  }),
  initial: 'loading',
  on: {
    // Checks run past the editing state: their answer is kept wherever it lands.
    'xstate.done.actor.checkPhone': { actions: ['recordPhoneCheck', 'checkContactPhone', 'submitAfterPhoneCheck'] },
    'xstate.error.actor.checkPhone': { actions: ['dropPhoneCheck', 'submitAfterPhoneCheck'] },
    'xstate.done.actor.lookupScotiabank': { actions: 'recordScotiabankLookup' },
    'xstate.error.actor.lookupScotiabank': { actions: 'dropScotiabankLookup' },
  },
  states: {
    /** The page loads the session by id; nothing returned means it expired (spec 2 §2). */
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: ({ context }) => ({ sessionID: context.sessionID }),
        onDone: [
          // A booked checkout is closed (Back, reload, an old tab): it goes to its booking's pages.
          { guard: 'isBookedSession', target: 'booked', actions: 'recordSessionBooking' },
          { guard: 'isBookingInProgress', target: 'bookingInProgress', actions: ['startDraft', 'startInsuranceAndCoupon', 'checkContactPhone', 'lookUpScotiabank'] },
          { guard: 'hasSession', target: 'editing', actions: ['startDraft', 'startInsuranceAndCoupon', 'checkContactPhone', 'lookUpScotiabank'] },
          { target: 'sessionExpired' },
        ],
        onError: 'sessionExpired',
      },
    },
    /**
     * The page was reloaded (or opened again) while the server made this session's booking: it says so and
     * reads the session again until the booking is there (its pages) or the attempt ended without one (the form).
     */
    bookingInProgress: {
      initial: 'waiting',
      states: {
        waiting: { after: { bookingRecheck: 'checking' } },
        checking: {
          invoke: {
            id: 'recheckSession',
            src: 'loadSession',
            input: ({ context }) => ({ sessionID: context.sessionID }),
            onDone: [
              { guard: 'isBookedSession', target: '#checkout.booked', actions: 'recordSessionBooking' },
              { guard: 'isBookingInProgress', target: 'waiting' },
              { guard: 'hasSession', target: '#checkout.editing', actions: 'noteInterruptedBooking' },
              { target: '#checkout.sessionExpired' },
            ],
            // A dropped read is tried again: the booking may still be made.
            onError: 'waiting',
          },
        },
      },
    },
    sessionExpired: { on: { 'dialog.close': { target: 'left', actions: 'goBack' } } },
    editing: {
      on: {
        'passenger.change': { guard: 'isExistingPassenger', actions: ['changePassenger', 'tellInsuranceTheAges', saveDraft] },
        'contact.change': { actions: ['changeContact', 'checkContactPhone', saveDraft] },
        'contact.copyFirstPassenger': { actions: ['copyFirstPassenger', 'checkContactPhone', saveDraft] },
        'agency.change': { actions: ['changeAgency', saveDraft] },
        'additional.change': { actions: ['changeAdditional', saveDraft] },
        'terms.change': { actions: ['changeTerms', saveDraft] },
        'payment.select': { actions: ['selectPayment', 'tellCouponThePayment', 'lookUpScotiabank', saveDraft] },
        'scotiabank.retry': { actions: 'lookUpScotiabank' },
        'card.update': { actions: 'updateCard' },
        'insurance.changed': { actions: ['setInsurance', saveDraft] },
        'coupon.changed': { actions: ['setCoupon', saveDraft] },
        'markup.custom': { actions: ['setCustomMarkup', saveDraft] },
        'notice.dismiss': { actions: 'clearProblem' },
        // The booking's 1001 dialog, with its way out (back, or other flights).
        'offer.unavailable': { target: 'bookingFailed', actions: 'recordOfferUnavailable' },
        'checkout.submit': [
          // The button is disabled then; a click that slips through does nothing.
          { guard: 'cardBlocksSubmit' },
          // The contact phone's country check is still loading: the submit is made once it answers.
          { guard: 'contactPhonePending', actions: 'waitForPhoneCheck' },
          { guard: and(['hasProblem', 'travellersFail']), actions: ['recordProblem', 'scrollToTop'] },
          { guard: and(['hasProblem', not('travellersFail')]), actions: ['recordProblem', 'askInsurance', 'focusFirstInvalidField'] },
          { guard: 'hasDuplicateNames', target: 'duplicateNames', actions: 'recordDuplicates' },
          { target: 'booking', actions: 'startAttempt' },
        ],
      },
    },
    /** 'Uno o más pasajeros tienen nombre y apellidos iguales' (spec 2 §8). */
    duplicateNames: { on: { 'dialog.close': { target: 'editing', actions: 'clearProblem' } } },
    /** The submit button shows the processing label and ignores clicks: no submit handler here. */
    booking: {
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => ({ context, attempt: context.attempt, repricing: context.repricing }),
        onDone: [
          { guard: 'isBooked', target: 'booked', actions: 'recordBooking' },
          { guard: 'isSessionGone', target: 'sessionExpired' },
          { guard: 'isUnanswered', target: 'bookingUnanswered', actions: 'recordFailure' },
          { target: 'bookingFailed', actions: 'recordFailure' },
        ],
        // No answer at all (connection dropped, offline): the booking may have been made.
        onError: { target: 'bookingUnanswered', actions: 'recordUnreachable' },
      },
    },
    booked: { type: 'final', entry: ['forgetDraft', 'routeAfterBooking'] },
    /**
     * The booking error dialog of spec 2 §8. Closing it clears the error and goes back (spec 2 §2, §4),
     * or returns to the form where the dialog asks for something there (booking-failures.ts).
     */
    bookingFailed: {
      on: {
        'dialog.close': [
          { guard: 'closeReturnsToForm', target: 'editing', actions: 'clearFailure' },
          { target: 'left', actions: ['clearFailure', 'goBack'] },
        ],
        'fareChange.accept': { guard: 'hasFareChange', target: 'booking', actions: 'startRepricedAttempt' },
        'booking.retry': { guard: 'isProviderError', target: 'booking', actions: 'startAttempt' },
        'search.other': { target: 'left', actions: ['clearFailure', 'searchOtherFlights'] },
      },
    },
    /**
     * No answer, a timeout (504) or a busy server: the booking may have gone through. "Try again" sends
     * the same attempt with its idempotency key (never a second booking); or search other flights.
     */
    bookingUnanswered: {
      on: {
        'booking.retry': { target: 'booking', actions: 'resendAttempt' },
        'search.other': { target: 'left', actions: ['clearFailure', 'searchOtherFlights'] },
      },
    },
    left: { type: 'final' },
  },
});
