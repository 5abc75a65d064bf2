/**
 * POST /api/flights/book (spec 2 §7, §8; spec 3 §4): validates the whole checkout again, prices the
 * offer again through the supplier, books it and stores booking, payment order and session in one
 * transaction. The same idempotency key always answers the first booking: the key is unique, and
 * a second request's insert waits for the first transaction and then finds its row.
 */
import { and, count, countDistinct, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE, errorCodes } from '../../contract/common.ts';
import {
  type BookingError,
  type BookingFailure,
  type BookingRequest,
  type BookingResult,
  type BookingSuccess,
  type CouponRefusal,
  type CheckoutSeats,
  type SelectedExtras,
  type DiscountLine,
  type InsuranceProduct,
  DEFAULT_CONTACT_DIAL_OPTION,
  SEAT_TAKEN_MESSAGE,
  baggageAppliesInRepricing,
} from '../../contract/checkout.ts';
import { ageOn, MESSAGES, passportOnlyTrip, type RuleIssue } from '../../contract/checkout-rules.ts';
import {
  checkoutPaymentMethods,
  MAX_BOOKING_ATTEMPTS,
  needsDuplicateNameCheck,
  PAYMENT_BELOW_MINIMUM,
  paymentBelowMinimum,
} from '../../contract/checkout-policy.ts';
import { COUPON_REFUSAL_TEXTS, INSURANCE_MAX_AGE, PaymentProvider } from '../../contract/checkout.ts';
import { SCOTIABANK_CANNOT_RESERVE, SCOTIABANK_REFUSAL_TEXTS } from '../../contract/scotiabank.ts';
import { sandboxScotiabankLookup, scotiabankLookupRequest } from '../payments/scotiabank.ts';
import type { Engine } from '../../contract/engine.ts';
import type { Recommendation } from '../../contract/search.ts';
import type { Transaction } from '../db/client.ts';
import { bookingAttempts, bookings, couponRedemptions, coupons, paymentOrders, sessions, soldSeats } from '../db/schema/index.ts';
import { bookingTotals, type BookingTotals } from '../../contract/checkout-totals.ts';
import type { AppDeps } from '../deps.ts';
import {
  bookingFingerprint,
  bookingIssues,
  chosenFlightsOf,
  heldOrderTimeLimit,
  fareChangePayload,
  limaDateTime,
  requestHash,
  round2,
  routeText,
  ticketingTimeLimit,
  travellerKey,
} from '../domain/booking.ts';
import { ApiFailure, RetryLater } from '../errors.ts';
import { pageTokenSecret } from '../payments/page-token.ts';
import { sandboxPageToken, sandboxPaymentUrl } from '../payments/sandbox.ts';
import { isSandboxCardToken } from '../payments/card-vault.ts';
import { paymentFlowOf } from '../payments/registry.ts';
import { withDeadline } from '../supply/deadline.ts';
import { OfferUnavailable, SupplierTimeout, type BookingOutcome, type BookingPassenger, type BookingRequest as SupplierBookingRequest } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { ancillaryOptions, couponOfferOf, evaluateCoupon, flightIdsOf, insuranceProducts, onOffer, SEGMENTS_UNAVAILABLE, selectionOf, tripShape } from './checkout.ts';
import { businessToday } from './search.ts';
import { bookedSeats, flightKeysOfFlights, priceChosenSeats, seatMapOf, withSoldSeatsTaken } from './seats.ts';
import { loadLiveSession, sessionLifetimeMs } from './sessions.ts';
import { requireStatus, transitionPaymentOrder } from './order-lifecycle.ts';
import { enqueueBookingMail } from '../mail/outbox.ts';
import { checkoutSoldSeats } from './postsale.ts';


/** Bookings that block an identical one (1000): anything not cancelled, denied or expired. */
const ACTIVE_STATUSES = [1, 2, 3, 6, 15];
/** Status 0 (initial) of the booking-status machine. */
const INITIAL_STATUS = 0;

function invalid(issues: RuleIssue[]): ApiFailure {
  // Same prefix as the schema's own errors (json.…), so a client maps every error of this call alike.
  const errors = issues.map((issue) => ({ path: ['json', ...issue.path.map(String)].join('.'), code: issue.code ?? 'invalid', value: issue.message }));
  return new ApiFailure(400, errorCodes.badRequest, issues[0]?.message ?? 'The booking is not valid.', errors);
}

const failureTexts: Record<number, { status: number; message: string; value: string }> = {
  1000: { status: 409, message: 'Reserva duplicada', value: 'Ya existe una reserva con los mismos pasajeros, ruta y fechas.' },
  1001: SEGMENTS_UNAVAILABLE,
  1002: { status: 409, message: 'La tarifa cambió', value: 'La tarifa del vuelo seleccionado ha cambiado.' },
  1007: { status: 409, message: 'Reserva bloqueada', value: `Se alcanzó el límite de ${MAX_BOOKING_ATTEMPTS} intentos de reserva para esta ruta y estos pasajeros.` },
  1303: { status: 502, message: 'Error del proveedor', value: 'Intermitencia con el proveedor de la aerolínea. Intente nuevamente.' },
};

function failure(statusCode: number, extra: Partial<BookingError> = {}): BookingFailure {
  const text = failureTexts[statusCode] ?? { status: 409, message: 'No se pudo completar la reserva', value: 'No se pudo completar la reserva.' };
  return {
    statusCode,
    error: { status: text.status, code: statusCode, message: text.message, errors: [{ code: String(statusCode), value: text.value }], ...extra },
  };
}

function outcomeFailure(outcome: Exclude<BookingOutcome, { kind: 'confirmed' }>, checked: Checked, attempts: number): BookingFailure {
  switch (outcome.kind) {
    case 'fare-changed':
      return failure(1002, { fareChange: fareChangePayload(checked.clientPricing, outcome.offer, checked.flightIds, checked.totalAt) });
    case 'attempt-limit':
      return failure(1007, { attempts });
    case 'seat-taken':
      return {
        statusCode: 409,
        error: {
          status: 409,
          code: 'SEAT_TAKEN',
          message: 'Asiento no disponible',
          errors: [{ path: 'json.seats', code: 'seat_taken', value: `${SEAT_TAKEN_MESSAGE} (${outcome.seat})` }],
        },
      };
    default:
      return failure(outcome.code);
  }
}

interface Checked {
  engine: Engine;
  offer: Recommendation;
  flightIds: string[];
  fareChanged: boolean;
  clientPricing: Recommendation['pricing'];
  /** The booking's charged total at an airfare: the fare-change dialog's totals are the ones paid. */
  totalAt: (fare: number) => number;
  firstDeparture: string;
  route: string;
  insurance: InsuranceProduct | null;
  coupon: DiscountLine | null;
  extrasTotal: number;
  seatsTotal: number;
  /** The booked seats as the session keeps them; null without seats. */
  seats: CheckoutSeats | null;
  /** The extra baggage sold, at the supplier's prices; null when none. */
  extras: SelectedExtras | null;
}

/** Everything that does not need the booking lock: engine, session, offer, every form rule. */
async function checkRequest(deps: AppDeps, request: BookingRequest): Promise<Checked> {
  if (request.searchParams.terminalId !== request.engine.id) {
    throw invalid([{ path: ['searchParams', 'terminalId'], message: `The search was made on terminal ${request.searchParams.terminalId}, not ${request.engine.id}` }]);
  }
  const engine = await resolveTerminal(deps, request.engine.id, request.searchParams.token);
  const now = deps.now();
  await loadLiveSession(deps.db, request.sessionID, now, { lifetimeMs: sessionLifetimeMs(deps) });
  const offerId = request.selectedFare?.offerId ?? request.recommendation.id;
  const selection = selectionOf(deps, offerId, request.flights, engine.isAgency);
  const priced = await onOffer(() => deps.supplier.price(selection));
  const offer = priced.offer;
  const flightIds = flightIdsOf(request.flights);
  const flights = chosenFlightsOf(offer, flightIds);
  const trip = tripShape(flights);
  const today = Temporal.PlainDate.from(businessToday(now));
  const form = request.bookForm;
  const clientPricing = request.selectedFare?.pricing ?? request.recommendation.pricing;
  const firstDeparture = flights[0]?.departureDateTime ?? '';
  const offered = checkoutPaymentMethods(engine.id, engine.paymentMethods, {
    systemProviderCode: offer.pos.systemProviderCode,
    validatingAirline: offer.pricing.validatingAirline,
    startDate: firstDeparture.slice(0, 10),
    today: today.toString(),
    total: offer.pricing.total,
  });
  const counts = {
    adults: offer.pricing.passengers.adults.quantity,
    children: offer.pricing.passengers.children?.quantity ?? 0,
    infants: offer.pricing.passengers.infants?.quantity ?? 0,
  };
  const issues = bookingIssues({
    form,
    terms: request.flightRules,
    engine,
    counts,
    finalArrival: trip.finalArrival,
    today,
    passportOnly: passportOnlyTrip(trip.countries, offer.pos.systemProviderCode),
    flightRequiresDocuments: trip.international,
    systemProviderCode: offer.pos.systemProviderCode,
    pricingSource: offer.pricing.source,
    clientFees: request.recommendation.pricing.fees,
    offeredMethods: offered.methods,
    cardVault: deps.sandboxPaymentSecret !== undefined,
  });
  // Agencies skip the method list (they book without paying here), yet none books a method nothing here can pay.
  if (engine.isAgency && paymentFlowOf(deps, form.payment) === null) {
    issues.push({ path: ['bookForm', 'payment'], message: `Payment ${form.payment} cannot be paid on this server` });
  }
  // The Scotiabank card reserves only what its bank's lookup accepts, asked again on the offer as priced now (spec 2 §7).
  if (form.payment === PaymentProvider.scotiabank) {
    const lookup = sandboxScotiabankLookup(scotiabankLookupRequest(flights, counts), now);
    if (lookup.refusal) issues.push({ path: ['bookForm', 'payment'], message: SCOTIABANK_REFUSAL_TEXTS[lookup.refusal], code: SCOTIABANK_CANNOT_RESERVE });
  }
  // A card is paid with the token the configured gateway issued for it, never one the browser made up.
  if (form.paymentCreditCard && !(deps.sandboxPaymentSecret && isSandboxCardToken(deps.sandboxPaymentSecret, form.paymentCreditCard))) {
    issues.push({ path: ['bookForm', 'paymentCreditCard', 'token'], message: 'This card token was not issued by the payment gateway' });
  }

  // Insurance: only a product offered for this trip, and nobody over 70 (spec 2 §4, §5). The ages are
  // the server's own reading of the travellers: a client's "rejected" flag is never taken on trust.
  const products = await insuranceProducts(deps, engine, flights, offer.pos.systemProviderCode);
  const selected = form.insurance;
  const anyoneOver70 = form.passengers.some((passenger) => ageOn(passenger.birthdate, trip.finalArrival) > INSURANCE_MAX_AGE);
  const buysPlan = Boolean(selected?.isSelect && selected.productSelected !== 'none' && selected.productId);
  let insurance: InsuranceProduct | null = null;
  if (buysPlan) {
    insurance = products.find((product) => product.productId === selected?.productId) ?? null;
    if (!insurance) issues.push({ path: ['bookForm', 'insurance', 'productId'], message: 'This insurance product is not offered for this trip' });
    if (anyoneOver70) {
      issues.push({ path: ['bookForm', 'insurance'], message: MESSAGES.insuranceOver70 });
      insurance = null;
    }
  } else if (needsDuplicateNameCheck(engine.profile.id) && products.length > 0 && !anyoneOver70 && selected?.productSelected !== 'none') {
    // These profiles require an answer, and declining ('none') is one (spec 2 §5).
    issues.push({ path: ['bookForm', 'insurance', 'productSelected'], message: 'Por favor selecciona una de estas 3 opciones' });
  }

  // Extras and seats are the supplier's to sell and price, never the client's.
  let extrasTotal = 0;
  let seatsTotal = 0;
  let seats: CheckoutSeats | null = null;
  let extras: SelectedExtras | null = null;
  const chosenOptions = request.selectedExtras?.baggage.passengers.flatMap((passenger) => passenger.options) ?? [];
  if (chosenOptions.length > 0) {
    const options = await ancillaryOptions(deps, { recommendationId: offerId, terminalId: engine.id, flights: request.flights, passengers: request.searchParams.passengers }, engine);
    // Kept with the supplier's options (names, prices), so the confirmation shows what was sold.
    const passengers = (request.selectedExtras?.baggage.passengers ?? []).map((passenger, passengerIndex) => ({
      options: passenger.options.flatMap((choice, optionIndex) => {
        const option = options.find((candidate) => candidate.id === choice.option.id);
        if (!option) {
          issues.push({ path: ['selectedExtras', 'baggage', 'passengers', passengerIndex, 'options', optionIndex, 'option', 'id'], message: 'This baggage option is not sold with the offer' });
          return [];
        }
        extrasTotal += option.totalAmount;
        return [{ ...choice, option }];
      }),
    }));
    extras = { baggage: { passengers } };
  }
  if (request.seats.length > 0) {
    // Seats someone already owns are not sold again (post-sale purchases and other bookings' checkout seats).
    const map = await withSoldSeatsTaken(deps.db, await seatMapOf(deps, selection, offer), flightKeysOfFlights(flights));
    const chosen = priceChosenSeats(map, request.seats);
    issues.push(...chosen.issues);
    seatsTotal = chosen.total;
    seats = bookedSeats(map, request.seats, form.passengers);
  }

  // The coupon box's own rule on the same offer facts (previewCoupon): what it showed is what is charged.
  let coupon: DiscountLine | null = null;
  if (form.coupon?.apply && form.coupon.promotionalCode) {
    const line = await evaluateCoupon(deps, {
      promotionalCode: form.coupon.promotionalCode,
      engine,
      paymentType: form.payment,
      applyForcedPayment: false,
      offer: couponOfferOf(offer, flights),
    });
    if (line.apply) coupon = line;
    else {
      const refusal = line.refusal ?? 'COUPON_INVALID';
      issues.push({ path: ['bookForm', 'coupon', 'promotionalCode'], message: COUPON_REFUSAL_TEXTS[refusal], code: refusal });
    }
  }
  /** What this booking charges at an airfare of `fare`: the checkout summary's own sum (markup, discounts, insurance, extras). */
  const totalAt = (fare: number) =>
    bookingTotals({
      fare,
      fees: request.recommendation.pricing.fees,
      engine,
      paymentCode: form.payment,
      coupon,
      insurancePerPassenger: insurance?.priceTotal ?? null,
      passengerCount: form.passengers.length,
      seatedCount: form.passengers.filter((passenger) => passenger.type !== 'INF').length,
      extras: extrasTotal,
      seats: seatsTotal,
    }).total;
  // A method's minimum purchase (Cuotéalo BCP, spec 2 §9), on the total this booking would charge.
  const charged = totalAt(offer.pricing.total);
  const minimum = engine.isAgency ? null : paymentBelowMinimum(form.payment, charged, engine.currency.code);
  if (minimum) {
    issues.push({ path: ['bookForm', 'payment'], message: `La compra mínima con este medio de pago es ${minimum.currency} ${minimum.amount.toFixed(2)}`, code: PAYMENT_BELOW_MINIMUM });
  }
  if (issues.length > 0) throw invalid(issues);

  const fareChanged = priced.previousTotal !== null || Math.abs(offer.pricing.totalAmount - clientPricing.totalAmount) >= 0.005;
  return {
    engine,
    offer,
    flightIds,
    fareChanged,
    clientPricing,
    totalAt,
    firstDeparture,
    route: routeText(flights),
    insurance,
    coupon,
    extrasTotal: round2(extrasTotal),
    seatsTotal: round2(seatsTotal),
    seats,
    extras,
  };
}

function totalsOf(checked: Checked, request: BookingRequest, fare: number): BookingTotals {
  const passengers = request.bookForm.passengers;
  return bookingTotals({
    fare,
    fees: request.recommendation.pricing.fees,
    engine: checked.engine,
    paymentCode: request.bookForm.payment,
    coupon: checked.coupon,
    insurancePerPassenger: checked.insurance?.priceTotal ?? null,
    passengerCount: passengers.length,
    seatedCount: passengers.filter((passenger) => passenger.type !== 'INF').length,
    extras: checked.extrasTotal,
    seats: checked.seatsTotal,
  });
}

async function countAttempt(tx: Transaction, fingerprint: string, route: string, attempt: AttemptCount, statusCode: number, at: Date) {
  await tx
    .insert(bookingAttempts)
    .values({ fingerprint, route, attempts: attempt.number, windowStartedAt: attempt.windowStartedAt, lastStatusCode: statusCode, lastAttemptAt: at })
    .onConflictDoUpdate({ target: bookingAttempts.fingerprint, set: { attempts: attempt.number, windowStartedAt: attempt.windowStartedAt, lastStatusCode: statusCode, lastAttemptAt: at } });
}

/** This booking's place among the same-route attempts that reached the supplier, and its window's start. */
interface AttemptCount {
  number: number;
  windowStartedAt: Date;
}

/** How long the supplier's book call may take (env SUPPLIER_BOOK_TIMEOUT_MS). */
export const DEFAULT_SUPPLIER_DEADLINE_MS = 30_000;
/** The window in which same-route attempts add up to the 1007 limit (env BOOKING_ATTEMPT_WINDOW_HOURS). */
export const DEFAULT_ATTEMPT_WINDOW_HOURS = 24;
/**
 * A claim older than the supplier deadline plus this margin belongs to a process that died: a retry
 * takes it over. The margin covers recording the supplier's answer, a few milliseconds' work.
 */
const STALE_CLAIM_MARGIN_MS = 5_000;

const staleClaimsBefore = (deps: Pick<AppDeps, 'supplierDeadlineMs'>, now: Date) =>
  new Date(now.getTime() - (deps.supplierDeadlineMs ?? DEFAULT_SUPPLIER_DEADLINE_MS) - STALE_CLAIM_MARGIN_MS);

/**
 * Whether a booking of this session is being made now (claimed, unanswered, not stale): a checkout reloaded
 * during its submit says so and waits for the booking instead of showing the form (issue 37).
 */
export async function isBookingInProgress(deps: Pick<AppDeps, 'db' | 'now' | 'supplierDeadlineMs'>, sessionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.sessionId, sessionId), isNull(bookings.result), sql`${bookings.updatedAt} > ${staleClaimsBefore(deps, deps.now())}`))
    .limit(1);
  return row !== undefined;
}

/** A supplier that takes longer than the deadline: its answer, if it ever comes, is not waited for. */
async function bookWithDeadline(deps: AppDeps, request: SupplierBookingRequest): Promise<BookingOutcome | 'timeout'> {
  try {
    // The deadline's own error wins over whatever a supplier throws when its signal aborts.
    return await withDeadline(deps.supplierDeadlineMs ?? DEFAULT_SUPPLIER_DEADLINE_MS, (signal) => deps.supplier.book(request, signal));
  } catch (error) {
    if (error instanceof SupplierTimeout) return 'timeout';
    throw error;
  }
}

/** The traveller's own session of this booking: locked, whatever its idle clock says (the booking must be recorded). */
async function lockedSession(tx: Transaction, sessionId: string) {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  return row ?? null;
}

/** What the claim step decided: answer now, or call the supplier for this claimed booking row. */
type Claim = { kind: 'answer'; result: BookingResult } | { kind: 'claimed'; bookingId: string; attempt: AttemptCount } | { kind: 'in-progress' };

/** A session that already has its booking: the checkout is closed, and a new book call gets that booking back. */
export class AlreadyBooked extends ApiFailure {
  constructor(readonly booking: BookingSuccess) {
    super(409, 'ALREADY_BOOKED', 'This checkout is already booked; here is its booking.');
  }

  override toBody() {
    return { ...super.toBody(), booking: this.booking };
  }
}

/**
 * Step 1, one short transaction: the idempotency key, the duplicate and attempt checks, the coupon's
 * uses. The supplier is not called while any lock is held.
 */
async function claimBooking(deps: AppDeps, request: BookingRequest, checked: Checked, fingerprint: string, hash: string, now: Date): Promise<Claim> {
  const form = request.bookForm;
  const staleBefore = staleClaimsBefore(deps, now);
  const windowMs = (deps.bookingAttemptWindowHours ?? DEFAULT_ATTEMPT_WINDOW_HOURS) * 3_600_000;
  return deps.db.transaction(async (tx): Promise<Claim> => {
    const bookingId = crypto.randomUUID();
    const claimed = await tx
      .insert(bookings)
      .values({
        id: bookingId,
        sessionId: request.sessionID,
        terminalId: checked.engine.id,
        idempotencyKey: request.idempotencyKey,
        requestHash: hash,
        fingerprint,
        route: checked.route,
        status: requireStatus(INITIAL_STATUS, 'booking.start'),
        systemProviderCode: checked.offer.pos.systemProviderCode,
        paymentProviderCode: form.payment,
        passengers: form.passengers.map((passenger) => ({ type: passenger.type, firstName: passenger.firstName, lastName: passenger.lastName })),
        contactEmail: form.contact?.email ?? form.agencyInformation?.email ?? '',
        storedCard: form.paymentCreditCard ? { token: form.paymentCreditCard.token, brand: form.paymentCreditCard.brand, last4: form.paymentCreditCard.last4 } : null,
        isAgency: checked.engine.isAgency,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [bookings.sessionId, bookings.idempotencyKey] })
      .returning({ id: bookings.id });

    // A repeated submit: the first request's claim has committed by now.
    if (claimed.length === 0) {
      const [existing] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.sessionId, request.sessionID), eq(bookings.idempotencyKey, request.idempotencyKey)))
        .for('update');
      if (!existing) throw bookingInProgress();
      if (existing.requestHash !== hash) {
        throw new ApiFailure(422, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another booking request; send a new key for a new booking.');
      }
      if (existing.result) return { kind: 'answer', result: existing.result };
      if (existing.updatedAt > staleBefore) return { kind: 'in-progress' };
      // The process that claimed it died before recording the supplier's answer: this retry finishes it.
      await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, existing.id));
      const [counted] = await tx.select().from(bookingAttempts).where(eq(bookingAttempts.fingerprint, fingerprint));
      return { kind: 'claimed', bookingId: existing.id, attempt: { number: existing.attempt, windowStartedAt: counted?.windowStartedAt ?? now } };
    }

    const [booked] = await tx
      .select({ result: bookings.result })
      .from(bookings)
      .where(and(eq(bookings.sessionId, request.sessionID), ne(bookings.id, bookingId), isNotNull(bookings.result)))
      .limit(1);
    if (booked?.result) throw new AlreadyBooked(booked.result);

    // Identical bookings (same passengers, route and dates) queue behind each other from here on.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
    const refuse = async (result: BookingResult): Promise<Claim> => {
      await tx.delete(bookings).where(eq(bookings.id, bookingId));
      return { kind: 'answer', result };
    };

    const [duplicate] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.fingerprint, fingerprint), inArray(bookings.status, ACTIVE_STATUSES), ne(bookings.id, bookingId)))
      .limit(1);
    if (duplicate) return refuse(failure(1000));

    // Only attempts that reached the supplier count, and only within their window (issue 19: fair limits).
    const [previous] = await tx.select().from(bookingAttempts).where(eq(bookingAttempts.fingerprint, fingerprint)).for('update');
    const windowOpen = previous !== undefined && now.getTime() - previous.windowStartedAt.getTime() < windowMs;
    const attemptsSoFar = windowOpen ? previous.attempts : 0;
    if (attemptsSoFar >= MAX_BOOKING_ATTEMPTS) return refuse(failure(1007, { attempts: attemptsSoFar }));
    const attempt = { number: attemptsSoFar + 1, windowStartedAt: windowOpen ? previous.windowStartedAt : now };

    // The server's own price check: the supplier is not asked, so it is not an attempt.
    if (checked.fareChanged && !request.repricing) {
      return refuse(failure(1002, { fareChange: fareChangePayload(checked.clientPricing, checked.offer, checked.flightIds, checked.totalAt) }));
    }

    if (checked.coupon?.promotionalCode) {
      const refusal = await redeemCoupon(tx, checked.coupon.promotionalCode, bookingId, form.passengers, now);
      if (refusal) {
        await tx.delete(bookings).where(eq(bookings.id, bookingId));
        throw invalid([{ path: ['bookForm', 'coupon', 'promotionalCode'], message: COUPON_REFUSAL_TEXTS[refusal], code: refusal }]);
      }
    }
    await tx.update(bookings).set({ attempt: attempt.number }).where(eq(bookings.id, bookingId));
    return { kind: 'claimed', bookingId, attempt };
  });
}

/**
 * Takes one use of a limited coupon for this booking, under a lock on the coupon so that concurrent
 * bookings count each other. The use goes with the booking row when the booking fails.
 */
async function redeemCoupon(tx: Transaction, code: string, bookingId: string, passengers: BookingRequest['bookForm']['passengers'], now: Date): Promise<CouponRefusal | null> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  if (!coupon) return 'COUPON_INVALID';
  const keys = [...new Set(passengers.map(travellerKey))];
  if (coupon.maxUses !== null) {
    const [used] = await tx.select({ bookings: countDistinct(couponRedemptions.bookingId) }).from(couponRedemptions).where(eq(couponRedemptions.code, code));
    if ((used?.bookings ?? 0) >= coupon.maxUses) return 'COUPON_USED_UP';
  }
  if (coupon.maxUsesPerTraveller !== null) {
    const perTraveller = await tx
      .select({ uses: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.code, code), inArray(couponRedemptions.travellerKey, keys)))
      .groupBy(couponRedemptions.travellerKey);
    if (perTraveller.some((row) => row.uses >= (coupon.maxUsesPerTraveller ?? Infinity))) return 'COUPON_USED_UP';
  }
  await tx.insert(couponRedemptions).values(keys.map((key) => ({ code, bookingId, travellerKey: key, createdAt: now })));
  return null;
}

/** Step 3, a second transaction: the supplier's answer becomes the booking, its payment order and the session's copy. */
async function recordOutcome(deps: AppDeps, request: BookingRequest, checked: Checked, claim: Extract<Claim, { kind: 'claimed' }>, outcome: BookingOutcome | 'timeout', fingerprint: string): Promise<BookingResult> {
  const form = request.bookForm;
  const now = deps.now();
  const { bookingId, attempt } = claim;
  return deps.db.transaction(async (tx) => {
    if (outcome === 'timeout' || outcome.kind !== 'confirmed') {
      const result = outcome === 'timeout' ? supplierTimeout() : outcomeFailure(outcome, checked, attempt.number);
      await tx.delete(bookings).where(eq(bookings.id, bookingId));
      await countAttempt(tx, fingerprint, checked.route, attempt, result.statusCode, now);
      return result;
    }
    const numbers = await tx.execute(sql`select nextval('booking_number_seq') as n`);
    const sequence = Number((numbers as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n);
    const day = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(BUSINESS_TIMEZONE).toPlainDate().toString().replaceAll('-', '');
    const orderId = `ORD-${day}-${String(sequence).padStart(6, '0')}`;
    const orderNumber = String(1_000_000_000 + sequence);
    const totals = totalsOf(checked, request, outcome.total);
    const limit = heldOrderTimeLimit(ticketingTimeLimit(now, form.payment, checked.firstDeparture), now, outcome.supplierOrder);
    const status = requireStatus(requireStatus(INITIAL_STATUS, 'booking.start'), 'booking.confirm');
    const url = sandboxPaymentUrl(form.payment, orderNumber);
    const result: BookingSuccess = {
      statusCode: 1,
      pnr: outcome.locator,
      orderID: { id: orderId },
      ticketingTimeLimit: limaDateTime(limit),
      paymentDetails: { orderNumber, totalAmount: totals.total, status: status as 2, providerCode: form.payment, url, orderedAt: limaDateTime(now), ...sandboxPageToken(pageTokenSecret(deps), form.payment, orderNumber) },
      attemps: attempt.number,
    };
    await tx
      .update(bookings)
      .set({
        status,
        pnr: outcome.locator,
        orderId,
        paymentOrderNumber: orderNumber,
        totalAmount: totals.total,
        totals,
        ticketingTimeLimit: limit,
        attempt: attempt.number,
        result,
        updatedAt: now,
        ...(outcome.supplierOrder ? { supplierOrderId: outcome.supplierOrder.id, supplierOrderStatus: outcome.supplierOrder.held ? 'held' : 'paid' } : {}),
      })
      .where(eq(bookings.id, bookingId));
    // Seats bought at checkout are owned like those bought after booking (post-sale maps show them taken).
    if (checked.seats) {
      const owned = checkoutSoldSeats(bookingId, chosenFlightsOf(checked.offer, checked.flightIds), checked.seats, now);
      if (owned.length > 0) await tx.insert(soldSeats).values(owned).onConflictDoNothing();
    }
    await tx.insert(paymentOrders).values({ number: orderNumber, bookingId, status: 'PP', amount: totals.total, currency: 'USD', providerCode: form.payment, url, expiresAt: limit, createdAt: now, updatedAt: now });
    await countAttempt(tx, fingerprint, checked.route, attempt, 1, now);
    const session = await lockedSession(tx, request.sessionID);
    if (session) {
      await tx
        .update(sessions)
        .set({ data: { ...session.data, booking: result, bookForm: form, paymentWasProcessed: false, ...(checked.seats ? { seats: checked.seats } : {}), ...(checked.extras ? { selectedExtras: checked.extras } : {}) }, lastActivityAt: now })
        .where(eq(sessions.id, request.sessionID));
    }
    // In the booking's own transaction: the mail goes out once the booking is there, and never twice.
    await enqueueBookingMail(tx, deps, { bookingId, kind: 'booking-confirmed', language: request.language ?? 'es' });
    return result;
  });
}

/**
 * The same key while its first request is still running (IETF idempotency-key draft): 409 at once, with
 * Retry-After; the client sends the same request again and then gets the first request's answer.
 */
const bookingInProgress = () => new RetryLater(409, 'BOOKING_IN_PROGRESS', 'This checkout is being booked; send the same request again in a moment.', 1);

/** The supplier did not answer within its deadline: the spec's provider error (1303), try again. */
function supplierTimeout(): BookingFailure {
  const answer = failure(1303);
  return { ...answer, error: { ...answer.error, status: 504, message: 'El proveedor no respondió a tiempo' } };
}

const SEGMENTS_UNAVAILABLE_CODE = new OfferUnavailable().code;

/** An ISO 3166 country and its dial code ('PE+51', 'DO+1-809'): the number in E.164 ('+51987654321'), or undefined. */
function e164(number: string | undefined, dialOption: string): string | undefined {
  if (!number) return undefined;
  const [country = '', dial = ''] = dialOption.split('+');
  const parsed = parsePhoneNumberFromString(number, country as CountryCode) ?? parsePhoneNumberFromString(`+${dial.replace('-', '')}${number}`);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * The passengers as a supplier books them: a real one (Duffel) needs each one's birth date (YYYY-MM-DD), gender,
 * e-mail and E.164 phone; an adult without their own contact data carries the contact form's (or the agency's e-mail).
 */
function supplierPassengers(form: BookingRequest['bookForm']): BookingPassenger[] {
  const dialOption = form.contact?.countryCode ?? form.agencyInformation?.countryCode ?? DEFAULT_CONTACT_DIAL_OPTION;
  const contactEmail = form.contact?.email ?? form.agencyInformation?.email;
  return form.passengers.map((passenger) => {
    const { year, month, day } = passenger.birthdate;
    const adult = passenger.type === 'ADT';
    return {
      type: passenger.type,
      firstName: passenger.firstName,
      lastName: passenger.lastName,
      birthdate: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      gender: passenger.gender,
      email: adult ? (passenger.email ?? contactEmail) : undefined,
      phone: adult ? e164(passenger.phoneNumber ?? form.contact?.phoneNumber, dialOption) : undefined,
    };
  });
}

/**
 * The recovery-point pattern: (1) claim the idempotency key and the attempt in a short transaction,
 * (2) call the supplier with a deadline and no transaction open, (3) record its answer in a second
 * transaction. A crash between (1) and (3) leaves a claim without a result, which a retry with the
 * same key takes over once it is stale; the supplier's booking is idempotent on the booking reference.
 */
export async function bookFlights(deps: AppDeps, request: BookingRequest): Promise<BookingResult> {
  let checked: Checked;
  try {
    checked = await checkRequest(deps, request);
  } catch (error) {
    // The offer expired or sold out before the supplier was asked to book (a Duffel offer read again): the
    // traveller sees the checkout's 1001 dialog, as when the supplier's booking answers it.
    if (error instanceof ApiFailure && error.code === SEGMENTS_UNAVAILABLE_CODE) return failure(SEGMENTS_UNAVAILABLE_CODE);
    throw error;
  }
  const form = request.bookForm;
  const fingerprint = bookingFingerprint(checked.route, form.passengers);
  const hash = requestHash(request);
  const claim = await claimBooking(deps, request, checked, fingerprint, hash, deps.now());
  if (claim.kind === 'in-progress') throw bookingInProgress();
  if (claim.kind === 'answer') return claim.result;

  // A card the sandbox gateway tokenised is charged right after booking; every other method pays later.
  const chargedAtCheckout = Boolean(form.paymentCreditCard) && paymentFlowOf(deps, form.payment) === 'cardAtCheckout';
  let outcome: BookingOutcome | 'timeout';
  try {
    outcome = await bookWithDeadline(deps, {
      reference: claim.bookingId,
      selection: selectionOf(deps, request.selectedFare?.offerId ?? request.recommendation.id, request.flights, checked.engine.isAgency),
      passengers: supplierPassengers(form),
      seats: request.seats.map((seat) => ({ segmentIndex: seat.indexSegment, seat: `${seat.row}${seat.column}` })),
      attempt: claim.attempt.number,
      acceptFareChange: request.repricing,
      applyBaggage: request.repricing ? chosenFlightsOf(checked.offer, checked.flightIds).map(baggageAppliesInRepricing) : undefined,
      payLater: !chargedAtCheckout,
    });
  } catch (error) {
    // The supplier failed outright: the claim is released so the traveller may try again.
    await deps.db.delete(bookings).where(and(eq(bookings.id, claim.bookingId), isNull(bookings.result)));
    throw error;
  }
  const result = await recordOutcome(deps, request, checked, claim, outcome, fingerprint);
  // A card the sandbox gateway tokenised was approved there: it is charged once the booking is made, so the
  // order, made a moment ago and far from its time limit, is paid (its status mail enqueued with the move).
  // A crash in between leaves it pending, never charged twice.
  const orderNumber = result.statusCode === 1 ? result.paymentDetails?.orderNumber : undefined;
  if (orderNumber && chargedAtCheckout) await transitionPaymentOrder(deps, orderNumber, 'order.pay');
  return result;
}
