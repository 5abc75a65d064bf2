/**
 * Booking rules of the server (spec 2 §5, §8): the checks a book request must pass whatever the
 * client says, the fingerprint that finds duplicate bookings and counts attempts, the fare-change
 * payload, the totals and the ticketing time limit. Plain functions, no I/O.
 */
import { createHash } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { BUSINESS_TIMEZONE } from '../../contract/common.ts';
import { baggageAppliesInRepricing, CUSTOM_FEE_DESCRIPTION, fareDifference, type BookForm, type FareChange, type PassengerType, type TermsAcceptance } from '../../contract/checkout.ts';
import {
  birthdateIssue,
  duplicateNameIndexes,
  firstTermsFailure,
  infantAssignmentIssues,
  invoiceOffered,
  MESSAGES,
  passengerDocumentIssues,
  type RuleIssue,
} from '../../contract/checkout-rules.ts';
import {
  CASH_PROVIDER_CODES,
  needsDuplicateNameCheck,
  needsPersonalDataAuthorization,
  STORED_CARD_PROVIDER_CODES,
} from '../../contract/checkout-policy.ts';
import type { Engine, PaymentMethod } from '../../contract/engine.ts';
import type { Fee, Flight, Pricing, Recommendation } from '../../contract/search.ts';
import type { SupplierOrder } from '../supply/port.ts';

export const round2 = (amount: number) => Math.round((amount + Number.EPSILON) * 100) / 100;

/** Has at most two decimals (US$ in checkout). */
export const hasCents = (amount: number) => Math.abs(round2(amount) - amount) < 1e-9;

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

export interface BookingCheckInput {
  form: BookForm;
  terms: TermsAcceptance;
  engine: Engine;
  /** Passengers of the priced offer. */
  counts: PassengerCounts;
  /** Local date of the last arrival (ages are measured against it) and the business day in Lima. */
  finalArrival: Temporal.PlainDate;
  today: Temporal.PlainDate;
  passportOnly: boolean;
  /** International trips require documents whatever the profile (spec 2 §5 "unless the flight requires them"). */
  flightRequiresDocuments: boolean;
  systemProviderCode: number;
  pricingSource: string;
  /** Fees the client sent with the recommendation (the agency's CUSTOM markup is one of them). */
  clientFees: readonly Fee[];
  /** Methods the checkout offers (checkoutPaymentMethods), for consumer bookings. */
  offeredMethods: readonly PaymentMethod[];
  /**
   * Whether a card vault takes the checkout's card (the sandbox gateway's). Without one (a real Niubiz
   * alone), Interbank's and Scotiabank's orders book without it: the card is typed in Niubiz's own form.
   */
  cardVault?: boolean;
}

const typeName: Record<PassengerType, string> = { ADT: 'adults', CHD: 'children', INF: 'infants' };

/**
 * Every rule a booking must pass, as issues with body paths (empty means valid): passenger counts,
 * ages against the final arrival, documents by profile country, infants assigned one per adult,
 * duplicate names for the listed profiles, terms (first failure), contact or agency form, invoice,
 * the agency CUSTOM fee, and — consumers only — the payment method and its stored card.
 */
export function bookingIssues(input: BookingCheckInput): RuleIssue[] {
  const { form, engine } = input;
  const issues: RuleIssue[] = [];
  const at = (...path: (string | number)[]) => ['bookForm', ...path];
  const counted: PassengerCounts = { adults: 0, children: 0, infants: 0 };
  for (const passenger of form.passengers) counted[typeName[passenger.type] as keyof PassengerCounts] += 1;
  for (const key of ['adults', 'children', 'infants'] as const) {
    if (counted[key] !== input.counts[key]) {
      issues.push({ path: at('passengers'), message: `The offer is for ${input.counts[key]} ${key}, the form has ${counted[key]}` });
    }
  }
  form.passengers.forEach((passenger, index) => {
    const ageIssue = birthdateIssue(passenger.type, passenger.birthdate, input.finalArrival, input.today);
    if (ageIssue) issues.push({ path: at('passengers', index, 'birthdate'), message: ageIssue });
    const documentIssues = passengerDocumentIssues(passenger, engine.profile.countryCode, {
      passportOnly: input.passportOnly,
      flightRequiresDocuments: input.flightRequiresDocuments,
    });
    for (const issue of documentIssues) issues.push({ path: at('passengers', index, ...issue.path), message: issue.message });
  });
  for (const issue of infantAssignmentIssues(form.passengers)) issues.push({ path: at('passengers', ...issue.path), message: issue.message });
  if (needsDuplicateNameCheck(engine.profile.id)) {
    for (const index of duplicateNameIndexes(form.passengers)) issues.push({ path: at('passengers', index, 'lastName'), message: MESSAGES.duplicateNames });
  }
  const termsFailure = firstTermsFailure(input.terms, needsPersonalDataAuthorization(engine.id, engine.profile.id));
  if (termsFailure) issues.push({ path: ['flightRules'], message: termsFailure });

  if (engine.isAgency) {
    if (!form.agencyInformation) issues.push({ path: at('agencyInformation'), message: MESSAGES.required });
  } else if (!form.contact) {
    issues.push({ path: at('contact'), message: MESSAGES.required });
  }
  const wantsInvoice = form.contact?.invoice === true || form.agencyInformation?.invoice === true || form.agencyInformation?.isInvoiceChecked === true;
  const invoiceAllowed = invoiceOffered({
    systemProviderCode: input.systemProviderCode,
    pricingSource: input.pricingSource,
    profileCountry: engine.profile.countryCode,
    paymentCode: form.payment,
    agencyProfileId: engine.isAgency ? engine.profile.id : null,
  });
  if (wantsInvoice && !invoiceAllowed) {
    issues.push({ path: at(engine.isAgency ? 'agencyInformation' : 'contact', 'invoice'), message: 'An invoice is not offered for this booking' });
  }

  input.clientFees.forEach((fee, index) => {
    if (fee.description !== CUSTOM_FEE_DESCRIPTION) return;
    const path = ['recommendation', 'pricing', 'fees', index, 'amount'];
    if (!engine.isAgency) issues.push({ path, message: 'Only agencies add a custom markup' });
    else if (fee.amount < 0 || !hasCents(fee.amount)) issues.push({ path, message: 'A custom markup is a non-negative amount with at most 2 decimals' });
  });

  // Agencies in B2B book without paying here: payment validation is skipped (spec 2 §4, §6).
  if (!engine.isAgency) {
    if (!input.offeredMethods.some((method) => method.onlineCode === form.payment)) {
      issues.push({ path: at('payment'), message: `Payment ${form.payment} is not offered for this booking` });
    } else if ((STORED_CARD_PROVIDER_CODES as readonly number[]).includes(form.payment) && !form.paymentCreditCard && input.cardVault !== false) {
      issues.push({ path: at('paymentCreditCard'), message: MESSAGES.required });
    }
  }
  return issues;
}

/** The agency's CUSTOM markup (0 when none): summed, as the form keeps at most one line. */
export function customFeeOf(fees: readonly Fee[]): number {
  return round2(fees.filter((fee) => fee.description === CUSTOM_FEE_DESCRIPTION).reduce((sum, fee) => sum + fee.amount, 0));
}

/** Route text kept with a booking: 'LIM-CUZ 2026-12-18 / CUZ-LIM 2026-12-26'. */
export function routeText(flights: readonly Flight[]): string {
  return flights
    .map((flight) => {
      const first = flight.segments[0];
      const last = flight.segments[flight.segments.length - 1];
      return `${first?.departureAirport.code}-${last?.arrivalAirport.code} ${flight.departureDateTime.slice(0, 10)}`;
    })
    .join(' / ');
}

const foldName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '')
    .toUpperCase();

/**
 * Same passengers (type, name, birthdate) on the same route and dates give the same fingerprint:
 * it finds duplicate bookings (1000) and counts same-route attempts (1007). Order-independent.
 */
export function bookingFingerprint(route: string, passengers: BookForm['passengers']): string {
  const people = passengers
    .map((p) => `${p.type}|${foldName(p.firstName)}|${foldName(p.lastName)}|${p.birthdate.year}-${p.birthdate.month}-${p.birthdate.day}`)
    .sort();
  return createHash('sha256').update(JSON.stringify([route, people])).digest('hex');
}

/** One traveller as coupon limits count them: folded names and birthdate, hashed. */
export function travellerKey(passenger: BookForm['passengers'][number]): string {
  const { birthdate } = passenger;
  return createHash('sha256')
    .update(`${foldName(passenger.firstName)}|${foldName(passenger.lastName)}|${birthdate.year}-${birthdate.month}-${birthdate.day}`)
    .digest('hex');
}

/** A stable hash of a request body, to refuse an idempotency key reused for another request. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

/** The chosen flight of each leg in a (repriced) offer: the same ids, else the leg's first flight. */
export function chosenFlightsOf(offer: Recommendation, flightIds: readonly string[]): Flight[] {
  return offer.itinerary.flatMap((leg, index) => {
    const flight = leg.flights.find((candidate) => candidate.id === flightIds[index]) ?? leg.flights[0];
    return flight ? [flight] : [];
  });
}

const price = (p: { base: number; taxes: number; total: number } | null | undefined) =>
  p ? { base: round2(p.base), taxes: round2(p.taxes), total: round2(p.total) } : { base: 0, taxes: 0, total: 0 };

/**
 * The 1002 payload (spec 2 §8): old vs new totals as the traveller pays them (`totalAt` adds the booking's
 * markup, discounts, insurance and extras to an airfare, as the checkout summary and the charge do), the
 * fares per passenger type, and the legs table.
 */
export function fareChangePayload(oldPricing: Pricing, newOffer: Recommendation, flightIds: readonly string[], totalAt: (fare: number) => number): FareChange {
  const oldTotal = totalAt(oldPricing.total);
  const newTotal = totalAt(newOffer.pricing.total);
  const types = [
    ['ADT', 'adults'],
    ['CHD', 'children'],
    ['INF', 'infants'],
  ] as const;
  const passengers = types.flatMap(([type, key]) => {
    const before = oldPricing.passengers[key];
    const after = newOffer.pricing.passengers[key];
    const quantity = after?.quantity ?? before?.quantity ?? 0;
    return quantity > 0 ? [{ type, quantity, old: price(before), new: price(after) }] : [];
  });
  const rows = chosenFlightsOf(newOffer, flightIds).map((flight) => ({
    origin: flight.segments[0]?.departureAirport.code ?? '',
    destination: flight.segments[flight.segments.length - 1]?.arrivalAirport.code ?? '',
    fareFamily: flight.brandedFare?.name ?? 'Standard',
    baggagePieces: flight.baggage.pieces,
    baggageApplied: baggageAppliesInRepricing(flight),
  }));
  return { oldTotal, newTotal, currency: 'USD', passengers, rows, difference: fareDifference(oldTotal, newTotal) };
}

/**
 * When a booking must be paid (and the order expires): cash, PagoEfectivo and pay-later within 6
 * hours (spec 2 §9), other methods within 24 hours; never later than 3 hours before departure.
 */
export function ticketingTimeLimit(now: Date, paymentCode: number, firstDeparture: string): Date {
  const hours = (CASH_PROVIDER_CODES as readonly number[]).includes(paymentCode) ? 6 : 24;
  const limit = now.getTime() + hours * 3_600_000;
  const beforeDeparture = Date.parse(firstDeparture) - 3 * 3_600_000;
  return new Date(Math.max(now.getTime(), Math.min(limit, beforeDeparture)));
}

/** The traveller's deadline comes this much before a held supplier order's own, so it is paid there in time (services/supplier-orders.ts runs every minute). */
export const SUPPLIER_PAYMENT_MARGIN_MS = 15 * 60_000;

/** The payment deadline of an order held unpaid at the supplier: the ticketing time limit, or earlier where the supplier's hold ends first. */
export function heldOrderTimeLimit(limit: Date, now: Date, supplierOrder: SupplierOrder | undefined): Date {
  if (!supplierOrder?.held || supplierOrder.payBy === null) return limit;
  return new Date(Math.max(now.getTime(), Math.min(limit.getTime(), Date.parse(supplierOrder.payBy) - SUPPLIER_PAYMENT_MARGIN_MS)));
}

/** ISO instant in Lima time with its offset, as the contract's ticketingTimeLimit carries it. */
export function limaDateTime(at: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(Math.floor(at.getTime() / 1000) * 1000)
    .toZonedDateTimeISO(BUSINESS_TIMEZONE)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}
