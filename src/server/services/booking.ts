/**
 * POST /api/flights/book (spec 2 §7, §8; spec 3 §4): validates the whole checkout again, prices the
 * offer again through the supplier, books it and stores booking, payment order and session in one
 * transaction. The same idempotency key always answers the first booking: the key is unique, and
 * a second request's insert waits for the first transaction and then finds its row.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE, errorCodes } from '../../contract/common.ts';
import {
  type BookingError,
  type BookingFailure,
  type BookingRequest,
  type BookingResult,
  type BookingSuccess,
  type CheckoutSeats,
  type SelectedExtras,
  type DiscountLine,
  type InsuranceProduct,
  SEAT_TAKEN_MESSAGE,
} from '../../contract/checkout.ts';
import { ageOn, MESSAGES, type RuleIssue } from '../../contract/checkout-rules.ts';
import {
  ancillariesOffered,
  checkoutPaymentMethods,
  MAX_BOOKING_ATTEMPTS,
  needsDuplicateNameCheck,
  PAYMENT_BELOW_MINIMUM,
  paymentBelowMinimum,
} from '../../contract/checkout-policy.ts';
import { COUPON_REFUSAL_TEXTS, INSURANCE_MAX_AGE } from '../../contract/checkout.ts';
import type { Engine } from '../../contract/engine.ts';
import type { Recommendation } from '../../contract/search.ts';
import type { Transaction } from '../db/client.ts';
import { bookingAttempts, bookings, paymentOrders, sessions } from '../db/schema/index.ts';
import { bookingTotals, type BookingTotals } from '../../contract/checkout-totals.ts';
import type { AppDeps } from '../deps.ts';
import {
  bookingFingerprint,
  bookingIssues,
  chosenFlightsOf,
  fareChangePayload,
  limaDateTime,
  requestHash,
  round2,
  routeText,
  ticketingTimeLimit,
} from '../domain/booking.ts';
import { ApiFailure } from '../errors.ts';
import { sandboxPageToken, sandboxPaymentUrl } from '../payments/sandbox.ts';
import { isSandboxCardToken } from '../payments/card-vault.ts';
import type { BookingOutcome } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { ancillariesNotOffered, ancillaryOptions, couponOfferOf, evaluateCoupon, flightIdsOf, insuranceProducts, onOffer, selectionOf, tripShape } from './checkout.ts';
import { businessToday } from './search.ts';
import { bookedSeats, priceChosenSeats, seatMapOf } from './seats.ts';
import { loadLiveSession } from './sessions.ts';
import { requireStatus } from './order-lifecycle.ts';


/** Bookings that block an identical one (1000): anything not cancelled, denied or expired. */
const ACTIVE_STATUSES = [1, 2, 3, 6, 15];

function invalid(issues: RuleIssue[]): ApiFailure {
  // Same prefix as the schema's own errors (json.…), so a client maps every error of this call alike.
  const errors = issues.map((issue) => ({ path: ['json', ...issue.path.map(String)].join('.'), code: issue.code ?? 'invalid', value: issue.message }));
  return new ApiFailure(400, errorCodes.badRequest, issues[0]?.message ?? 'The booking is not valid.', errors);
}

const failureTexts: Record<number, { status: number; message: string; value: string }> = {
  1000: { status: 409, message: 'Reserva duplicada', value: 'Ya existe una reserva con los mismos pasajeros, ruta y fechas.' },
  1001: { status: 409, message: 'Segmentos cancelados', value: 'Los segmentos del vuelo aún no están confirmados o ya no están disponibles. Intente con otros vuelos.' },
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

function outcomeFailure(outcome: Exclude<BookingOutcome, { kind: 'confirmed' }>, flightIds: string[], clientPricing: Recommendation['pricing'], attempts: number): BookingFailure {
  switch (outcome.kind) {
    case 'fare-changed':
      return failure(1002, { fareChange: fareChangePayload(clientPricing, outcome.offer, flightIds) });
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
  await loadLiveSession(deps.db, request.sessionID, now);
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
    ndcLatamTouchesUs: offer.pos.systemProviderCode === 107 && trip.touchesUs,
    flightRequiresDocuments: trip.international,
    systemProviderCode: offer.pos.systemProviderCode,
    pricingSource: offer.pricing.source,
    clientFees: request.recommendation.pricing.fees,
    offeredMethods: offered.methods,
  });
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

  // Extras and seats are sold only where the checkout offers them, and priced by the supplier, never by the client.
  let extrasTotal = 0;
  let seatsTotal = 0;
  let seats: CheckoutSeats | null = null;
  let extras: SelectedExtras | null = null;
  const chosenOptions = request.selectedExtras?.baggage.passengers.flatMap((passenger) => passenger.options) ?? [];
  const sellsAncillaries = ancillariesOffered(engine.id, offer.pos.systemProviderCode);
  if (!sellsAncillaries) {
    const refusal = ancillariesNotOffered(engine, offer.pos.systemProviderCode).message;
    if (chosenOptions.length > 0) issues.push({ path: ['selectedExtras'], message: refusal });
    if (request.seats.length > 0) issues.push({ path: ['seats'], message: refusal });
  }
  if (sellsAncillaries && chosenOptions.length > 0) {
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
  if (sellsAncillaries && request.seats.length > 0) {
    const map = await seatMapOf(deps, selection, offer);
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
  // A method's minimum purchase (Cuotéalo BCP, spec 2 §9), on the total this booking would charge.
  const charged = bookingTotals({
    fare: offer.pricing.total,
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

async function countAttempt(tx: Transaction, fingerprint: string, route: string, attempts: number, statusCode: number, at: Date) {
  await tx
    .insert(bookingAttempts)
    .values({ fingerprint, route, attempts, lastStatusCode: statusCode, lastAttemptAt: at })
    .onConflictDoUpdate({ target: bookingAttempts.fingerprint, set: { attempts, lastStatusCode: statusCode, lastAttemptAt: at } });
}


export async function bookFlights(deps: AppDeps, request: BookingRequest): Promise<BookingResult> {
  const checked = await checkRequest(deps, request);
  const form = request.bookForm;
  const fingerprint = bookingFingerprint(checked.route, form.passengers);
  const hash = requestHash(request);
  const now = deps.now();
  /** Status 0 (initial) of the booking-status machine. */
  const initialStatus = 0;

  return deps.db.transaction(async (tx) => {
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
        status: requireStatus(initialStatus, 'booking.start'),
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

    // A repeated submit: the first request's transaction has committed its booking by now.
    if (claimed.length === 0) {
      const [existing] = await tx.select().from(bookings).where(and(eq(bookings.sessionId, request.sessionID), eq(bookings.idempotencyKey, request.idempotencyKey)));
      if (!existing?.result) throw new ApiFailure(409, 'BOOKING_IN_PROGRESS', 'This checkout is being booked; try again in a moment.');
      if (existing.requestHash !== hash) {
        throw new ApiFailure(422, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another booking request; send a new key for a new booking.');
      }
      return existing.result;
    }

    // Identical bookings (same passengers, route and dates) queue behind each other from here on.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
    const refuse = async (result: BookingFailure, attempts: number | null) => {
      await tx.delete(bookings).where(eq(bookings.id, bookingId));
      if (attempts !== null) await countAttempt(tx, fingerprint, checked.route, attempts, result.statusCode, now);
      return result;
    };

    const [duplicate] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.fingerprint, fingerprint), inArray(bookings.status, ACTIVE_STATUSES), ne(bookings.id, bookingId)))
      .limit(1);
    if (duplicate) return refuse(failure(1000), null);

    const [previous] = await tx.select().from(bookingAttempts).where(eq(bookingAttempts.fingerprint, fingerprint)).for('update');
    const attemptsSoFar = previous?.attempts ?? 0;
    if (attemptsSoFar >= MAX_BOOKING_ATTEMPTS) return refuse(failure(1007, { attempts: attemptsSoFar }), null);
    const attempt = attemptsSoFar + 1;

    if (checked.fareChanged && !request.repricing) {
      return refuse(failure(1002, { fareChange: fareChangePayload(checked.clientPricing, checked.offer, checked.flightIds) }), attempt);
    }

    const outcome = await deps.supplier.book({
      selection: selectionOf(deps, request.selectedFare?.offerId ?? request.recommendation.id, request.flights, checked.engine.isAgency),
      passengers: form.passengers.map((passenger) => ({ type: passenger.type, firstName: passenger.firstName, lastName: passenger.lastName })),
      seats: request.seats.map((seat) => ({ segmentIndex: seat.indexSegment, seat: `${seat.row}${seat.column}` })),
      attempt,
      acceptFareChange: request.repricing,
    });
    if (outcome.kind !== 'confirmed') return refuse(outcomeFailure(outcome, checked.flightIds, checked.clientPricing, attempt), attempt);

    const numbers = await tx.execute(sql`select nextval('booking_number_seq') as n`);
    const sequence = Number((numbers as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n);
    const day = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(BUSINESS_TIMEZONE).toPlainDate().toString().replaceAll('-', '');
    const orderId = `ORD-${day}-${String(sequence).padStart(6, '0')}`;
    const orderNumber = String(1_000_000_000 + sequence);
    const totals = totalsOf(checked, request, outcome.total);
    const limit = ticketingTimeLimit(now, form.payment, checked.firstDeparture);
    const status = requireStatus(requireStatus(initialStatus, 'booking.start'), 'booking.confirm');
    const url = sandboxPaymentUrl(form.payment, orderNumber);
    const result: BookingSuccess = {
      statusCode: 1,
      pnr: outcome.locator,
      orderID: { id: orderId },
      ticketingTimeLimit: limaDateTime(limit),
      paymentDetails: { orderNumber, totalAmount: totals.total, status: status as 2, providerCode: form.payment, url, ...sandboxPageToken(deps.sandboxPaymentSecret, form.payment, orderNumber) },
      attemps: attempt,
    };
    await tx
      .update(bookings)
      .set({ status, pnr: outcome.locator, orderId, paymentOrderNumber: orderNumber, totalAmount: totals.total, totals, ticketingTimeLimit: limit, attempt, result, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    await tx.insert(paymentOrders).values({ number: orderNumber, bookingId, status: 'PP', amount: totals.total, currency: 'USD', providerCode: form.payment, url, expiresAt: limit, createdAt: now, updatedAt: now });
    await countAttempt(tx, fingerprint, checked.route, attempt, 1, now);
    const session = await loadLiveSession(tx, request.sessionID, now, { lock: true });
    await tx
      .update(sessions)
      .set({ data: { ...session.data, booking: result, bookForm: form, paymentWasProcessed: false, ...(checked.seats ? { seats: checked.seats } : {}), ...(checked.extras ? { selectedExtras: checked.extras } : {}) }, lastActivityAt: now })
      .where(eq(sessions.id, request.sessionID));
    return result;
  });
}
