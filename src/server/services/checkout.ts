/**
 * Checkout calls around the booking (spec 2 §7): payment methods with their rules, the USD → PEN
 * rate, ancillary baggage, insurance products, fare rules and coupons. Each reloads the engine by
 * id and never takes prices from the client.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, countDistinct, desc, eq, gte, lte } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import {
  couponForcesPayment,
  normaliseCouponCode,
  parseDiscountRph,
  type AncillaryBaggageOption,
  type CouponLine,
  type CouponRefusal,
  type CouponRequest,
  type RouteType,
  type FareRule,
  type InsuranceProduct,
  type fareRulesRequestSchema,
} from '../../contract/checkout.ts';
import { checkoutPaymentMethods, type PaymentMethodContext } from '../../contract/checkout-policy.ts';
import type { Language } from '../../contract/common.ts';
import type { Engine } from '../../contract/engine.ts';
import type { Flight, Recommendation, SearchRequest } from '../../contract/search.ts';
import { couponRedemptions, coupons, exchangeRates, insurancePlans } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { chosenFlightsOf, round2 } from '../domain/booking.ts';
import { ApiFailure } from '../errors.ts';
import { airportCatalogue } from '../supply/airports.ts';
import { OfferUnavailable, UnknownOffer, type OfferSelection } from '../supply/port.ts';
import { resolveTerminal } from './agency-access.ts';
import { findEngine } from './engines.ts';
import { businessToday } from './search.ts';
import { loadLiveSession, sessionLifetimeMs } from './sessions.ts';
import { sandboxScotiabankLookup, scotiabankLookupRequest } from '../payments/scotiabank.ts';
import type { ScotiabankLookup } from '../../contract/scotiabank.ts';

// ── Payment methods (spec 2 §4, §9) ──

export async function listCheckoutPaymentMethods(deps: AppDeps, terminalId: string, context: Omit<PaymentMethodContext, 'today'>) {
  const engine = await findEngine(deps, terminalId);
  const listing = checkoutPaymentMethods(engine.id, engine.paymentMethods, { ...context, today: businessToday(deps.now()) });
  return { terminalId: engine.id, ...listing };
}

// ── Exchange rates (spec 2 §7) ──

/** How far back a missing day (weekend, holiday) falls back to the last published rate. */
const RATE_FALLBACK_DAYS = 7;

export async function exchangeRateFor(deps: AppDeps, date: string) {
  const today = businessToday(deps.now());
  if (date > today) throw new ApiFailure(400, 'FUTURE_DATE', `No rate is published for ${date}: it is after today (${today}, America/Lima).`, [{ path: 'param.date', code: 'future_date', value: 'The date is after today' }]);
  const earliest = Temporal.PlainDate.from(date).subtract({ days: RATE_FALLBACK_DAYS }).toString();
  const [row] = await deps.db
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, 'USD'), eq(exchangeRates.quote, 'PEN'), lte(exchangeRates.date, date), gte(exchangeRates.date, earliest)))
    .orderBy(desc(exchangeRates.date))
    .limit(1);
  if (!row) throw new ApiFailure(404, 'RATE_NOT_FOUND', `No USD → PEN rate is stored for ${date} or the ${RATE_FALLBACK_DAYS} days before.`);
  return { date: row.date, from: 'USD' as const, to: 'PEN' as const, rate: row.rate };
}

function sameKey(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Operators store the day's published rate (x-api-key: ADMIN_API_KEY); seeded rates are only stand-ins. */
export async function storeExchangeRate(deps: AppDeps, apiKey: string | undefined, date: string, rate: number) {
  const expected = deps.adminApiKey ?? process.env.ADMIN_API_KEY;
  if (!expected) throw new ApiFailure(403, 'ADMIN_DISABLED', 'Rates cannot be changed: no ADMIN_API_KEY is configured on this server.');
  if (!apiKey || !sameKey(apiKey, expected)) throw new ApiFailure(401, 'INVALID_API_KEY', 'The x-api-key header is missing or is not the operator key.');
  const row = { date, base: 'USD', quote: 'PEN', rate, source: 'manual', updatedAt: deps.now() };
  await deps.db
    .insert(exchangeRates)
    .values(row)
    .onConflictDoUpdate({ target: [exchangeRates.date, exchangeRates.base, exchangeRates.quote], set: { rate, source: 'manual', updatedAt: row.updatedAt } });
  return { date, from: 'USD' as const, to: 'PEN' as const, rate };
}

// ── Offers ──

/** The chosen flight ids, one per leg in leg order. */
export function flightIdsOf(flights: readonly Flight[]): string[] {
  return [...flights].sort((a, b) => a.itineraryReference - b.itineraryReference).map((flight) => flight.id);
}

export function selectionOf(deps: AppDeps, offerId: string, flights: readonly Flight[], agency: boolean): OfferSelection {
  const now = deps.now();
  return { offerId, flightIds: flightIdsOf(flights), today: businessToday(now), now: now.getTime(), agency };
}

/** The spec's 1001 (spec 2 §8): the supplier sells the offer's segments no more (expired, sold out). */
export const SEGMENTS_UNAVAILABLE = {
  status: 409,
  message: 'Segmentos cancelados',
  value: 'Los segmentos del vuelo aún no están confirmados o ya no están disponibles. Intente con otros vuelos.',
} as const;

/**
 * Supplier calls on an offer; an id or flights the supplier does not know are the caller's mistake (400); an
 * offer it issued but sells no more (a Duffel offer expired) is the spec's 1001, the code the checkout's dialog shows.
 */
export async function onOffer<T>(call: () => Promise<T>, path = 'json.recommendation.id'): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OfferUnavailable) {
      throw new ApiFailure(SEGMENTS_UNAVAILABLE.status, error.code, SEGMENTS_UNAVAILABLE.message, [{ path, code: String(error.code), value: SEGMENTS_UNAVAILABLE.value }]);
    }
    if (error instanceof UnknownOffer) throw new ApiFailure(400, 'UNKNOWN_OFFER', error.message, [{ path, code: 'unknown_offer', value: error.message }]);
    throw error;
  }
}

// ── Ancillary baggage (spec 2 §2, §3; spec 3 §3 baggage codes) ──

/** Supplier bag products as the RFIC subcodes of spec 3 §3: first and second extra bag, carry-on. */
export const BAGGAGE_SUBCODES: Record<string, string> = { BAG23: '0C3', BAG23X2: '0JT', CARRYON10: 'HBG' };

export interface AncillaryQuery {
  recommendationId: string;
  terminalId: string;
  token?: string | null | undefined;
  flights: readonly Flight[];
  passengers: SearchRequest['passengers'];
}

/** Baggage options per leg and seated passenger type, priced by the supplier; ids are stable. */
export async function ancillaryOptions(deps: AppDeps, query: AncillaryQuery, engine?: Engine): Promise<AncillaryBaggageOption[]> {
  const terminal = engine ?? (await resolveTerminal(deps, query.terminalId, query.token));
  const legs = [...query.flights].sort((a, b) => a.itineraryReference - b.itineraryReference);
  const extras = await onOffer(() => deps.supplier.extras(selectionOf(deps, query.recommendationId, legs, terminal.isAgency)), 'json.recommendationId');
  const types = (['ADT', 'CHD'] as const).filter((type) => (type === 'ADT' ? query.passengers.adults : query.passengers.children) > 0);
  return extras.baggage.flatMap((bag) => {
    const flight = legs[bag.legIndex];
    if (!flight) return [];
    const origin = flight.segments[0]?.departureAirport.code ?? '';
    const destination = flight.segments[flight.segments.length - 1]?.arrivalAirport.code ?? '';
    return types.map((type) => ({
      id: `L${bag.legIndex}-${bag.code}-${type}`,
      subcode: BAGGAGE_SUBCODES[bag.code] ?? bag.code,
      name: bag.description,
      description: `${bag.pieces} × ${bag.weight} kg, ${origin}–${destination}`,
      pieces: bag.pieces,
      weightKg: bag.weight,
      totalAmount: round2(bag.price),
      origin,
      destination,
      passengerCode: type,
      type: bag.code === 'CARRYON10' ? 'CARRY_ON' : 'BAGGAGE',
    }));
  });
}

/**
 * The offer of a checkout call about ancillaries, priced again: every offer's extras are the supplier's to sell
 * (issue 37: bags and seats for every carrier that sells them; an offer with none answers an empty list).
 */
export async function ancillarySeller(deps: AppDeps, query: { offerId: string; terminalId: string; token?: string | null | undefined; flights: readonly Flight[] }, path: string) {
  const engine = await resolveTerminal(deps, query.terminalId, query.token);
  const selection = selectionOf(deps, query.offerId, query.flights, engine.isAgency);
  const { offer } = await onOffer(() => deps.supplier.price(selection), path);
  return { engine, selection, offer };
}

/** POST /api/flights/ancillaries: the bags the supplier sells with an offer. */
export async function checkoutAncillaryOptions(deps: AppDeps, query: AncillaryQuery): Promise<AncillaryBaggageOption[]> {
  const { engine } = await ancillarySeller(deps, { ...query, offerId: query.recommendationId }, 'json.recommendationId');
  return ancillaryOptions(deps, query, engine);
}

// ── Insurance (spec 2 §3, §4, §5) ──

const IGV = 0.18;

function tripShape(flights: readonly Flight[]) {
  const catalogue = airportCatalogue();
  const legs = [...flights].sort((a, b) => a.itineraryReference - b.itineraryReference);
  const codes = legs.flatMap((flight) => flight.segments.flatMap((segment) => [segment.departureAirport.code, segment.arrivalAirport.code]));
  const countries = codes.map((code) => catalogue.airports.get(code)?.countryCode ?? '??');
  const first = legs[0];
  const last = legs[legs.length - 1];
  const originCountry = countries[0] ?? 'PE';
  const destinationCode = first?.segments[first.segments.length - 1]?.arrivalAirport.code ?? '';
  const destination = catalogue.airports.get(destinationCode);
  const day = (text: string | undefined, path: string) => {
    try {
      return Temporal.PlainDate.from((text ?? '').slice(0, 10));
    } catch {
      throw new ApiFailure(400, 'BAD_REQUEST', `${text} is not a real date and time.`, [{ path, code: 'invalid_date', value: 'Ingrese una fecha válida' }]);
    }
  };
  const startDate = day(first?.departureDateTime, 'json.flights.0.departureDateTime');
  const endDate = day(last?.arrivalDateTime, `json.flights.${legs.length - 1}.arrivalDateTime`);
  return {
    international: countries.some((country) => country !== originCountry),
    originCountry,
    destinationName: destination?.countryName ?? destinationCode,
    days: Math.max(1, startDate.until(endDate, { largestUnit: 'days' }).days + 1),
    /** The ISO codes of the trip's airports' countries (unknown airports left out). */
    countries: countries.filter((country) => country !== '??'),
    finalArrival: endDate,
  };
}
export { tripShape };

/**
 * Travel assistance for a trip: only for the whitelisted profiles (those with plans) and never
 * with provider 101. Per passenger: price per day and for the whole trip, 2 decimals, IGV included.
 */
export async function insuranceProducts(deps: AppDeps, engine: Engine, flights: readonly Flight[], systemProviderCode: number | undefined): Promise<InsuranceProduct[]> {
  if (systemProviderCode === 101) return [];
  const trip = tripShape(flights);
  const plans = await deps.db
    .select()
    .from(insurancePlans)
    .where(and(eq(insurancePlans.profileId, engine.profile.id), eq(insurancePlans.zone, trip.international ? 'international' : 'national')))
    .orderBy(insurancePlans.sortOrder);
  return plans.map((plan) => {
    const priceTotal = round2(plan.priceDay * trip.days);
    return {
      productId: plan.productId,
      familyName: plan.familyName,
      priceDay: round2(plan.priceDay),
      priceTotal,
      atributos: plan.attributes,
      errorCode: null,
      fees: 0,
      tax: trip.originCountry === 'PE' ? round2((priceTotal * IGV) / (1 + IGV)) : 0,
      daysOfCoverage: trip.days,
      destinationName: trip.destinationName,
      originCountryCode: trip.originCountry,
    };
  });
}

// ── Fare rules (spec 2 §2, §7) ──

type FareRulesRequest = z.infer<typeof fareRulesRequestSchema>;

const LOW_COST = new Set(['H2', 'JA', 'JZ']);

/** Shown first in every tab for consumers; agencies have their own contract (spec 2 §6). */
export const GENERAL_TERMS_TITLES = { es: 'Condiciones generales', en: 'General terms' } as const;

type RuleFacts = { airline: string; flightNumber: string; bookingClass: string; fareBasis: string; family: FareRulesRequest['selectedFare']; lowCost: boolean; changeFee: number };

/**
 * The regulations' wording in the reader's language (`language` of the request; Spanish, the spec's, when
 * absent): the page shows titles and text as they come, so an English page must get English.
 */
const RULE_TEXTS: Record<Language, { general: { title: string; content: string }; sections: (facts: RuleFacts) => { title: string; content: string }[] }> = {
  es: {
    general: {
      title: GENERAL_TERMS_TITLES.es,
      content:
        'La reserva se confirma con el pago dentro del plazo indicado. Los nombres deben coincidir con el documento de viaje; el pasaporte debe tener una vigencia no menor a 6 meses. Los cambios y devoluciones se rigen por las regulaciones de la aerolínea.',
    },
    sections: ({ airline, flightNumber, bookingClass, fareBasis, family, lowCost, changeFee }) => [
      { title: 'Tarifa', content: `Vuelo ${airline}${flightNumber}, clase ${bookingClass}, base tarifaria ${fareBasis}${family ? `, familia ${family.name}` : ''}.` },
      { title: 'Cambios', content: `Permitidos con cargo de USD ${changeFee.toFixed(2)} más diferencia de tarifa, hasta 24 horas antes del vuelo.` },
      {
        title: 'Devoluciones',
        content: lowCost
          ? 'Tarifa no reembolsable; las tasas aeroportuarias se devuelven a solicitud.'
          : `Reembolso con penalidad de USD ${(changeFee * 2).toFixed(2)}; las tasas aeroportuarias son reembolsables.`,
      },
      {
        title: 'Equipaje',
        content: family
          ? `${family.baggage.includes ? `Equipaje en bodega incluido (${family.baggage.value} pieza(s) por tramo)` : 'Sin equipaje en bodega incluido'}; equipaje de mano ${family.handBaggage.pieces} pieza(s)${family.handBaggage.weight ? ` de ${family.handBaggage.weight} kg` : ''}.`
          : 'Según la familia tarifaria comprada.',
      },
      { title: 'No presentación', content: 'No presentarse a un vuelo cancela los tramos siguientes de la reserva.' },
    ],
  },
  en: {
    general: {
      title: GENERAL_TERMS_TITLES.en,
      content:
        'The booking is confirmed by payment within the stated time limit. Names must match the travel document; passports must be valid for at least 6 more months. Changes and refunds follow the airline’s regulations.',
    },
    sections: ({ airline, flightNumber, bookingClass, fareBasis, family, lowCost, changeFee }) => [
      { title: 'Fare', content: `Flight ${airline}${flightNumber}, class ${bookingClass}, fare basis ${fareBasis}${family ? `, fare family ${family.name}` : ''}.` },
      { title: 'Changes', content: `Allowed for a fee of USD ${changeFee.toFixed(2)} plus any fare difference, up to 24 hours before the flight.` },
      {
        title: 'Refunds',
        content: lowCost
          ? 'Non-refundable fare; airport taxes are returned on request.'
          : `Refund with a penalty of USD ${(changeFee * 2).toFixed(2)}; airport taxes are refundable.`,
      },
      {
        title: 'Baggage',
        content: family
          ? `${family.baggage.includes ? `Checked baggage included (${family.baggage.value} piece(s) per leg)` : 'No checked baggage included'}; hand baggage ${family.handBaggage.pieces} piece(s)${family.handBaggage.weight ? ` of ${family.handBaggage.weight} kg` : ''}.`
          : 'As the fare family bought.',
      },
      { title: 'No-show', content: 'Missing a flight cancels the following legs of the booking.' },
    ],
  },
};

/** Airline regulations per route (a tab per departure–arrival), general terms only for consumers. */
export async function fareRules(deps: AppDeps, terminalId: string, request: FareRulesRequest): Promise<FareRule[]> {
  const engine = await findEngine(deps, terminalId);
  const catalogue = airportCatalogue();
  const family = request.selectedFare;
  const texts = RULE_TEXTS[request.language ?? 'es'];
  return request.segments.map((segment) => {
    const lowCost = LOW_COST.has(segment.marketingAirline);
    const international = catalogue.airports.get(segment.departureAirport)?.countryCode !== catalogue.airports.get(segment.arrivalAirport)?.countryCode;
    const changeFee = (lowCost ? 45 : 30) * (international ? 2.5 : 1);
    const sections = texts.sections({
      airline: segment.marketingAirline,
      flightNumber: segment.flightNumber,
      bookingClass: segment.bookingClass,
      fareBasis: segment.fareBasisCode,
      family,
      lowCost,
      changeFee,
    });
    return { departure: segment.departureAirport, arrival: segment.arrivalAirport, sections: engine.isAgency ? sections : [texts.general, ...sections] };
  });
}

// ── Coupons (spec 2 §5, spec 3 §3, §4) ──

/** What the coupon rule reads of the offer being booked: its provider, the chosen flights' fare families, its route type. */
export interface CouponOffer {
  systemProviderCode: number;
  brandedFares: readonly string[];
  routeType: RouteType;
  /** What the offer's payment methods depend on (spec 2 §9): a coupon paid only with a method the offer lacks is refused. */
  payment: Omit<PaymentMethodContext, 'today'>;
}

/** The coupon facts of a priced offer and its chosen flights: the coupon box and the booking both read them here. */
export function couponOfferOf(offer: Recommendation, flights: readonly Flight[]): CouponOffer {
  return {
    systemProviderCode: offer.pos.systemProviderCode,
    brandedFares: flights.flatMap((flight) => (flight.brandedFare ? [flight.brandedFare.brandID] : [])),
    routeType: tripShape(flights).international ? 'INTERNATIONAL' : 'NATIONAL',
    payment: {
      systemProviderCode: offer.pos.systemProviderCode,
      validatingAirline: offer.pricing.validatingAirline,
      startDate: (flights[0]?.departureDateTime ?? '').slice(0, 10),
      total: offer.pricing.total,
    },
  };
}

export interface CouponCheck {
  promotionalCode: string;
  engine: Engine;
  paymentType: number;
  /** The 'ripley' code switches the payment to 121 when applied from the coupon box (spec 3 §4). */
  applyForcedPayment: boolean;
  /** The offer being booked: the coupon's provider list and branded fares are checked against it. */
  offer: CouponOffer;
}

/**
 * The one coupon rule, for the coupon box (`previewCoupon`) and the booking alike. A rejected code
 * answers `apply: false` with its `refusal` code; its `paymentType` is the selected payment when the code
 * is unknown, out of date or not for this offer (the client then shows the refusal), and the coupon's own
 * payment when only the payment differs (no message: spec 2 §5 shows it only when the payment codes match).
 */
export async function evaluateCoupon(deps: AppDeps, check: CouponCheck): Promise<CouponLine> {
  const code = normaliseCouponCode(check.promotionalCode);
  const payment = (check.applyForcedPayment ? couponForcesPayment(code) : null) ?? check.paymentType;
  const rejected = (refusal: CouponRefusal, paymentType = payment): CouponLine => ({
    description: 'COUPON',
    amount: 0,
    percentage: false,
    perBooking: true,
    brandedFares: [],
    apply: false,
    promotionalCode: code,
    paymentType,
    refusal,
  });
  const [row] = await deps.db.select().from(coupons).where(eq(coupons.code, code));
  const now = deps.now();
  if (!row || !row.apply) return rejected('COUPON_INVALID');
  if (row.validFrom && now < row.validFrom) return rejected('COUPON_NOT_YET_VALID');
  if (row.validTo && now >= row.validTo) return rejected('COUPON_EXPIRED');
  const rph = parseDiscountRph(row.rph);
  const paymentMethods = row.paymentType !== null ? [row.paymentType, ...rph.paymentMethods] : rph.paymentMethods;
  // A code paid only with methods this offer cannot be paid with (Banco Ripley on a LATAM NDC offer, spec 2 §9) is
  // refused for the payment chosen, which stays: switching to a method the checkout does not list is a dead end.
  if (paymentMethods.length > 0) {
    const offered = checkoutPaymentMethods(check.engine.id, check.engine.paymentMethods, { ...check.offer.payment, today: businessToday(deps.now()) }).methods.map((method) => method.onlineCode);
    if (!paymentMethods.some((method) => offered.includes(method))) return rejected('COUPON_PAYMENT_NOT_OFFERED', check.paymentType);
  }
  if (paymentMethods.length > 0 && !paymentMethods.includes(payment)) return rejected('COUPON_OTHER_PAYMENT', paymentMethods[0] as number);
  if (rph.providers.length > 0 && !rph.providers.includes(check.offer.systemProviderCode)) return rejected('COUPON_NOT_FOR_AIRLINE');
  if (row.brandedFares.length > 0 && !check.offer.brandedFares.some((brand) => row.brandedFares.includes(brand))) return rejected('COUPON_NOT_FOR_FARE');
  // The box tells a used-up code early; the booking counts again under the coupon's lock (booking.ts).
  if (row.maxUses !== null) {
    const [used] = await deps.db.select({ bookings: countDistinct(couponRedemptions.bookingId) }).from(couponRedemptions).where(eq(couponRedemptions.code, row.code));
    if ((used?.bookings ?? 0) >= row.maxUses) return rejected('COUPON_USED_UP');
  }
  return {
    id: `CPN-${row.code}`,
    description: row.description,
    amount: row.amount,
    percentage: row.percentage,
    perBooking: row.perBooking,
    rph: row.rph,
    brandedFares: row.brandedFares,
    apply: true,
    promotionalCode: row.code,
    paymentType: payment,
    ...(row.paymentType !== null ? { paymentCode: row.paymentType } : {}),
  };
}

/**
 * POST /engines/coupon: the offer of `markupRQ` priced by the supplier as the booking prices it, its
 * chosen flights read by `couponOfferOf`, and the same `evaluateCoupon` — so what the box shows is what
 * the booking accepts and charges.
 */
export async function previewCoupon(deps: AppDeps, body: CouponRequest): Promise<CouponLine> {
  const engine = await findEngine(deps, body.engineCode);
  if (body.profileId !== engine.profile.id) {
    throw new ApiFailure(400, 'BAD_REQUEST', `Profile ${body.profileId} is not the profile of terminal ${engine.id}.`, [{ path: 'json.profileId', code: 'mismatch', value: 'Unknown profile for this terminal' }]);
  }
  const markup = body.markupRQ;
  if (markup.engineCode !== engine.id) {
    throw new ApiFailure(400, 'BAD_REQUEST', `The offer was asked on terminal ${markup.engineCode}, not ${engine.id}.`, [{ path: 'json.markupRQ.engineCode', code: 'mismatch', value: 'Another terminal' }]);
  }
  await resolveTerminal(deps, engine.id, markup.token);
  const now = deps.now();
  const flightIds = markup.flightIds ?? [];
  const priced = await onOffer(
    () => deps.supplier.price({ offerId: markup.recommendationId, flightIds, today: businessToday(now), now: now.getTime(), agency: engine.isAgency }),
    'json.markupRQ.recommendationId',
  );
  const offer = couponOfferOf(priced.offer, chosenFlightsOf(priced.offer, flightIds));
  if (body.routeType !== undefined && body.routeType !== offer.routeType) {
    throw new ApiFailure(400, 'BAD_REQUEST', `The offer is ${offer.routeType}, not ${body.routeType}.`, [{ path: 'json.routeType', code: 'mismatch', value: offer.routeType }]);
  }
  return evaluateCoupon(deps, { promotionalCode: body.promotionalCode, engine, paymentType: body.paymentType, applyForcedPayment: true, offer });
}

/** The Scotiabank card's lookup for a checkout (spec 2 §7): the session's flights and party, asked of the bank. */
export async function scotiabankLookupOfSession(deps: AppDeps, sessionID: string): Promise<ScotiabankLookup> {
  const now = deps.now();
  const session = await loadLiveSession(deps.db, sessionID, now, { lifetimeMs: sessionLifetimeMs(deps) });
  const { flights, searchParams } = session.data;
  if (!flights?.length || !searchParams) throw new ApiFailure(409, 'SESSION_WITHOUT_FLIGHTS', `The session ${sessionID} has no flights chosen yet.`);
  return sandboxScotiabankLookup(scotiabankLookupRequest(flights, searchParams.passengers), now);
}
