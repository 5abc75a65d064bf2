import { Temporal } from 'temporal-polyfill';
import type { z, ZodType } from 'zod';
import {
  agencyFormSchema,
  CARD_REQUIRED_PROVIDER_CODES,
  contactDetailsSchema,
  DEFAULT_CONTACT_DIAL_OPTION,
  dialOptionSchema,
  type DialOptionValue,
  passengerSchema,
  PROCESS_PAGE_PROVIDER_CODE,
  type PassengerType,
  type TermsAcceptance,
} from '../src/contract/checkout.ts';
import {
  birthdateIssue,
  duplicateNameIndexes,
  firstTermsFailure,
  infantAssignmentIssues,
  invoiceIssues,
  MESSAGES,
  passengerDocumentIssues,
  phoneFormIssue,
  phoneIssueMessage,
  type TermsFailure,
} from '../src/contract/checkout-rules.ts';
import type { PhoneCountryIssue } from '../src/contract/phone-country.ts';
import { needsStoredCard, paymentBelowMinimum, type CardDeclineReason } from '../src/contract/checkout-policy.ts';
import { isNiubizCardProvider } from '../src/contract/niubiz.ts';
import type { Flight, Passengers } from '../src/contract/search.ts';

export type PassengerDraft = Partial<z.input<typeof passengerSchema>> & { type: PassengerType };
export type ContactDraft = Partial<z.input<typeof contactDetailsSchema>>;
export type AgencyDraft = Partial<z.input<typeof agencyFormSchema>>;

/** Field path (e.g. `birthdate`, `documentNumber`) → the message to show under it. */
export type FieldIssues = Record<string, string>;

export interface TravellerSetting {
  /** The engine profile's country: Peru and the US require documents (spec 2 §5). */
  profileCountry: string;
  /** Ages are measured against the final arrival (return) date. */
  finalArrival: Temporal.PlainDate;
  today: Temporal.PlainDate;
  /** An NDC LATAM trip touching the US: passport only. */
  passportOnly: boolean;
}

/** One passenger form per traveller, ordered adults, children, infants (spec 2 §2). */
export function passengerDrafts(passengers: Passengers): PassengerDraft[] {
  return [
    ...Array.from({ length: passengers.adults }, (): PassengerDraft => ({ type: 'ADT' })),
    ...Array.from({ length: passengers.children }, (): PassengerDraft => ({ type: 'CHD' })),
    ...Array.from({ length: passengers.infants }, (): PassengerDraft => ({ type: 'INF' })),
  ];
}

/** The schema's field messages, one per field path (the first rule that fails). */
export function schemaIssues(schema: ZodType, draft: unknown): FieldIssues {
  const result = schema.safeParse(draft);
  const issues: FieldIssues = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    // A missing value reads as "required", whatever type the schema expected.
    issues[path] ??= issue.code === 'invalid_type' ? MESSAGES.required : issue.message;
  }
  return issues;
}

/** A contact phone the country check (phone-country.ts) is due for: its form is right and its dial option known. */
export interface PhoneToCheck {
  /** The dial option and the digits, as one key. */
  key: string;
  digits: string;
  dialOption: DialOptionValue;
}

/** What the country check found for a contact phone (the key of PhoneToCheck). */
export interface PhoneCheck {
  key: string;
  issue: PhoneCountryIssue | null;
}

export function phoneToCheck(draft: ContactDraft): PhoneToCheck | null {
  const dialOption = dialOptionSchema.safeParse(draft.countryCode ?? DEFAULT_CONTACT_DIAL_OPTION);
  if (!dialOption.success || phoneFormIssue(draft.phoneNumber) !== null) return null;
  const digits = (draft.phoneNumber ?? '').trim();
  return { key: `${dialOption.data} ${digits}`, digits, dialOption: dialOption.data };
}

/** The contact phone awaits its country check: the check loads on first need (libphonenumber-js), then answers. */
export function contactPhonePending(draft: ContactDraft, checked: PhoneCheck | null): boolean {
  const due = phoneToCheck(draft);
  return due !== null && checked?.key !== due.key;
}

/**
 * The contact form's issues, each on its own: the phone says what is wrong with it (digits only, too
 * short, too long, and, once its country check has answered, not a number of the chosen dial code's
 * country), and the invoice fields show while other fields are still empty (a schema refinement would
 * wait for them).
 */
export function contactIssues(draft: ContactDraft, checked: PhoneCheck | null): FieldIssues {
  const found = schemaIssues(contactDetailsSchema, draft);
  const due = phoneToCheck(draft);
  const phone = due ? (checked?.key === due.key ? checked.issue : null) : phoneFormIssue(draft.phoneNumber);
  if (phone) found['phoneNumber'] = phoneIssueMessage(phone);
  else delete found['phoneNumber'];
  for (const issue of invoiceIssues(draft)) found[issue.path.join('.')] ??= issue.message;
  return found;
}

/** The agency form's issues; its invoice fields (either invoice flag) show on their own as in the contact form. */
export function agencyIssues(draft: AgencyDraft): FieldIssues {
  const found = schemaIssues(agencyFormSchema, draft);
  for (const issue of invoiceIssues({ ...draft, invoice: Boolean(draft.invoice || draft.isInvoiceChecked) })) {
    found[issue.path.join('.')] ??= issue.message;
  }
  return found;
}

/** Every traveller's issues: field formats, age band against the final arrival, documents, infant assignment. */
export function travellerIssues(drafts: PassengerDraft[], setting: TravellerSetting): FieldIssues[] {
  const issues = drafts.map((draft) => {
    const found = schemaIssues(passengerSchema, draft);
    // A typed phone says what is wrong with it (no dial code here: digits and length only).
    const phone = draft.phoneNumber === undefined ? null : phoneFormIssue(draft.phoneNumber);
    if (phone) found['phoneNumber'] = phoneIssueMessage(phone);
    if (draft.birthdate && !found.birthdate && !Object.keys(found).some((path) => path.startsWith('birthdate.'))) {
      const age = birthdateIssue(draft.type, draft.birthdate as never, setting.finalArrival, setting.today);
      if (age) found.birthdate = age;
    }
    for (const issue of passengerDocumentIssues(draft, setting.profileCountry, { passportOnly: setting.passportOnly })) {
      found[issue.path.join('.')] ??= issue.message;
    }
    return found;
  });
  for (const issue of infantAssignmentIssues(drafts)) {
    const [index, ...path] = issue.path;
    const target = issues[Number(index)];
    if (target) target[path.join('.')] ??= issue.message;
  }
  return issues;
}

/**
 * What stops the payment: the card is missing or incomplete, the gateway declined it (spec 2 §8 "Su
 * orden de pago no pudo ser procesada"), or the total is below the method's minimum (Cuotéalo, §9).
 */
/** scotiabankRefused: the Scotiabank card cannot reserve this trip; scotiabankUnchecked: its lookup has not answered (spec 2 §7). */
export type PaymentIssue = 'incomplete' | 'declined' | 'belowMinimum' | 'scotiabankRefused' | 'scotiabankUnchecked';

export type SubmitProblem =
  | { kind: 'payment'; issue: PaymentIssue }
  | { kind: 'travellers'; firstInvalid: number }
  | { kind: 'insurance' }
  | { kind: 'contact' }
  | { kind: 'agency' }
  | { kind: 'additional' }
  | { kind: 'terms'; failure: TermsFailure };

export interface SubmitSetting extends TravellerSetting {
  /** An agency in B2B mode: agency form instead of contact, payment not validated (spec 2 §6). */
  isAgencyView: boolean;
  /** What stops the chosen payment (paymentIssueOf), or null when it can go. */
  paymentIssue: PaymentIssue | null;
  needsPersonalDataAuthorization: boolean;
  /** The profiles that check names also require an insurance answer, none included (spec 2 §5). */
  insuranceUnanswered: boolean;
  /** The contact phone's country check, once it answered (the submit waits for it: contactPhonePending). */
  contactPhone: PhoneCheck | null;
}

export interface SubmitDraft {
  passengers: PassengerDraft[];
  contact: ContactDraft;
  agency: AgencyDraft;
  terms: TermsAcceptance;
  /** The optional account id: required once its box is ticked (spec 2 §5 "Additional"). */
  additional?: { enabled: boolean; accountId: string };
}

/**
 * Spec 2 §4, in order: payment (skipped for agencies), travellers (with the insurance answer the
 * listed profiles require), contact or agency form, the ticked account-id box, flight rules.
 */
export function firstSubmitProblem(draft: SubmitDraft, setting: SubmitSetting): SubmitProblem | null {
  if (!setting.isAgencyView && setting.paymentIssue) return { kind: 'payment', issue: setting.paymentIssue };
  const firstInvalid = travellerIssues(draft.passengers, setting).findIndex((issues) => Object.keys(issues).length > 0);
  if (firstInvalid >= 0) return { kind: 'travellers', firstInvalid };
  if (setting.insuranceUnanswered) return { kind: 'insurance' };
  const formIssues = setting.isAgencyView ? agencyIssues(draft.agency) : contactIssues(draft.contact, setting.contactPhone);
  if (Object.keys(formIssues).length > 0) {
    return { kind: setting.isAgencyView ? 'agency' : 'contact' };
  }
  if (draft.additional?.enabled && draft.additional.accountId.trim() === '') return { kind: 'additional' };
  const failure = firstTermsFailure(draft.terms, setting.needsPersonalDataAuthorization);
  return failure ? { kind: 'terms', failure } : null;
}

/** Passengers whose first and last names repeat another's (the profiles that check it show a modal). */
export function duplicatedPassengers(drafts: PassengerDraft[]): number[] {
  return duplicateNameIndexes(drafts.map((draft) => ({ firstName: draft.firstName ?? '', lastName: draft.lastName ?? '' })));
}

export interface CardState {
  valid: boolean;
  /** Why the gateway declined the card the form holds, or null. */
  declined: CardDeclineReason | null;
}

/**
 * The payment check of the submit (spec 2 §4, §8, §9): a card method needs a card the gateway
 * approved (a declined one names its reason), and the total must reach the method's minimum. Without a
 * card vault (the engine's cardVault false: a real Niubiz alone) the card checkout's methods need none.
 */
export function paymentIssueOf(paymentCode: number | null, card: CardState, total: number, currency: string, cardVault = true): PaymentIssue | null {
  if (needsStoredCard(paymentCode) && !card.valid && !skipsCheckoutCard(paymentCode, cardVault)) return card.declined ? 'declined' : 'incomplete';
  return paymentBelowMinimum(paymentCode, total, currency) ? 'belowMinimum' : null;
}

/** Interbank's and Scotiabank's card (104, 123) where no vault takes it: typed after booking, in Niubiz's own form. */
export const skipsCheckoutCard = (paymentCode: number | null, cardVault: boolean) => !cardVault && paymentCode !== null && isNiubizCardProvider(paymentCode);

/** The submit button is disabled for card methods while the card is not valid (spec 2 §4). */
export const submitBlockedByCard = (paymentCode: number | null, cardValid: boolean, cardVault = true) =>
  paymentCode !== null && (CARD_REQUIRED_PROVIDER_CODES as readonly number[]).includes(paymentCode) && !cardValid && !skipsCheckoutCard(paymentCode, cardVault);

/** Spec 3 §4: provider 119 goes to the payment waiting page, everything else to the confirmation. */
export function pathAfterBooking(sessionID: string, providerCode: number, terminalId: string): string {
  const page = providerCode === PROCESS_PAGE_PROVIDER_CODE ? 'payment/process' : 'book/confirmation';
  return `/vuelos/${page}/${sessionID}?terminalId=${encodeURIComponent(terminalId)}`;
}

/** The date of the last arrival of the trip, for the age checks. */
export function finalArrivalDate(lastArrivalDateTime: string): Temporal.PlainDate {
  return Temporal.PlainDate.from(lastArrivalDateTime.slice(0, 10));
}

/**
 * Airport descriptions end with the country, in the page's language ("Miami, Miami International Airport,
 * United States"; "…, Estados Unidos"). The countries the document rule names are read by name; any other
 * keeps its name, which still tells an international trip and a country outside the national-ID zone.
 */
const COUNTRY_CODES_BY_NAME: Readonly<Record<string, string>> = {
  argentina: 'AR', bolivia: 'BO', brazil: 'BR', brasil: 'BR', chile: 'CL', colombia: 'CO', ecuador: 'EC', peru: 'PE', perú: 'PE', paraguay: 'PY', uruguay: 'UY',
  'united states': 'US', 'united states of america': 'US', 'estados unidos': 'US', usa: 'US', 'ee. uu.': 'US',
};

/** The trip's countries as passportOnlyTrip reads them: ISO codes where known, else the country's name. */
export function tripCountries(flights: Flight[]): string[] {
  const countryOf = (description: string) => {
    const name = description.split(',').at(-1)?.trim().toLowerCase() ?? '';
    return COUNTRY_CODES_BY_NAME[name] ?? name;
  };
  return flights.flatMap((flight) => flight.segments.flatMap((segment) => [countryOf(segment.departureAirport.description), countryOf(segment.arrivalAirport.description)])).filter(Boolean);
}

/** A birthdate with year, month and day that form a real calendar date. */
export function isCompleteBirthdate(birthdate: PassengerDraft['birthdate']): birthdate is { year: number; month: number; day: number } {
  if (!birthdate || [birthdate.year, birthdate.month, birthdate.day].some((part) => typeof part !== 'number')) return false;
  try {
    Temporal.PlainDate.from(birthdate as { year: number; month: number; day: number }, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}
