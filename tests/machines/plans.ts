import { fromCallback, fromPromise, type AnyStateMachine, type ContextFrom, type PromiseActorLogic } from 'xstate';
import { airportAutocompleteMachine } from '../../machines/airport-autocomplete.machine.ts';
import { bookingStatusMachine, type BookingStatusEvent } from '../../machines/booking-status.machine.ts';
import { bookingConfirmationMachine } from '../../machines/booking-confirmation.machine.ts';
import { checkoutMachine, type CheckoutInput } from '../../machines/checkout.machine.ts';
import { couponMachine } from '../../machines/coupon.machine.ts';
import { extraBaggageMachine } from '../../machines/extra-baggage.machine.ts';
import { fareFamiliesMachine } from '../../machines/fare-families.machine.ts';
import { NO_BAGS } from '../../machines/bag-prices.ts';
import { nearbyNoteMachine } from '../../machines/nearby-note.machine.ts';
import { fareRulesMachine } from '../../machines/fare-rules.machine.ts';
import { filtersMachine, type FiltersEvent } from '../../machines/filters.machine.ts';
import { insuranceMachine } from '../../machines/insurance.machine.ts';
import { paymentOrderMachine, type PaymentOrderEvent } from '../../machines/payment-order.machine.ts';
import { paymentProcessMachine } from '../../machines/payment-process.machine.ts';
import { manageBookingMachine } from '../../machines/manage-booking.machine.ts';
import { orderResultMachine } from '../../machines/order-result.machine.ts';
import { payPalCheckoutMachine, payPalReturnMachine } from '../../machines/paypal-payment.machine.ts';
import { cardCheckoutMachine } from '../../machines/card-checkout.machine.ts';
import { bankTransferMachine } from '../../machines/bank-transfer.machine.ts';
import { cuotealoPaymentMachine } from '../../machines/cuotealo-payment.machine.ts';
import { pagoEfectivoCipMachine } from '../../machines/pagoefectivo-cip.machine.ts';
import { paymentDeadlineMachine } from '../../machines/payment-deadline.machine.ts';
import { acuotazPaymentMachine } from '../../machines/acuotaz-payment.machine.ts';
import { transferAccounts } from '../../src/contract/fixtures/bank-transfer.ts';
import { cardAuthorizations, cardCheckoutForm, cardCheckoutHostedSession, cardCheckoutInput, cardCheckoutSession } from '../../src/contract/fixtures/card-checkout.ts';
import { cancelledBooking, foundBooking, MANAGED_LAST_NAME, MANAGED_LINK_TOKEN, MANAGED_PNR } from '../../src/contract/fixtures/manage-booking.ts';
import { recommendationCardMachine } from '../../machines/recommendation-card.machine.ts';
import { searchFormMachine, type SearchFormEvent } from '../../machines/search-form.machine.ts';
import { seatPickerMachine } from '../../machines/seat-picker.machine.ts';
import { PROGRESS_DONE, searchMachine } from '../../machines/search.machine.ts';
import type { AppliedCoupon, SeatMap } from '../../src/contract/checkout.ts';
import {
  adultPassenger as adultPassengerInput,
  agencyForm,
  ancillaryBaggageOptions,
  bookingResult,
  checkoutSeats,
  contactForm,
  fareChangeResult,
  fareRules,
  insuranceProducts,
  limCuzFlights,
  limCuzRecommendation,
  limCuzSearchParams,
} from '../../src/contract/fixtures/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { errorCodes } from '../../src/contract/common.ts';
import { confirmationSession } from '../../src/contract/fixtures/confirmation.ts';
import { latamFamilyFares, limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';
import { searchRequestSchema } from '../../src/contract/search.ts';
import { offer } from './support/offers.ts';
import { journeyOffers } from '../../src/web/features/results/card/journey-offers.ts';
import { planMachinePaths, type PathPlanOptions } from './support/path-plan.ts';
import { postSalePlanMachine, postSalePlanOptions } from './postsale-plan.ts';
import { creditLineMachine } from '../../machines/credit-line.machine.ts';
import { hasPrices, priceCalendarMachine } from '../../machines/price-calendar.machine.ts';
import { priceCalendarAnswer, priceCalendarRequest } from '../../src/contract/fixtures/price-calendar.ts';
import { datePricesMachine, datePricesKey, type DatePricesQuery } from '../../machines/date-prices.machine.ts';
import { exploreMachine } from '../../machines/explore.machine.ts';
import { exploreAnswer } from '../../src/contract/fixtures/explore.ts';
import { priceAlertMachine } from '../../machines/price-alert.machine.ts';
import { priceAlertLinkMachine } from '../../machines/price-alert-link.machine.ts';
import { trackedRoute } from '../../src/contract/fixtures/price-alerts.ts';

/**
 * Every machine's path plan in one place: the sample events, inputs and context key that the path
 * tests traverse, and that the story coverage test uses to enumerate each machine's reachable states.
 * `machine` has never-settling invoked actors, so a replayed path's own done/error events drive it.
 */
export interface MachinePlan<TMachine extends AnyStateMachine> extends PathPlanOptions<TMachine> {
  machine: TMachine;
}

const plan = <TMachine extends AnyStateMachine>(machine: TMachine, options: PathPlanOptions<TMachine>): MachinePlan<TMachine> => ({ machine, ...options });

/** An invoked call that never settles: the planned path sends its done or error event itself. */
export const pending = <TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
/** Messages to a parent that these plans never have. */
const noParent = () => {};

export const today = '2026-11-21';
export const places = {
  lima: { code: 'LIM', description: 'Lima, Perú' },
  cusco: { code: 'CUZ', description: 'Cusco, Perú' },
  arequipa: { code: 'AQP', description: 'Arequipa, Perú' },
};
export const sessionID = '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10';
export const adultPassenger = { ...adultPassengerInput, type: 'ADT' as const };
export const allTerms = { generalAcceptance: true, privacyPolicies: true, termsAndConditions: true };
export const consumerEngine = engineFixtures.find((engine) => engine.id === '9132868')!;
export const agencyEngine = engineFixtures.find((engine) => engine.id === '2113855')!;

/** A live checkout session for some adults (one adult: one passenger form completes the travellers). */
export const checkoutSession = (adults: number) => ({
  sessionID,
  createdAt: '2026-11-21T15:00:00Z',
  lastActivityAt: '2026-11-21T15:00:00Z',
  expiresAt: '2026-11-21T15:30:00Z',
  searchParams: searchRequestSchema.parse({ ...limCuzSearchParams, passengers: { adults, children: 0, infants: 0 } }),
  flights: limCuzFlights,
  recommendation: limCuzRecommendation,
});

export const checkoutInputs = {
  consumer: { sessionID, business: false, today, engine: consumerEngine } satisfies CheckoutInput,
  checkingDuplicates: { sessionID, business: false, today, engine: consumerEngine, duplicateNamesChecked: true } satisfies CheckoutInput,
  agency: { sessionID, business: true, today, engine: agencyEngine } satisfies CheckoutInput,
};

/** Offers for the filter rules: one per airline, stop count and time band, and one mixing airlines. */
export const filterOffers = [
  offer({ id: 'la-direct-morning', airline: 'LA', total: 300, stops: 0, departHour: 6, returnHour: 19, returnArrivalHour: 20, minutes: 85 }),
  offer({ id: 'h2-one-stop-afternoon', airline: 'H2', total: 180, stops: 1, departHour: 13, returnHour: 9, returnArrivalHour: 13, minutes: 240, group: 'NDC', provider: 105 }),
  offer({ id: 'av-two-stops-evening', airline: 'AV', total: 150, stops: 2, departHour: 20, returnHour: 14, returnArrivalHour: 0, minutes: 600, group: 'GDS', provider: 100 }),
  offer({ id: 'mixed-la-h2', airline: 'LA', returnAirline: 'H2', total: 220, stops: 0, departHour: 10, returnHour: 12, returnArrivalHour: 13, minutes: 90, flightNumber: '2047' }),
];
/** More offers than one page of results, so "show more" has something to show. */
const pageFiller = Array.from({ length: 25 }, (_, index) => offer({ id: `offer-${index}`, total: 100 + index }));

export const appliedCoupon = {
  description: 'COUPON',
  amount: 12.5,
  percentage: false,
  perBooking: true,
  apply: true,
  promotionalCode: 'RIPLEY',
  paymentType: 121,
  appliedAt: '2026-11-21T15:00:00Z',
} as AppliedCoupon;

export const extraBaggageInput = {
  legs: [{ origin: 'LIM', destination: 'CUZ' }, { origin: 'CUZ', destination: 'LIM' }],
  passengerTypes: ['ADT', 'CHD', 'INF'] as const,
};

/** Lima–Cusco and back, row 5 of the A320 only (5E taken on the way out), two seated passengers. */
export const seatPickerMap: SeatMap = {
  passengers: checkoutSeats.passengers.slice(0, 2),
  segments: checkoutSeats.segments.map((segment) => ({ ...segment, rows: segment.rows.filter((row) => row.rowNumber === 5) })),
};

export const autocompleteLima = { code: 'LIM', name: 'Jorge Chávez', cityName: 'Lima', countryCode: 'PE', countryName: 'Perú', type: 'A' as const };
export const searchRequest = searchRequestSchema.parse(limCuzSearchParams);

const recommendation = limCuzRecommendation;
const birthdateOver70 = { year: 1950, month: 1, day: 1 };
const otherFare = latamFamilyFares.fares.find((fare) => fare.code !== recommendation.itinerary[0]!.flights[0]!.brandedFare?.brandID)!;
const failure1303 = { statusCode: 1303, error: { status: 200, code: 1303, message: 'Intermitencia del proveedor', errors: [] } };
/** Failures of the book call itself (booking-failures.ts): a timeout, a refused field, a sold seat, an expired session. */
export const bookCallFailures = {
  timeout: { statusCode: 504, error: { status: 504, code: 504, message: 'Provider timeout', errors: [] } },
  invalid: { statusCode: 400, error: { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid.', errors: [{ path: 'json.bookForm', value: 'Este campo es requerido' }] } },
  seatTaken: { statusCode: 409, error: { status: 409, code: 'SEAT_TAKEN', message: 'Asiento no disponible', errors: [{ path: 'json.seats', value: 'Este asiento ya está asignado, favor de elegir otro ! (7C)' }] } },
  sessionExpired: { statusCode: 410, error: { status: 410, code: 'SESSION_EXPIRED', message: 'The session expired.', errors: [] } },
};
/** What a checkout call other than the booking throws when the airline sells the offer no more (409, code 1001). */
export const segmentsUnavailableAnswer = {
  body: { status: 409, code: 1001, message: 'Segmentos cancelados', errors: [{ path: 'body.id', code: '1001', value: 'Los segmentos del vuelo aún no están confirmados o ya no están disponibles. Intente con otros vuelos.' }] },
};
export const paymentOrderEvents: PaymentOrderEvent[] = [{ type: 'order.pay' }, { type: 'order.settle' }, { type: 'order.cancel' }, { type: 'order.expire' }];
const sampleEvents = (events: object[]) => () => events as never;

/** The date picker's question about a month of Lima–Cusco (one adult): departures, or returns after `departure`. */
export const datePricesQuery = (month: string, departure: string | null): DatePricesQuery => ({
  terminalId: '9132868',
  token: null,
  origin: 'LIM',
  destination: 'CUZ',
  adults: 1,
  children: 0,
  infants: 0,
  cabin: 'I',
  today,
  month,
  departure,
});

/** The checkout's sample events, but for the contact phone's country check (phoneCheckEvents). */
const checkoutEvents = [
  { type: 'xstate.done.actor.loadSession', output: checkoutSession(1) },
  { type: 'xstate.done.actor.loadSession', output: checkoutSession(2) },
  { type: 'xstate.done.actor.loadSession', output: { ...checkoutSession(1), booking: bookingResult } },
  { type: 'xstate.done.actor.loadSession', output: null },
  { type: 'xstate.error.actor.loadSession', error: new Error('gone') },
  // Reloaded during the submit (issue 37): the server is still booking; then booked, still busy, ended without one, gone.
  { type: 'xstate.done.actor.loadSession', output: { ...checkoutSession(1), bookingInProgress: true } },
  { type: 'xstate.after.bookingRecheck.checkout.bookingInProgress.waiting' },
  { type: 'xstate.done.actor.recheckSession', output: { ...checkoutSession(1), booking: bookingResult } },
  { type: 'xstate.done.actor.recheckSession', output: { ...checkoutSession(1), bookingInProgress: true } },
  { type: 'xstate.done.actor.recheckSession', output: checkoutSession(1) },
  { type: 'xstate.done.actor.recheckSession', output: null },
  { type: 'xstate.error.actor.recheckSession', error: new Error('offline') },
  { type: 'passenger.change', index: 0, changes: adultPassenger },
  { type: 'passenger.change', index: 1, changes: adultPassenger },
  { type: 'contact.change', changes: contactForm },
  { type: 'contact.copyFirstPassenger' },
  { type: 'agency.change', changes: agencyForm },
  { type: 'additional.change', enabled: true, accountId: 'ACC-1' },
  { type: 'terms.change', changes: allTerms },
  { type: 'payment.select', code: 122 },
  { type: 'card.update', valid: true, stored: { token: 'tok_sandbox_0001', brand: 'visa', last4: '4242' } },
  { type: 'insurance.changed', offered: true, choice: 'none', selection: null },
  { type: 'coupon.changed', coupon: null },
  { type: 'markup.custom', value: '15' },
  { type: 'notice.dismiss' },
  { type: 'checkout.submit' },
  { type: 'xstate.done.actor.book', output: bookingResult },
  { type: 'xstate.done.actor.book', output: fareChangeResult },
  { type: 'xstate.done.actor.book', output: failure1303 },
  { type: 'xstate.done.actor.book', output: bookCallFailures.timeout },
  { type: 'xstate.done.actor.book', output: bookCallFailures.seatTaken },
  { type: 'xstate.done.actor.book', output: bookCallFailures.sessionExpired },
  { type: 'xstate.error.actor.book', error: new Error('offline') },
  { type: 'dialog.close' },
  { type: 'fareChange.accept' },
  { type: 'booking.retry' },
  { type: 'search.other' },
  { type: 'offer.unavailable', failure: { statusCode: 1001, error: segmentsUnavailableAnswer.body } },
] as object[];
/**
 * While the contact phone's country check loads (phone-country.ts, on first need) the plan settles it,
 * with its answer or none (offline), or submits meanwhile: the other events do not meet the check, and
 * trying each of them then too would walk several times as many states.
 */
const phoneCheckEvents = [
  { type: 'xstate.done.actor.checkPhone', output: null },
  { type: 'xstate.error.actor.checkPhone', error: new Error('offline') },
  { type: 'checkout.submit' },
] as object[];

/**
 * The Scotiabank card (123) is chosen on an untouched form: its lookup's answers (scotiabankLookupEvents)
 * stop or free the submit whatever the rest of the form holds (payment is checked first), so the plan
 * does not fill the form again for each answer.
 */
const chooseScotiabank = { type: 'payment.select', code: 123 };
const withScotiabankChosen = [{ type: 'payment.select', code: 122 }, { type: 'scotiabank.retry' }, { type: 'card.update', valid: true, stored: { token: 'tok_sandbox_0001', brand: 'visa', last4: '4242' } }, { type: 'checkout.submit' }, { type: 'notice.dismiss' }] as object[];
const untouchedForm = (context: ContextFrom<typeof checkoutMachine>) =>
  !context.draft.passengers.some((passenger) => passenger.firstName) && !context.draft.contact.email && !context.draft.terms.generalAcceptance && context.problem === null;

/** While the Scotiabank card's lookup is out: it answers yes or no, or not at all; a submit meanwhile is refused. */
const scotiabankLookupEvents = [
  { type: 'xstate.done.actor.lookupScotiabank', output: { reservable: true, refusal: null } },
  { type: 'xstate.done.actor.lookupScotiabank', output: { reservable: false, refusal: 'DEPARTURE_TOO_SOON' } },
  { type: 'xstate.error.actor.lookupScotiabank', error: new Error('offline') },
  { type: 'card.update', valid: true, stored: { token: 'tok_sandbox_0001', brand: 'visa', last4: '4242' } },
  { type: 'checkout.submit' },
] as object[];

export const machinePlans = {
  searchForm: plan(searchFormMachine, {
    inputs: [{ today }, { today, openInNewWindow: true }],
    events: () =>
      [
        { type: 'trip.type', flightType: 'MC' },
        { type: 'trip.type', flightType: 'OW' },
        { type: 'trip.type', flightType: 'RT' },
        { type: 'origin.select', place: places.lima },
        { type: 'destination.select', place: places.cusco },
        { type: 'places.swap' },
        { type: 'dates.change', startDate: '2026-12-01', endDate: '2026-12-08' },
        { type: 'passengers.increment', kind: 'adults' },
        { type: 'passengers.decrement', kind: 'adults' },
        { type: 'cabin.select', cabin: 'C' },
        { type: 'airline.select', airline: { code: 'LA', name: 'LATAM Airlines' } },
        { type: 'corporateCode.change', value: 'abc1' },
        { type: 'country.select', country: 'US' },
        { type: 'leg.add' },
        { type: 'leg.remove' },
        { type: 'leg.change', index: 1, changes: { destination: places.arequipa } },
        { type: 'search.submit' },
        { type: 'dialog.close' },
      ] satisfies SearchFormEvent[],
    contextKey: ({ context }) =>
      [context.flightType, context.legs.length, context.passengers.adults > 1, Boolean(context.origin), Boolean(context.destination), Boolean(context.startDate), Boolean(context.endDate), context.problem?.kind].join(','),
  }),
  airportAutocomplete: plan(airportAutocompleteMachine.provide({ actors: { suggestAirports: pending() } }), {
    inputs: [{}],
    events: sampleEvents([
      { type: 'query.change', text: 'li' },
      { type: 'query.change', text: 'lim' },
      { type: 'xstate.after.typingPause.airportAutocomplete.waiting' },
      { type: 'xstate.done.actor.suggestAirports', output: [autocompleteLima] },
      { type: 'xstate.done.actor.suggestAirports', output: [] },
      { type: 'xstate.error.actor.suggestAirports', error: new Error('down') },
      { type: 'suggestion.pick', suggestion: autocompleteLima },
    ]),
    contextKey: ({ context }) => context.text,
  }),
  search: plan(searchMachine.provide({ actors: { saveSearchSession: pending(), searchFlights: pending(), progressTicker: fromCallback(() => {}) } }), {
    inputs: [{ request: searchRequest }, { request: searchRequest, initialTab: 1 }],
    events: sampleEvents([
      { type: 'xstate.done.actor.saveSearchSession', output: sessionID },
      { type: 'xstate.error.actor.saveSearchSession', error: new Error('network down') },
      { type: 'progress.tick' },
      { type: 'xstate.done.actor.searchFlights', output: limaCuscoRoundTripSearch },
      { type: 'xstate.done.actor.searchFlights', output: { status: 204, data: [], flexible: null } },
      { type: 'xstate.error.actor.searchFlights', error: { status: 401 } },
      // Issue 17: the fastest supplier's offers while Duffel is still asked; a supplier that answered none.
      { type: 'search.partial', answer: { ...limaCuscoRoundTripSearch, pendingSuppliers: ['duffel'] } },
      { type: 'search.partial', answer: { status: 204, data: [], flexible: null, pendingSuppliers: ['duffel'] } },
      { type: 'xstate.after.progressHide.search.completing' },
      { type: 'tab.select', tab: 1 },
      { type: 'tab.select', tab: 0 },
      { type: 'search.retry' },
    ]),
    contextKey: ({ context }) => `${context.tab}|${context.errorStatus}|${context.progress >= PROGRESS_DONE}|${context.pendingSuppliers.length}|${context.unavailableSuppliers.length}`,
  }),
  filters: plan(filtersMachine, {
    inputs: [{ data: [...filterOffers, ...journeyOffers, ...pageFiller], tripType: 'RT' }],
    events: () =>
      [
        { type: 'filter.toggle', key: 'airline', value: 'LA' },
        { type: 'filter.toggle', key: 'stops', value: 1 },
        { type: 'filter.airlineStops', airline: 'H2', stops: 1 },
        { type: 'filter.connection', airport: 'BOG', allowed: false },
        { type: 'filter.toggle', key: 'maxLayover', value: 360 },
        { type: 'filter.apply', criteria: { provider: 'NDC', airline: 'LA' } },
        { type: 'filter.apply', criteria: {} },
        { type: 'filter.clear' },
        { type: 'filter.reset' },
        { type: 'sort.select', order: 'fastest' },
        { type: 'bags.select', bags: { carryOn: 1, checked: 1 } },
        { type: 'filter.toggle', key: 'carryOnIncluded', value: true },
        { type: 'list.more' },
        { type: 'results.grow', data: [...filterOffers, ...journeyOffers, ...pageFiller] },
      ] satisfies FiltersEvent[],
    contextKey: ({ context }) => `${JSON.stringify(context.criteria)}|${context.visibleCount}|${context.sort}|${context.bags.carryOn}${context.bags.checked}`,
  }),
  recommendationCard: plan(recommendationCardMachine.provide({ actors: { loadMarkups: pending(), loadCommission: pending(), saveSelection: pending() } }), {
    inputs: [
      { recommendation, sessionID, isAgencyView: false, showsCommission: false },
      { recommendation, sessionID, isAgencyView: true, showsCommission: true },
    ],
    events: sampleEvents([
      { type: 'flight.pick', leg: 1, index: 0 },
      { type: 'details.toggle', flightId: recommendation.itinerary[0]!.flights[0]!.id },
      { type: 'breakdown.toggle' },
      { type: 'fee.custom', value: '12.5' },
      { type: 'card.select' },
      { type: 'card.retry' },
      { type: 'xstate.done.actor.loadMarkups', output: { recommendationId: recommendation.id, markups: [{ id: 'm1', amount: 15, description: 'PAX', rph: 1, name: 'Markup', brandedFares: [] }], error: null } },
      { type: 'xstate.error.actor.loadMarkups', error: new Error('Esta recomendación no aplica markups') },
      { type: 'xstate.done.actor.loadCommission', output: { recommendationId: recommendation.id, details: { isApplied: true, amount: 24.3 } } },
      { type: 'xstate.error.actor.loadCommission', error: new Error('down') },
      { type: 'xstate.done.actor.saveSelection', output: undefined },
      { type: 'xstate.error.actor.saveSelection', error: new Error('down') },
      { type: 'xstate.error.actor.saveSelection', error: Object.assign(new Error('not the session owner'), { code: errorCodes.sessionKeyRequired }) },
    ]),
    contextKey: ({ context }) => `${context.fees.length}|${context.expandedFlightIds.length}|${context.breakdownOpen}|${context.commission?.isApplied}`,
  }),
  fareFamilies: plan(fareFamiliesMachine.provide({ actors: { loadFareFamilies: pending(), saveSelection: pending() } }), {
    inputs: [{ recommendation, sessionID, choice: [0, 0] }],
    events: sampleEvents([
      { type: 'modal.open', choice: [0, 0], bags: NO_BAGS },
      { type: 'modal.open', choice: [0, 0], bags: { carryOn: 1, checked: 1 } },
      { type: 'xstate.done.actor.loadFareFamilies', output: latamFamilyFares },
      { type: 'xstate.done.actor.loadFareFamilies', output: { ...latamFamilyFares, fares: [] } },
      { type: 'xstate.error.actor.loadFareFamilies', error: new Error('down') },
      { type: 'xstate.error.actor.loadFareFamilies', error: segmentsUnavailableAnswer },
      { type: 'fare.choose', code: otherFare.code },
      { type: 'fare.choose', code: latamFamilyFares.fares[0]!.code },
      { type: 'modal.accept' },
      { type: 'modal.cancel' },
      { type: 'xstate.done.actor.saveSelection', output: undefined },
      { type: 'xstate.error.actor.saveSelection', error: new Error('down') },
    ]),
    contextKey: ({ context }) => `${context.chosenCode}|${context.families?.fares.length}|${context.errorMessage}|${context.failure?.statusCode}|${context.fareForBags?.code}`,
  }),
  nearbyNote: plan(nearbyNoteMachine.provide({ actors: { loadAlternatives: pending() } }), {
    inputs: [{ request: priceCalendarRequest(null), language: 'en' }],
    events: sampleEvents([
      {
        type: 'xstate.done.actor.loadAlternatives',
        output: {
          status: 200,
          data: { total: 339, alternatives: [{ end: 'destination', origin: 'LIM', destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires', distanceKm: 31, total: 259, saving: 80 }] },
        },
      },
      { type: 'xstate.done.actor.loadAlternatives', output: { status: 200, data: { total: 339, alternatives: [] } } },
      { type: 'xstate.error.actor.loadAlternatives', error: new Error('down') },
      { type: 'note.follow' },
      { type: 'note.dismiss' },
    ]),
    contextKey: ({ context }) => `${context.alternative?.airportCode}`,
  }),
  checkout: plan(checkoutMachine.provide({ actors: { loadSession: pending(), book: pending(), checkPhone: pending(), lookupScotiabank: pending() } }), {
    inputs: [checkoutInputs.consumer, checkoutInputs.checkingDuplicates, checkoutInputs.agency],
    events: (snapshot) => {
      const { context } = snapshot;
      if (context.phoneChecking !== null) return phoneCheckEvents as never;
      if (context.scotiabank.status === 'checking') return scotiabankLookupEvents as never;
      if (context.draft.paymentCode === 123 && snapshot.matches('editing')) return withScotiabankChosen as never;
      return (snapshot.matches('editing') && context.scotiabank.status === 'idle' && untouchedForm(context) ? [...checkoutEvents, chooseScotiabank] : checkoutEvents) as never;
    },
    contextKey: ({ context }) =>
      JSON.stringify([
        context.draft.passengers.map((passenger) => Boolean(passenger.firstName)),
        Boolean(context.draft.contact.email),
        Boolean(context.draft.agency.email),
        context.draft.terms.generalAcceptance,
        context.draft.paymentCode,
        context.draft.card.valid,
        context.problem?.kind,
        context.failure?.statusCode,
        context.draft.insurance.choice,
        // A phone check in flight, and a submit waiting for it. Once it has settled, answered or not (offline),
        // the guards read no more of it: both count as one state.
        context.phoneChecking !== null ? (context.submitAfterPhoneCheck ? 'waiting' : 'checking') : null,
        context.bookingInterrupted,
        // Read only while the Scotiabank card is chosen (and once more, to choose it on an untouched form).
        context.draft.paymentCode === 123 || context.scotiabank.status === 'idle' ? (context.scotiabank.status === 'answered' ? context.scotiabank.lookup.reservable : context.scotiabank.status) : 'settled',
      ]),
  }),
  insurance: plan(insuranceMachine.provide({ actors: { loadInsuranceProducts: pending() }, actions: { tellCheckout: noParent, tellCheckoutNoInsurance: noParent } }), {
    inputs: [
      { offered: true, passengersQuantity: 2 },
      { offered: false, passengersQuantity: 1 },
      // After a reload: the answer given before comes back, unless the restored birthdates include someone over 70.
      { offered: true, passengersQuantity: 1, restoredChoice: 'product2', birthdates: [adultPassenger.birthdate!], finalArrival: '2026-12-26' },
      { offered: true, passengersQuantity: 1, restoredChoice: 'none', birthdates: [birthdateOver70], finalArrival: '2026-12-26' },
    ],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadInsuranceProducts', output: insuranceProducts },
      { type: 'xstate.done.actor.loadInsuranceProducts', output: [] },
      { type: 'xstate.error.actor.loadInsuranceProducts', error: new Error('down') },
      { type: 'insurance.choose', choice: 'product1' },
      { type: 'insurance.choose', choice: 'none' },
      { type: 'insurance.details', productId: insuranceProducts[0]!.productId },
      { type: 'insurance.ages', birthdates: [birthdateOver70], finalArrival: '2026-12-26' },
      { type: 'insurance.ages', birthdates: [adultPassenger.birthdate!], finalArrival: '2026-12-26' },
      { type: 'insurance.acknowledge' },
      { type: 'insurance.ask' },
      { type: 'insurance.dismiss' },
    ]),
    contextKey: ({ context }) => `${context.choice}|${context.acknowledged}|${context.detailsProductId}`,
  }),
  coupon: plan(couponMachine.provide({ actors: { applyCoupon: pending() }, actions: { tellCheckout: noParent, switchPaymentForCoupon: noParent } }), {
    inputs: [{ paymentCode: 102 }],
    events: sampleEvents([
      { type: 'coupon.apply', code: ' rip ley ' },
      { type: 'coupon.apply', code: '   ' },
      { type: 'xstate.done.actor.applyCoupon', output: appliedCoupon },
      { type: 'xstate.done.actor.applyCoupon', output: { ...appliedCoupon, apply: false, refusal: 'COUPON_INVALID' } },
      { type: 'xstate.done.actor.applyCoupon', output: { ...appliedCoupon, apply: false, paymentType: 122, refusal: 'COUPON_OTHER_PAYMENT' } },
      { type: 'xstate.error.actor.applyCoupon', error: new Error('down') },
      { type: 'coupon.edit' },
      { type: 'coupon.clear' },
      { type: 'payment.changed', paymentCode: 121 },
      { type: 'payment.changed', paymentCode: 102 },
    ]),
    contextKey: ({ context }) => `${context.code}|${context.paymentCode}|${context.coupon?.apply}|${context.coupon?.refusal}|${context.coupon?.paymentType}`,
  }),
  fareRules: plan(fareRulesMachine.provide({ actors: { loadFareRules: pending() } }), {
    events: sampleEvents([
      { type: 'rules.open' },
      { type: 'rules.close' },
      { type: 'rules.retry' },
      { type: 'xstate.done.actor.loadFareRules', output: fareRules },
      { type: 'xstate.error.actor.loadFareRules', error: new Error('down') },
    ]),
    contextKey: ({ context }) => `${context.rules !== null}|${context.errorMessage}`,
  }),
  priceAlert: plan(priceAlertMachine.provide({ actors: { createAlert: pending() } }), {
    inputs: [{ request: priceCalendarRequest('2026-12-19'), language: 'es' }],
    events: sampleEvents([
      { type: 'alert.open' },
      { type: 'alert.close' },
      { type: 'alert.type', email: 'ana@example.com' },
      { type: 'alert.type', email: 'ana@' },
      { type: 'alert.submit' },
      { type: 'alert.retry' },
      { type: 'xstate.done.actor.createAlert', output: { kind: 'confirmationSent', alert: trackedRoute } },
      { type: 'xstate.done.actor.createAlert', output: { kind: 'alreadyTracking', alert: trackedRoute } },
      { type: 'xstate.done.actor.createAlert', output: { kind: 'notSold' } },
      { type: 'xstate.done.actor.createAlert', output: { kind: 'rateLimited', retryAfterSeconds: 1200 } },
      { type: 'xstate.error.actor.createAlert', error: new Error('down') },
    ]),
    contextKey: ({ context }) => `${context.email}|${context.emailInvalid}|${context.failure}|${context.alert !== null}`,
  }),
  priceAlertLink: plan(priceAlertLinkMachine.provide({ actors: { followLink: pending() } }), {
    inputs: [{ action: 'confirm', token: 'a'.repeat(43) }, { action: 'unsubscribe', token: 'a'.repeat(43) }],
    events: sampleEvents([
      { type: 'link.retry' },
      { type: 'xstate.done.actor.followLink', output: { kind: 'done', alert: { ...trackedRoute, state: 'confirmed' } } },
      { type: 'xstate.done.actor.followLink', output: { kind: 'invalid' } },
      { type: 'xstate.error.actor.followLink', error: new Error('down') },
    ]),
    contextKey: ({ context }) => `${context.action}|${context.alert?.state}`,
  }),
  priceCalendar: plan(priceCalendarMachine.provide({ actors: { loadCalendar: pending() } }), {
    inputs: [{ request: priceCalendarRequest(null) }, { request: priceCalendarRequest('2026-12-17') }],
    events: ({ context }) =>
      [
        { type: 'calendar.open' },
        { type: 'calendar.close' },
        { type: 'calendar.retry' },
        { type: 'week.previous' },
        { type: 'week.next' },
        { type: 'view.choose', view: 'graph' },
        { type: 'view.choose', view: 'grid' },
        { type: 'calendar.pick', departureDate: '2026-12-12', returnDate: context.request.returnDate === null ? null : '2026-12-19' },
        { type: 'calendar.pick', departureDate: '2026-11-12', returnDate: null },
        { type: 'xstate.done.actor.loadCalendar', output: priceCalendarAnswer(context.request.date, context.request.returnDate, { soldFrom: today }) },
        { type: 'xstate.done.actor.loadCalendar', output: priceCalendarAnswer(context.request.date, context.request.returnDate, { empty: true }) },
        { type: 'xstate.error.actor.loadCalendar', error: new Error('down') },
      ] as never,
    contextKey: ({ context }) => `${context.calendar?.type ?? '-'}|${hasPrices(context.calendar)}|${context.week}|${context.view}`,
  }),
  datePrices: plan(datePricesMachine.provide({ actors: { loadDatePrices: pending() } }), {
    events: sampleEvents([
      { type: 'prices.show', query: datePricesQuery('2026-12', null) },
      { type: 'prices.show', query: datePricesQuery('2027-01', null) },
      { type: 'prices.show', query: datePricesQuery('2026-12', '2026-12-10') },
      { type: 'xstate.done.actor.loadDatePrices', output: { '2026-12-10': { total: 120, band: 'typical' } } },
      { type: 'xstate.error.actor.loadDatePrices', error: new Error('down') },
    ]),
    contextKey: ({ context }) => `${context.query ? datePricesKey(context.query) : '-'}|${Object.keys(context.months).sort().join(',')}`,
  }),
  explore: plan(exploreMachine.provide({ actors: { loadDestinations: pending() } }), {
    inputs: [
      { terminalId: consumerEngine.id, language: 'en', token: null, origin: null, month: null },
      { terminalId: consumerEngine.id, language: 'es', token: null, origin: places.lima, month: '2026-12' },
    ],
    events: sampleEvents([
      { type: 'explore.origin', origin: places.cusco },
      { type: 'explore.origin', origin: null },
      { type: 'explore.month', month: '2027-01' },
      { type: 'explore.sort', sort: 'destination' },
      { type: 'explore.sort', sort: 'date' },
      { type: 'explore.retry' },
      { type: 'xstate.done.actor.loadDestinations', output: exploreAnswer('LIM', '2026-12') },
      { type: 'xstate.done.actor.loadDestinations', output: exploreAnswer('LIM', '2026-12', 'en', { empty: true }) },
      { type: 'xstate.error.actor.loadDestinations', error: new Error('down') },
    ]),
    contextKey: ({ context }) => `${context.origin?.code ?? '-'}|${context.month ?? '-'}|${context.sort}|${context.destinations.length}`,
  }),
  extraBaggage: plan(extraBaggageMachine.provide({ actors: { loadAncillaries: pending() } }), {
    inputs: [
      { ...extraBaggageInput, passengerTypes: [...extraBaggageInput.passengerTypes] },
      // A checked bag chosen on the results for the outbound leg: bought before the modal opens (issue 37).
      { ...extraBaggageInput, passengerTypes: [...extraBaggageInput.passengerTypes], preselected: [{ carryOn: 0, checked: 1 }, { carryOn: 0, checked: 0 }] },
    ],
    events: sampleEvents([
      { type: 'extras.open' },
      { type: 'xstate.done.actor.loadAncillaries', output: ancillaryBaggageOptions },
      { type: 'xstate.error.actor.loadAncillaries', error: new Error('down') },
      { type: 'xstate.error.actor.loadAncillaries', error: segmentsUnavailableAnswer },
      { type: 'xstate.done.actor.loadPreselected', output: ancillaryBaggageOptions },
      { type: 'xstate.done.actor.loadPreselected', output: [] },
      { type: 'xstate.error.actor.loadPreselected', error: new Error('down') },
      { type: 'xstate.error.actor.loadPreselected', error: segmentsUnavailableAnswer },
      { type: 'extras.pick', passengerIndex: 0, legIndex: 0, slot: 'checked', optionId: 'OPT-LIMCUZ-0C3' },
      { type: 'extras.pick', passengerIndex: 0, legIndex: 0, slot: 'checked', optionId: null },
      // Not sold on this leg, an infant, and a checked bag offered as a carry-on: all refused.
      { type: 'extras.pick', passengerIndex: 0, legIndex: 1, slot: 'checked', optionId: 'OPT-LIMCUZ-0C3' },
      { type: 'extras.pick', passengerIndex: 2, legIndex: 0, slot: 'checked', optionId: 'OPT-LIMCUZ-0C3' },
      { type: 'extras.pick', passengerIndex: 0, legIndex: 0, slot: 'carryOn', optionId: 'OPT-LIMCUZ-0C3' },
      { type: 'extras.accept' },
      { type: 'extras.cancel' },
    ]),
    contextKey: ({ context }) => `${context.options.length}|${JSON.stringify(context.choices)}|${JSON.stringify(context.confirmed)}`,
  }),
  bookingConfirmation: plan(bookingConfirmationMachine.provide({ actors: { loadSession: pending(), copyText: pending() } }), {
    inputs: [{ sessionID: confirmationSession('cashDeposit').sessionID, process: 1 }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('cashDeposit') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('failedBooking') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'notFound' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'expired' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'otherBrowser' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'rateLimited', retryAfterSeconds: 42 } },
      { type: 'xstate.error.actor.loadSession', error: new Error('offline') },
      { type: 'session.retry' },
      { type: 'notice.dismiss' },
      { type: 'reference.copy', reference: 'pnr' },
      { type: 'reference.copy', reference: 'orderId' },
      { type: 'xstate.done.actor.copyText', output: undefined },
      { type: 'xstate.error.actor.copyText', error: new Error('NotAllowedError') },
      { type: 'xstate.after.copiedShown.bookingConfirmation.loaded.copy.copied' },
    ]),
    contextKey: ({ context }) => `${context.booking !== null}|${context.session !== null}|${context.copying}`,
  }),
  paymentProcess: plan(paymentProcessMachine.provide({ actors: { loadSession: pending(), postToProvider: pending() } }), {
    inputs: [{ sessionID: confirmationSession('payMe').sessionID, language: 'es' }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('payMe') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('safetyPay') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('cashDeposit') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('failedBooking') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'notFound' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'expired' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'otherBrowser' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'rateLimited', retryAfterSeconds: 42 } },
      { type: 'xstate.error.actor.loadSession', error: new Error('offline') },
      { type: 'xstate.error.actor.postToProvider', error: new Error('blocked') },
      { type: 'session.retry' },
      { type: 'payment.post' },
    ]),
    contextKey: ({ context }) => `${context.session !== null}|${context.paymentPage?.paymentOrderNumber ?? '-'}`,
  }),
  bankTransfer: plan(bankTransferMachine.provide({ actors: { loadAccounts: pending() } }), {
    inputs: [{ orderNumber: '1002345678', token: 'token' }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadAccounts', output: transferAccounts },
      { type: 'xstate.done.actor.loadAccounts', output: [] },
      { type: 'xstate.error.actor.loadAccounts', error: new Error('offline') },
      { type: 'accounts.retry' },
    ]),
    contextKey: ({ context }) => String(context.accounts.length),
  }),
  cuotealoPayment: plan(cuotealoPaymentMachine.provide({ actors: { loadForm: pending() } }), {
    inputs: [{ orderNumber: '1002345678', token: 'token', sessionID: confirmationSession('cuotealo').sessionID, language: 'es' }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadForm', output: { kind: 'form', form: { action: '/sandbox/cuotealo', data: 'sealed' } } },
      { type: 'xstate.done.actor.loadForm', output: { kind: 'notPending' } },
      { type: 'xstate.error.actor.loadForm', error: new Error('offline') },
      { type: 'form.retry' },
    ]),
    contextKey: ({ context }) => context.form?.data ?? '-',
  }),
  paymentDeadline: plan(paymentDeadlineMachine.provide({ actors: { minuteClock: fromCallback(() => {}) } }), {
    // An order with 29 h 14 min left, and one opened after its deadline.
    inputs: [
      { deadline: '2026-11-22T20:14:00Z', now: Date.parse('2026-11-21T15:00:00Z') },
      { deadline: '2026-11-22T20:14:00Z', now: Date.parse('2026-11-22T20:15:00Z') },
    ],
    events: sampleEvents([
      { type: 'clock.tick', now: Date.parse('2026-11-22T20:13:30Z') },
      { type: 'clock.tick', now: Date.parse('2026-11-22T20:14:00Z') },
    ]),
    contextKey: ({ context }) => String(context.minutesLeft),
  }),
  pagoEfectivoCip: plan(pagoEfectivoCipMachine.provide({ actors: { loadCip: pending() } }), {
    inputs: [{ orderNumber: '1002345678', token: 'token', sessionID: confirmationSession('cuotealo').sessionID, language: 'es' }],
    events: sampleEvents([
      {
        type: 'xstate.done.actor.loadCip',
        output: { kind: 'cip', cip: { cip: '25123456', cipUrl: '/sandbox/pagoefectivo/25123456?token=t', amount: 786.01, currency: 'USD', expiresAt: '2026-11-22T20:14:00.000Z' } },
      },
      { type: 'xstate.done.actor.loadCip', output: { kind: 'notPending' } },
      { type: 'xstate.error.actor.loadCip', error: new Error('offline') },
      { type: 'cip.retry' },
    ]),
    contextKey: ({ context }) => context.cip?.cip ?? '-',
  }),
  acuotazPayment: plan(acuotazPaymentMachine.provide({ actors: { loadPage: pending() } }), {
    inputs: [{ orderNumber: '1002345678', token: 'token', sessionID: confirmationSession('cuotealo').sessionID, language: 'es' }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadPage', output: { kind: 'page', page: { url: '/sandbox/acuotaz/1002345678?lang=es&token=t', amount: 2948.04, currency: 'PEN', exchangeRate: 3.75, rateDate: '2026-11-24' } } },
      { type: 'xstate.done.actor.loadPage', output: { kind: 'page', page: { url: 'https://evil.example/collect', amount: 1, currency: 'PEN', exchangeRate: 3.75, rateDate: '2026-11-24' } } },
      { type: 'xstate.done.actor.loadPage', output: { kind: 'notPending' } },
      { type: 'xstate.error.actor.loadPage', error: new Error('offline') },
      { type: 'page.retry' },
      { type: 'view.link' },
      { type: 'view.frame' },
    ]),
    contextKey: ({ context }) => context.page?.url ?? '-',
  }),
  payPalCheckout: plan(payPalCheckoutMachine.provide({ actors: { createOrder: pending(), goToApproval: pending() } }), {
    inputs: [{ orderNumber: '1002345678', token: 'token', sessionID: confirmationSession('cuotealo').sessionID, language: 'es' }],
    events: sampleEvents([
      { type: 'payment.start' },
      { type: 'xstate.done.actor.createOrder', output: { approveUrl: '/sandbox/paypal/SBX0123456789?token=t' } },
      { type: 'xstate.done.actor.createOrder', output: { approveUrl: 'https://evil.example/collect' } },
      { type: 'xstate.error.actor.createOrder', error: new Error('offline') },
      { type: 'xstate.error.actor.goToApproval', error: new Error('blocked') },
    ]),
    contextKey: ({ context }) => context.approveUrl ?? '-',
  }),
  payPalReturn: plan(payPalReturnMachine.provide({ actors: { loadSession: pending(), capture: pending() } }), {
    inputs: [{ sessionID: confirmationSession('payPal').sessionID }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('payPal') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('paidPayPal') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('failedBooking') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'notFound' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'expired' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'otherBrowser' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'rateLimited', retryAfterSeconds: 42 } },
      { type: 'xstate.error.actor.loadSession', error: new Error('offline') },
      { type: 'xstate.done.actor.capture', output: 'paid' },
      { type: 'xstate.error.actor.capture', error: new Error('offline') },
      { type: 'session.retry' },
    ]),
    contextKey: ({ context }) => context.session?.sessionID ?? '-',
  }),
  cardCheckout: plan(
    cardCheckoutMachine.provide({ actors: { requestToken: pending(), tokenize: pending(), confirmChallenge: pending(), openHostedForm: pending(), authorize: pending(), notify: pending() } }),
    {
      inputs: [cardCheckoutInput],
      events: sampleEvents([
        { type: 'payment.start' },
        { type: 'xstate.done.actor.requestToken', output: cardCheckoutSession },
        // Where Niubiz's real API is configured: its checkout.js form takes the card.
        { type: 'xstate.done.actor.requestToken', output: cardCheckoutHostedSession },
        { type: 'xstate.done.actor.openHostedForm', output: { transactionToken: 'tok' } },
        { type: 'xstate.error.actor.openHostedForm', error: new Error('closed by the payer') },
        { type: 'xstate.error.actor.openHostedForm', error: Object.assign(new Error('closed'), { status: 409 }) },
        { type: 'xstate.error.actor.requestToken', error: new Error('offline') },
        { type: 'card.submit', form: cardCheckoutForm() },
        { type: 'card.submit', form: cardCheckoutForm({ cardNumber: '5555 5555 5555 4444' }) },
        { type: 'card.submit', form: cardCheckoutForm({ securityCode: '' }) },
        { type: 'xstate.done.actor.tokenize', output: { transactionToken: 'tok', challengeId: null, brand: 'visa', last4: '1111', cardType: 'C' } },
        { type: 'xstate.done.actor.tokenize', output: { transactionToken: null, challengeId: 'challenge', brand: 'visa', last4: '1111', cardType: 'C' } },
        { type: 'xstate.error.actor.tokenize', error: new Error('not a card') },
        { type: 'xstate.error.actor.tokenize', error: Object.assign(new Error('closed'), { status: 409 }) },
        { type: 'xstate.error.actor.tokenize', error: Object.assign(new Error('too many'), { status: 429, retryAfterSeconds: 42 }) },
        { type: 'challenge.confirm' },
        { type: 'challenge.cancel' },
        { type: 'xstate.done.actor.confirmChallenge', output: { transactionToken: 'tok' } },
        { type: 'xstate.error.actor.confirmChallenge', error: new Error('refused') },
        ...cardAuthorizations.map((output) => ({ type: 'xstate.done.actor.authorize', output })),
        { type: 'xstate.error.actor.authorize', error: new Error('offline') },
        { type: 'xstate.done.actor.notify', output: null },
        { type: 'xstate.error.actor.notify', error: new Error('offline') },
        { type: 'payment.retry' },
        { type: 'xstate.after.checkoutExpiry.cardCheckout.checkout' },
      ]),
      contextKey: ({ context }) => `${context.session?.form.kind ?? '-'}|${context.problem ?? '-'}|${context.challengeId ?? '-'}|${context.authorization?.status ?? '-'}`,
    },
  ),
  orderResult: plan(orderResultMachine.provide({ actors: { loadSession: pending() } }), {
    // A payment success page, a decline's page and the three seat-booking pages.
    inputs: [
      { sessionID: confirmationSession('paidCard').sessionID, claim: { kind: 'payment', method: 'card' } },
      // A decline's page (card with the provider's reason).
      { sessionID: confirmationSession('card').sessionID, claim: { kind: 'payment', method: 'card', declined: { reason: 'Fondos insuficientes' } } },
      { sessionID: confirmationSession('seatsBooked').sessionID, claim: { kind: 'seatBooking', outcome: 'booked' } },
      { sessionID: confirmationSession('seatsWarning').sessionID, claim: { kind: 'seatBooking', outcome: 'warning' } },
      { sessionID: confirmationSession('seatsFailed').sessionID, claim: { kind: 'seatBooking', outcome: 'failed' } },
    ],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('paidCard') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('card') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('failedBooking') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('seatsBooked') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('seatsWarning') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'found', session: confirmationSession('seatsFailed') } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'notFound' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'expired' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'otherBrowser' } },
      { type: 'xstate.done.actor.loadSession', output: { kind: 'rateLimited', retryAfterSeconds: 42 } },
      { type: 'xstate.error.actor.loadSession', error: new Error('offline') },
      { type: 'session.retry' },
    ]),
    contextKey: ({ context }) => `${JSON.stringify(context.claim)}|${context.session?.sessionID ?? '-'}`,
  }),
  manageBooking: plan(manageBookingMachine.provide({ actors: { lookUpBooking: pending(), openLink: pending(), cancelBooking: pending() } }), {
    // The form page and the link page.
    inputs: [{ token: null }, { token: MANAGED_LINK_TOKEN }],
    events: sampleEvents([
      { type: 'lookup.submit', query: { pnr: MANAGED_PNR, lastName: MANAGED_LAST_NAME } },
      { type: 'xstate.done.actor.lookUpBooking', output: { kind: 'found', booking: foundBooking } },
      { type: 'xstate.done.actor.lookUpBooking', output: { kind: 'notFound' } },
      { type: 'xstate.done.actor.lookUpBooking', output: { kind: 'rateLimited', retryAfterSeconds: 1800 } },
      { type: 'xstate.error.actor.lookUpBooking', error: new Error('offline') },
      { type: 'xstate.done.actor.openLink', output: { kind: 'found', booking: { ...foundBooking, masked: true, cancellable: false } } },
      { type: 'xstate.done.actor.openLink', output: { kind: 'invalidLink' } },
      { type: 'xstate.done.actor.openLink', output: { kind: 'notFound' } },
      { type: 'xstate.error.actor.openLink', error: new Error('offline') },
      { type: 'lookup.retry' },
      { type: 'cancel.request' },
      { type: 'cancel.confirm' },
      { type: 'cancel.dismiss' },
      { type: 'xstate.done.actor.cancelBooking', output: cancelledBooking },
      { type: 'xstate.error.actor.cancelBooking', error: new Error('409') },
      // Too many requests: the web's ApiRequestError of a 429 with its Retry-After.
      { type: 'xstate.error.actor.cancelBooking', error: { status: 429, retryAfterSeconds: 42 } },
    ]),
    contextKey: ({ context }) => `${context.token !== null}|${context.query !== null}|${context.booking?.cancellable ?? '-'}`,
  }),
  postSale: plan(postSalePlanMachine, postSalePlanOptions),
  creditLine: plan(creditLineMachine.provide({ actors: { loadCredit: pending() } }), {
    inputs: [{ accountId: '2113855' }],
    events: sampleEvents([
      { type: 'xstate.done.actor.loadCredit', output: { kind: 'found', credit: { debts: 75, available: 5 } } },
      { type: 'xstate.done.actor.loadCredit', output: { kind: 'none' } },
      { type: 'xstate.error.actor.loadCredit', error: new Error('offline') },
      { type: 'credit.retry' },
    ]),
  }),
  seatPicker: plan(seatPickerMachine.provide({ actors: { loadSeatMap: pending() } }), {
    // One free seat (5A) on the way out is enough for picks, releases and the taken-seat alert between
    // two passengers; picking on the way back too would only multiply the states to walk.
    events: (snapshot) =>
      (snapshot.matches('picking')
        ? [
            ...(snapshot.context.activeSegment === 0
              ? [
                  { type: 'seat.pick', row: 5, column: 'A' },
                  // Taken on the way out, and not sold at all: both refused without a word.
                  { type: 'seat.pick', row: 5, column: 'E' },
                  { type: 'seat.pick', row: 9, column: 'Z' },
                ]
              : []),
            { type: 'seats.passenger', passengerId: 'PAX2' },
            { type: 'seats.passenger', passengerId: 'PAX9' },
            { type: 'seats.segment', index: 0 },
            { type: 'seats.segment', index: 7 },
            { type: 'seats.next' },
            { type: 'seats.finish' },
            { type: 'seats.close' },
          ]
        : [
            { type: 'seats.open' },
            { type: 'xstate.done.actor.loadSeatMap', output: seatPickerMap },
            { type: 'xstate.done.actor.loadSeatMap', output: { passengers: seatPickerMap.passengers, segments: [] } },
            { type: 'xstate.error.actor.loadSeatMap', error: new Error('Servicio no disponible') },
            { type: 'xstate.error.actor.loadSeatMap', error: segmentsUnavailableAnswer },
            { type: 'seats.retry' },
            { type: 'seats.dismiss' },
            { type: 'seats.close' },
          ]) as never,
    contextKey: ({ context }) =>
      [context.map === null ? '-' : context.map.segments.length, context.activeSegment, context.activePassenger, JSON.stringify(context.choices), JSON.stringify(context.confirmed)].join('|'),
  }),
  bookingStatus: plan(bookingStatusMachine, {
    events: () =>
      [
        { type: 'booking.start' },
        { type: 'booking.confirm' },
        { type: 'booking.fail' },
        { type: 'payment.complete' },
        { type: 'payment.deny' },
        { type: 'payment.retry' },
        { type: 'payment.cancel' },
        { type: 'payment.expire' },
        { type: 'ticketing.start' },
        { type: 'ticketing.process' },
        { type: 'booking.cancel' },
      ] satisfies BookingStatusEvent[],
  }),
  paymentOrder: plan(paymentOrderMachine, { events: () => paymentOrderEvents }),
};

export type MachineName = keyof typeof machinePlans;

/** The planned paths and coverage of one machine, with the machine to replay them on. */
export function planOf<TName extends MachineName>(name: TName) {
  const { machine, ...options } = machinePlans[name] as MachinePlan<(typeof machinePlans)[TName]['machine']>;
  return { machine, ...planMachinePaths(machine, options) };
}
