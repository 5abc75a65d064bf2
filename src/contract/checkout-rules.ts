/**
 * Checkout rules that need more than one field: age bands against the final arrival date, document
 * types by profile country, infants assigned to adults, duplicate names, insurance age, terms order,
 * card expiry against today, bank BIN prefixes, phone numbers (their country: phone-country.ts), invoice availability.
 * Pure functions: "today" and the trip dates are always passed in (business zone America/Lima).
 */
import { Temporal } from 'temporal-polyfill';
import {
  AGE_BANDS,
  CARD_BINS,
  CARD_REQUIRED_PROVIDER_CODES,
  INSURANCE_MAX_AGE,
  type Birthdate,
  PHONE_MAX_DIGITS,
  PHONE_MESSAGES,
  PHONE_MIN_DIGITS,
  RUC_MESSAGE,
  rucSchema,
  type DocumentType,
  type PassengerType,
  type TermsAcceptance,
} from './checkout.ts';

/** A rule's finding; `code` is a stable code the client translates (e.g. COUPON_EXPIRED), where one exists. */
export type RuleIssue = { path: (string | number)[]; message: string; code?: string };

export const MESSAGES = {
  required: 'Este campo es requerido',
  invalidDate: 'Ingrese una fecha válida',
  invalidDocument: 'Ingrese un documento válido',
  duplicateNames: 'Uno o más pasajeros tienen nombre y apellidos iguales',
  insuranceOver70: 'Uno de los pasajeros supera los 70 años por lo tanto no aplica el seguro para ningún pasajero',
  binRejected: 'Su número de tarjeta no es válido para este descuento. Seleccione otra forma de pago',
} as const;

// ── Ages (spec 2 §5, §9) ──

export function toPlainDate(birthdate: Birthdate): Temporal.PlainDate {
  return Temporal.PlainDate.from(birthdate, { overflow: 'reject' });
}

/** Completed years between the birthdate and a date. */
export function ageOn(birthdate: Birthdate, on: Temporal.PlainDate): number {
  return toPlainDate(birthdate).until(on, { largestUnit: 'years' }).years;
}

/**
 * Birthdates allowed for a type, measured against the final arrival (return) date: adult 12 to 100,
 * child 2 to 12, infant under 2; never after today. Lower bound exclusive of the band's max age.
 */
export function birthdateBounds(
  type: PassengerType,
  finalArrival: Temporal.PlainDate,
  today: Temporal.PlainDate,
): { earliest: Temporal.PlainDate; latest: Temporal.PlainDate } {
  const band = AGE_BANDS[type];
  const earliest = finalArrival.subtract({ years: band.maxYears }).add({ days: 1 });
  const byBand = finalArrival.subtract({ years: band.minYears });
  const latest = Temporal.PlainDate.compare(byBand, today) < 0 ? byBand : today;
  return { earliest, latest };
}

/** Years for the birthdate select, newest first (spec 2 §5). */
export function birthYearOptions(bounds: { earliest: Temporal.PlainDate; latest: Temporal.PlainDate }): number[] {
  const years: number[] = [];
  for (let year = bounds.latest.year; year >= bounds.earliest.year; year--) years.push(year);
  return years;
}

/** Months selectable in a year: limited at the band's edge years (spec 2 §5). */
export function birthMonthOptions(
  year: number,
  bounds: { earliest: Temporal.PlainDate; latest: Temporal.PlainDate },
): number[] {
  const from = year === bounds.earliest.year ? bounds.earliest.month : 1;
  const to = year === bounds.latest.year ? bounds.latest.month : 12;
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** Days selectable in a month: the month's length, limited at the edges. */
export function birthDayOptions(
  year: number,
  month: number,
  bounds: { earliest: Temporal.PlainDate; latest: Temporal.PlainDate },
): number[] {
  const daysInMonth = Temporal.PlainYearMonth.from({ year, month }).daysInMonth;
  const atStart = year === bounds.earliest.year && month === bounds.earliest.month;
  const atEnd = year === bounds.latest.year && month === bounds.latest.month;
  const from = atStart ? bounds.earliest.day : 1;
  const to = atEnd ? bounds.latest.day : daysInMonth;
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** Null when the birthdate fits the type; the spec's message otherwise. */
export function birthdateIssue(
  type: PassengerType,
  birthdate: Birthdate,
  finalArrival: Temporal.PlainDate,
  today: Temporal.PlainDate,
): string | null {
  let date: Temporal.PlainDate;
  try {
    date = toPlainDate(birthdate);
  } catch {
    return MESSAGES.invalidDate;
  }
  const { earliest, latest } = birthdateBounds(type, finalArrival, today);
  if (Temporal.PlainDate.compare(date, earliest) < 0 || Temporal.PlainDate.compare(date, latest) > 0) {
    return MESSAGES.invalidDate;
  }
  return null;
}

/** Any passenger older than 70 on the final arrival date rejects insurance for all (spec 2 §4). */
export function insuranceRejectedByAge(birthdates: Birthdate[], finalArrival: Temporal.PlainDate): boolean {
  return birthdates.some((b) => ageOn(b, finalArrival) > INSURANCE_MAX_AGE);
}

// ── Documents by profile (spec 2 §5, spec 3 §5) ──

/**
 * The countries whose national identity cards are travel documents among each other (the Andean
 * Community's and Mercosur's agreements): a Peruvian DNI takes its holder to Bogotá or Santiago, not to
 * Miami, Cancún, Punta Cana or Madrid.
 */
const NATIONAL_ID_TRAVEL_ZONE: ReadonlySet<string> = new Set(['AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'PE', 'PY', 'UY']);

/**
 * Only a passport: on an NDC LATAM trip (provider 107) that touches a US airport (spec 3 §5), and, as a
 * traveller would be told at the airport, on any international trip that touches a country outside the
 * national-ID zone. `countries` are the trip's airports' ISO codes (unknown ones left out).
 */
export function passportOnlyTrip(countries: readonly string[], systemProviderCode: number): boolean {
  if (systemProviderCode === 107 && countries.includes('US')) return true;
  return new Set(countries).size > 1 && countries.some((country) => !NATIONAL_ID_TRAVEL_ZONE.has(country));
}

/** NI and PP everywhere; CE for Peru profiles; DL for US profiles; only a passport where `passportOnly` (passportOnlyTrip). */
export function allowedDocumentTypes(profileCountry: string, passportOnly: boolean): DocumentType[] {
  if (passportOnly) return ['PP'];
  if (profileCountry === 'PE') return ['NI', 'PP', 'CE'];
  if (profileCountry === 'US') return ['NI', 'PP', 'DL'];
  return ['NI', 'PP'];
}

/** Label key of NI: 'DNI' in Peru, 'Documento de identidad' for a US profile. */
export function nationalIdLabel(profileCountry: string): 'DNI' | 'Documento de identidad' {
  return profileCountry === 'US' ? 'Documento de identidad' : 'DNI';
}

/** Peru and US profiles require nationality, document type and number (spec 2 §5). */
export function documentsRequired(profileCountry: string, flightRequiresDocuments = false): boolean {
  return profileCountry === 'PE' || profileCountry === 'US' || flightRequiresDocuments;
}

export function passengerDocumentIssues(
  passenger: {
    countryCode?: string | undefined;
    documentType?: DocumentType | undefined;
    documentNumber?: string | undefined;
  },
  profileCountry: string,
  options: { passportOnly?: boolean; flightRequiresDocuments?: boolean } = {},
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (documentsRequired(profileCountry, options.flightRequiresDocuments)) {
    if (!passenger.countryCode) issues.push({ path: ['countryCode'], message: MESSAGES.required });
    if (!passenger.documentType) issues.push({ path: ['documentType'], message: MESSAGES.required });
    if (!passenger.documentNumber) issues.push({ path: ['documentNumber'], message: MESSAGES.required });
  }
  if (
    passenger.documentType &&
    !allowedDocumentTypes(profileCountry, options.passportOnly ?? false).includes(passenger.documentType)
  ) {
    issues.push({ path: ['documentType'], message: MESSAGES.invalidDocument });
  }
  return issues;
}

// ── Passengers as a group ──

/** Infants name an existing adult (1-based), one infant per adult (spec 2 §3, §5). */
export function infantAssignmentIssues(
  passengers: { type: PassengerType; assignedPassenger?: number | undefined }[],
): RuleIssue[] {
  const adults = passengers.filter((p) => p.type === 'ADT').length;
  const taken = new Set<number>();
  const issues: RuleIssue[] = [];
  passengers.forEach((p, index) => {
    if (p.type !== 'INF') return;
    const adult = p.assignedPassenger;
    if (adult === undefined || adult < 1 || adult > adults) {
      issues.push({ path: [index, 'assignedPassenger'], message: MESSAGES.required });
    } else if (taken.has(adult)) {
      issues.push({ path: [index, 'assignedPassenger'], message: 'Cada adulto viaja con un solo infante' });
    } else {
      taken.add(adult);
    }
  });
  return issues;
}

/** Adults first, then children, then infants (spec 2 §2); stable within a type. */
export function orderPassengers<T extends { type: PassengerType }>(passengers: T[]): T[] {
  const rank = { ADT: 0, CHD: 1, INF: 2 } as const;
  return [...passengers].sort((a, b) => rank[a.type] - rank[b.type]);
}

/** Indexes of passengers sharing first + last name, spaces removed, case ignored (spec 2 §5). */
export function duplicateNameIndexes(passengers: { firstName: string; lastName: string }[]): number[] {
  const key = (p: { firstName: string; lastName: string }) =>
    `${p.firstName}${p.lastName}`.replace(/\s+/g, '').toLocaleUpperCase('es');
  const counts = new Map<string, number>();
  for (const p of passengers) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return passengers.flatMap((p, index) => ((counts.get(key(p)) ?? 0) > 1 ? [index] : []));
}

// ── Terms (spec 2 §5: first failure wins) ──

export type TermsFailure =
  | 'checkout.terms.validation_message'
  | 'checkout.terms.validation_privacy_policies'
  | 'checkout.terms.validation_terms_and_conditions'
  | 'checkout.terms.validation_authorize_personal_data';

export function firstTermsFailure(
  terms: TermsAcceptance,
  needsPersonalDataAuthorization: boolean,
): TermsFailure | null {
  if (!terms.generalAcceptance) return 'checkout.terms.validation_message';
  if (!terms.privacyPolicies) return 'checkout.terms.validation_privacy_policies';
  if (!terms.termsAndConditions) return 'checkout.terms.validation_terms_and_conditions';
  if (needsPersonalDataAuthorization && !terms.authorizePersonalData) {
    return 'checkout.terms.validation_authorize_personal_data';
  }
  return null;
}

// ── Cards ──

/** A card is valid through the last day of its expiry month. Malformed input counts as expired. */
export function isCardExpired(expirationDate: string, today: Temporal.PlainDate): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expirationDate.trim());
  if (!match) return true;
  const expiry = Temporal.PlainYearMonth.from({ year: 2000 + Number(match[2]), month: Number(match[1]) });
  return Temporal.PlainYearMonth.compare(expiry, today.toPlainYearMonth()) < 0;
}

/** Bank-specific issuer prefixes (Oh 122, Ripley 121); other methods take any card (spec 2 §5). */
export function cardAllowedForPayment(cardNumber: string, paymentCode: number): boolean {
  const bins = (CARD_BINS as Record<number, readonly string[]>)[paymentCode];
  if (!bins) return true;
  const digits = cardNumber.replace(/\D/g, '');
  return bins.some((bin) => digits.startsWith(bin));
}

// ── Phone and invoice ──

/** What can be wrong with a phone number, first failure wins; `required` when nothing is typed. */
export type PhoneIssue = 'required' | keyof typeof PHONE_MESSAGES;

/**
 * Checks the form of a phone number (without its dial code): typed at all, digits only, 6 to 15
 * digits. A passenger's or a card holder's phone has no dial option: this is all it gets. The country
 * check of a number with a dial option (libphonenumber-js) is `phoneNumberIssue` in phone-country.ts.
 */
export function phoneFormIssue(phoneNumber: string | undefined): PhoneIssue | null {
  const value = (phoneNumber ?? '').trim();
  if (value === '') return 'required';
  if (!/^\d+$/.test(value)) return 'digitsOnly';
  if (value.length < PHONE_MIN_DIGITS) return 'tooShort';
  if (value.length > PHONE_MAX_DIGITS) return 'tooLong';
  return null;
}

/** The message of a phone issue: the spec's required text, or the phone's own words. */
export function phoneIssueMessage(issue: PhoneIssue): string {
  return issue === 'required' ? MESSAGES.required : PHONE_MESSAGES[issue];
}

/** Peru's RUC (spec 2 §5 "ruc required and numeric"): 11 digits starting 10, 15, 17 or 20; the spec's messages. */
export function rucIssue(ruc: string | undefined): string | null {
  const value = (ruc ?? '').trim();
  if (value === '') return MESSAGES.required;
  return rucSchema.safeParse(value).success ? null : RUC_MESSAGE;
}

/**
 * The invoice fields' issues on their own (spec 2 §5: with an invoice, RUC, company name and fiscal
 * address are required), so each shows on change and blur even while other fields of the form are empty.
 */
export function invoiceIssues(form: { invoice?: boolean | undefined; ruc?: string | undefined; companyName?: string | undefined; companyAddress?: string | undefined }): RuleIssue[] {
  if (!form.invoice) return [];
  const issues: RuleIssue[] = [];
  const ruc = rucIssue(form.ruc);
  if (ruc) issues.push({ path: ['ruc'], message: ruc });
  if (!form.companyName?.trim()) issues.push({ path: ['companyName'], message: MESSAGES.required });
  if (!form.companyAddress?.trim()) issues.push({ path: ['companyAddress'], message: MESSAGES.required });
  return issues;
}

/**
 * Agency profiles whose agency form offers no invoice request (spec 2 §5: "seven listed profile ids",
 * not printed). Of the sandbox agencies, AG-PACIFICO (terminal 0604596344) is one; the real ids of the
 * other six belong here once known.
 */
export const AGENCY_PROFILES_WITHOUT_INVOICE = ['AG-PACIFICO'] as const;

/**
 * The invoice request is not offered for 106 + PRIVATE, US profiles, payments 121/122/123/104, or, in
 * the agency form, the listed agency profiles.
 */
export function invoiceOffered(input: {
  systemProviderCode: number;
  pricingSource?: string | undefined;
  profileCountry: string;
  paymentCode: number;
  /** The engine's profile id when the agency form is shown (agency engines), else null. */
  agencyProfileId: string | null;
}): boolean {
  if (input.systemProviderCode === 106 && input.pricingSource === 'PRIVATE') return false;
  if (input.profileCountry === 'US') return false;
  if (input.agencyProfileId !== null && (AGENCY_PROFILES_WITHOUT_INVOICE as readonly string[]).includes(input.agencyProfileId)) return false;
  return !(CARD_REQUIRED_PROVIDER_CODES as readonly number[]).includes(input.paymentCode);
}
