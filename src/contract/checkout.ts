/**
 * Checkout contract (spec 2): the book form and its parts, card forms, insurance, extras, seats, fare
 * rules, the booking call and its error codes, coupons, the exchange rate and the business constants.
 *
 * Field formats live in the schemas; rules that need other data (profile country, arrival date, the
 * adults of the form, today) live in `checkout-rules.ts`. Card numbers and security codes only ever
 * appear in `cardPaymentFormSchema` (client → gateway); everything sent to our API or stored carries a
 * `storedCardSchema` (token, brand, last four).
 *
 * The contact phone's country check needs libphonenumber-js (~24 KB brotli), which the checkout page
 * loads only once a phone is typed: it lives in `phone-country.ts`, and the booking request that the
 * server checks, with it, in `booking-request.ts`. The schemas here check everything else.
 */
import { z } from 'zod';
import { markupRequestSchema } from './agency.ts';
import { airlineCodeSchema, apiErrorSchema, emailSchema, iataCodeSchema, isoDateSchema, languageSchema, sessionIdSchema, terminalIdSchema } from './common.ts';
import { fareSchema } from './fares.ts';
import { flightSchema, pricingSchema, recommendationSchema, searchRequestSchema } from './search.ts';


// ── Shared field formats ──

/** US$ amounts: non-negative, at most 2 decimals (spec 2 §1 "two decimals in checkout"). */
export const moneySchema = z.number().nonnegative().multipleOf(0.01);
/** A signed amount (differences of totals, discounts as negative lines). */
export const signedMoneySchema = z.number().multipleOf(0.01);

/** Names: letters and spaces only (spec 3 §5), trimmed, runs of spaces collapsed. */
export const personNameSchema = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'This field is required')
      .max(60)
      .regex(/^[\p{L}]+(?: [\p{L}]+)*$/u, 'This field must not contain rare characters'),
  );

/** Digits only (spec 3 §5 "digits-only phone and number"). */
export const digitsSchema = z.string().trim().regex(/^\d+$/, 'Enter a valid number');
/** Phone numbers without the dial code: 6 to 15 digits (E.164 has at most 15). */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
/** What is wrong with a phone number, in the contract's words (the client words each in the reader's language). */
export const PHONE_MESSAGES = {
  digitsOnly: 'The phone number must contain digits only',
  tooShort: 'The phone number is too short',
  tooLong: 'The phone number is too long',
  invalidForCountry: 'This is not a valid phone number for the chosen country code',
} as const;
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, PHONE_MESSAGES.digitsOnly)
  .min(PHONE_MIN_DIGITS, PHONE_MESSAGES.tooShort)
  .max(PHONE_MAX_DIGITS, PHONE_MESSAGES.tooLong);
/** ISO 3166-1 alpha-2 (nationality, card billing country). */
export const countryIso2Schema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Expected a 2-letter country code')
  .transform((code) => code.toUpperCase());
/** Peruvian RUC: digits (spec 2 §5 "ruc required and numeric"); 11 digits in Peru, starting 10, 15, 17 or 20. */
export const RUC_MESSAGE = 'Ingrese un RUC válido';
export const rucSchema = digitsSchema.length(11, RUC_MESSAGE).regex(/^(10|15|17|20)/, RUC_MESSAGE);

/** Payment provider codes are integers (spec 2 §3 "payment (integer provider code)"). */
export const paymentCodeSchema = z.number().int().positive();

// ── Passenger types and documents (spec 2 §3, §9; spec 3 §9) ──

export const passengerTypeSchema = z.enum(['ADT', 'CHD', 'INF']);
export type PassengerType = z.infer<typeof passengerTypeSchema>;

/** Codes seen on the wire and what they mean: CNN is a child (spec 2 §9), PFA an adult ("others Adulto"). */
export const PASSENGER_TYPE_ALIASES = { ADT: 'ADT', CHD: 'CHD', CNN: 'CHD', INF: 'INF', PFA: 'ADT' } as const;
export type PassengerTypeAlias = keyof typeof PASSENGER_TYPE_ALIASES;

/** ADT/CHD/INF, or an alias mapped to one; null for anything else. Case and spaces are ignored. */
export function normalisePassengerType(code: string): PassengerType | null {
  const key = code.trim().toUpperCase();
  return Object.hasOwn(PASSENGER_TYPE_ALIASES, key) ? PASSENGER_TYPE_ALIASES[key as PassengerTypeAlias] : null;
}

/** Accepts ADT/CHD/INF and their aliases on input, always yields ADT/CHD/INF. */
export const passengerTypeInputSchema = z.string().transform((code, ctx) => {
  const type = normalisePassengerType(code);
  if (type === null) {
    ctx.addIssue({ code: 'custom', message: `Unknown passenger type ${code}`, input: code });
    return z.NEVER;
  }
  return type;
});

/** Label key per type: CHD and CNN are 'Niño', INF 'Infante', others 'Adulto' (spec 2 §3, spec 3 §2). */
export function passengerTypeLabel(code: string): 'adult' | 'child' | 'infant' {
  const type = normalisePassengerType(code);
  return type === 'CHD' ? 'child' : type === 'INF' ? 'infant' : 'adult';
}

/** NI national id (DNI), PP passport, CE carné de extranjería (Peru only), DL driver licence (US only). */
export const documentTypeSchema = z.enum(['NI', 'PP', 'CE', 'DL']);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const genderSchema = z.enum(['M', 'F']);

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Birthdate as the three selects hold it (spec 2 §3); must be a real calendar date. */
export const birthdateSchema = z
  .object({
    year: z.number().int().min(1900).max(2100),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(31),
  })
  .refine((d) => isCalendarDate(d.year, d.month, d.day), { message: 'Ingrese una fecha válida', path: ['day'] });
export type Birthdate = z.infer<typeof birthdateSchema>;

// ── Countries and dial codes (spec 2 §3) ──

/** Nationality list: these six first, in this order, then the rest alphabetically (spec 2 §3). */
export const PRIORITY_COUNTRIES = ['PE', 'US', 'EC', 'CO', 'MX', 'DO'] as const;

/** Contact dial options, in the spec's order. `value` is what the contact form stores (PE+51). */
export const DIAL_CODES = [
  { iso2: 'PE', name: 'Peru', dialCode: '51' },
  { iso2: 'US', name: 'United States', dialCode: '1' },
  { iso2: 'EC', name: 'Ecuador', dialCode: '593' },
  { iso2: 'CO', name: 'Colombia', dialCode: '57' },
  { iso2: 'MX', name: 'Mexico', dialCode: '52' },
  { iso2: 'DO', name: 'Dominican Republic', dialCode: '1-809' },
  { iso2: 'AR', name: 'Argentina', dialCode: '54' },
  { iso2: 'AU', name: 'Australia', dialCode: '61' },
  { iso2: 'BO', name: 'Bolivia', dialCode: '591' },
  { iso2: 'BR', name: 'Brazil', dialCode: '55' },
  { iso2: 'CA', name: 'Canada', dialCode: '1' },
  { iso2: 'CL', name: 'Chile', dialCode: '56' },
  { iso2: 'CR', name: 'Costa Rica', dialCode: '506' },
  { iso2: 'SV', name: 'El Salvador', dialCode: '503' },
  { iso2: 'ES', name: 'Spain', dialCode: '34' },
  { iso2: 'GT', name: 'Guatemala', dialCode: '502' },
  { iso2: 'HN', name: 'Honduras', dialCode: '504' },
  { iso2: 'NI', name: 'Nicaragua', dialCode: '505' },
  { iso2: 'PA', name: 'Panama', dialCode: '507' },
  { iso2: 'PY', name: 'Paraguay', dialCode: '595' },
  { iso2: 'PR', name: 'Puerto Rico', dialCode: '1-787' },
  { iso2: 'UY', name: 'Uruguay', dialCode: '598' },
  { iso2: 'VE', name: 'Venezuela', dialCode: '58' },
] as const;
export type DialCode = (typeof DIAL_CODES)[number];
export type DialOptionValue = `${DialCode['iso2']}+${DialCode['dialCode']}`;

export const DIAL_OPTION_VALUES = DIAL_CODES.map((c) => `${c.iso2}+${c.dialCode}` as DialOptionValue) as [
  DialOptionValue,
  ...DialOptionValue[],
];
/** A contact dial option value such as 'PE+51' or 'DO+1-809'. */
export const dialOptionSchema = z.enum(DIAL_OPTION_VALUES);

/** Contact country from the engine profile: PE gives PE+51, US gives US+1 (spec 2 §4). */
export function dialOptionForCountry(iso2: string): DialOptionValue | null {
  const found = DIAL_CODES.find((c) => c.iso2 === iso2.toUpperCase());
  return found ? (`${found.iso2}+${found.dialCode}` as DialOptionValue) : null;
}

// ── Time-of-day bands (spec 2 §9: day 06–17, evening 17–21, otherwise night) ──

export const TIME_OF_DAY_BANDS = [
  { band: 'day', fromHour: 6, toHour: 17 },
  { band: 'evening', fromHour: 17, toHour: 21 },
] as const;
export type TimeOfDayBand = 'day' | 'evening' | 'night';

/** The symbol each band is drawn with (the itinerary header's, and the checkout's first paint). */
export const TIME_OF_DAY_SYMBOLS: Record<TimeOfDayBand, string> = { day: '☀', evening: '🌇', night: '☾' };

/** Band of a local hour (0–23); from is inclusive, to exclusive. */
export function timeOfDayBand(hour: number): TimeOfDayBand {
  const match = TIME_OF_DAY_BANDS.find((b) => hour >= b.fromHour && hour < b.toHour);
  return match ? match.band : 'night';
}

// ── Payment providers (spec 2 §9, spec 3 §9) ──

/** Online (provider) codes by name. 128, 132, 135, 136: meaning not shown in the spec. */
export const PaymentProvider = {
  pagoEfectivo: 102,
  bookWithoutPayment: 103,
  interbank: 104,
  safetyPayCash: 105,
  safetyPay: 106,
  payMe: 119,
  cybersource: 120,
  ripley: 121,
  tarjetaOh: 122,
  scotiabank: 123,
  cuotealoBcp: 124,
  aCuotaz: 125,
  payMeAlt: 126,
  code128: 128,
  bankTransfer: 130,
  code132: 132,
  code135: 135,
  code136: 136,
  instalmentBank: 137,
  payPal: 139,
} as const;
export type PaymentProviderCode = (typeof PaymentProvider)[keyof typeof PaymentProvider];

/** Display names per provider code (spec 2 §9; 137 is displayed 'Cuotéalo BCP' per spec 3 §2). */
export const PAYMENT_PROVIDER_NAMES: Record<PaymentProviderCode, string> = {
  102: 'PagoEfectivo',
  103: 'Reservar sin pago',
  104: 'Interbank',
  105: 'SafetyPay (banca por internet / efectivo)',
  106: 'SafetyPay',
  119: 'PayMe',
  120: 'Cybersource',
  121: 'Banco Ripley',
  122: 'Tarjeta Oh',
  123: 'Scotiabank',
  124: 'Cuotealo BCP',
  125: 'ACuotaz',
  126: 'PayMe',
  128: 'Provider 128',
  130: 'Transferencia bancaria',
  132: 'Provider 132',
  135: 'Provider 135',
  136: 'Provider 136',
  137: 'Cuotéalo BCP',
  139: 'PayPal',
};

/** Provider groups of spec 3 §9 and the submit rules of spec 2 §4. */
export const REDIRECT_PROVIDER_CODES = [102, 105, 106, 124] as const;
export const CARD_GROUP_PROVIDER_CODES = [104, 119, 120, 121, 122, 123] as const;
/** Submit disabled while the card form is invalid; no invoice offered (spec 2 §4, §5). */
export const CARD_REQUIRED_PROVIDER_CODES = [121, 122, 123, 104] as const;
/** Provider 119 continues on /payment/process/{sessionID} (spec 3 §4). */
export const PROCESS_PAGE_PROVIDER_CODE = 119;
/**
 * The pages the waiting page may post an order to, per provider: the browser posts only to an address
 * on this list, whatever a stored booking says (the sandbox serves PayMe's page and the redirect
 * providers' page itself: SafetyPay 105 and 106, Cuotéalo BCP's redirect 124).
 */
export const PROVIDER_PAGE_ALLOW_LIST: Readonly<Partial<Record<number, readonly string[]>>> = {
  [PROCESS_PAGE_PROVIDER_CODE]: ['/sandbox/payme'],
  105: ['/sandbox/redirect/105'],
  106: ['/sandbox/redirect/106'],
  124: ['/sandbox/redirect/124'],
};
/** 122 forces the card-type method id 1005 (spec 2 §4). */
export const FORCED_CARD_METHOD = { providerCode: 122, methodId: 1005 } as const;
/** Issuer prefixes (spec 2 §5); Scotiabank and Interbank lists come from elsewhere. */
export const CARD_BINS = {
  122: ['524601', '533958', '404071'],
  121: ['525435', '525474', '542020', '542070'],
} as const;

// ── Business constants (spec 2 §9) ──

export const AGE_BANDS = {
  ADT: { minYears: 12, maxYears: 100 },
  CHD: { minYears: 2, maxYears: 12 },
  INF: { minYears: 0, maxYears: 2 },
} as const;
export const INSURANCE_MAX_AGE = 70;
export const INSURANCE_DELAY_BENEFIT_HOURS = 6;
export const CVV_MIN_LENGTH = 3;
export const CVV_MAX_LENGTH = 4;
export const CARD_EXPIRY_LENGTH = 5;
export const CARD_NUMBER_MAX_LENGTH = 16;
export const DEFAULT_CARD_COUNTRY = 'US';
export const DEFAULT_CONTACT_DIAL_OPTION: DialOptionValue = 'PE+51';
export const YAPE_MAX_TOTAL_USD = 500;
export const YAPE_DAILY_LIMIT_PEN = 2000;
export const BANK_TRANSFER_MIN_DAYS_AHEAD = 3;
/** 121 stays only for these system providers and when the validating airline is not UX or AR. */
export const RIPLEY_SYSTEM_PROVIDER_CODES = [100, 102] as const;
export const RIPLEY_EXCLUDED_AIRLINES = ['UX', 'AR'] as const;
export const CASH_PAYMENT_DEADLINE_HOURS = 6;
export const PASSPORT_MIN_VALIDITY_MONTHS = 6;
export const CUOTEALO_MIN_PURCHASE = { PEN: 100, USD: 30 } as const;
export const INTERBANK_FEE_ADJUSTMENT_USD = 10;
export const CARD_CHECKOUT_EXPIRY_MINUTES = 20;
/** ISO 4217 numeric code the card checkout sends (USD), amounts in cents (spec 2 §7). */
export const CARD_CHECKOUT_CURRENCY = '840';
export const MAX_PASSENGERS = 9;
/** Pricing box sticks after this scroll; the spec also gives 125 px (spec 2 §2). */
export const PRICING_BOX_STICKY_OFFSET_PX = 304;
export const PRICING_BOX_STICKY_OFFSET_ALT_PX = 125;
export const MOBILE_BOTTOM_MARGIN_PX = 100;
/** Terminal that defaults to the cash-deposit method and gets the retargeting event (spec 2 §4, §6). */
export const CASH_DEPOSIT_DEFAULT_TERMINAL_ID = '9132868';
export const FRAUD_FINGERPRINT_TERMINAL_ID = '2113853';
export const SPECIAL_TERMINAL_IDS = [
  '77838801',
  '9132868',
  '2113855',
  '2113853',
  '7759278',
  '1490798',
  '8458798',
  '8990700',
  '25201907',
  '7200983',
] as const;
/** Default payment before methods load: Peru consumer 102, otherwise 103 (spec 2 §4). */
export function defaultPaymentCode(countryCode: string, isAgency: boolean): number {
  return countryCode === 'PE' && !isAgency ? PaymentProvider.pagoEfectivo : PaymentProvider.bookWithoutPayment;
}
export { CUSTOM_FEE_DESCRIPTION } from './fee-lines.ts';

// ── Card forms (spec 2 §3, §5) — client → gateway only, never sent to our API ──

/** 3–4 digits; the brand's own size is checked by the form schemas (Amex CID has 4). */
export const securityCodeSchema = z.string().regex(/^\d{3,4}$/, 'Enter a valid cvv');

/** The brand card-validator detects, e.g. 'visa', 'mastercard', 'american-express'. */
export const cardBrandSchema = z.string().regex(/^[a-z][a-z-]*$/, 'Expected a card brand');

// The card forms' schemas, which need card-validator, are in card-forms.ts.

/** Redirect-style gateway form (spec 2 §3). */
export const redirectGatewayFormSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
});
export type RedirectGatewayForm = z.infer<typeof redirectGatewayFormSchema>;

/**
 * What our API receives and stores about a card: the gateway token, brand and last four digits.
 * Strict: a body that also carries a card number or CVV is refused, never silently kept.
 */
export const storedCardSchema = z.strictObject({
  token: z.string().min(8).max(200),
  brand: cardBrandSchema,
  last4: z.string().regex(/^\d{4}$/),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

/** Last four digits of a typed number (spec 3 §4 card match uses last four). */
export function cardLast4(cardNumber: string): string {
  return cardNumber.replace(/\D/g, '').slice(-4);
}

// ── Passenger, contact, agency, additional (spec 2 §3, §5) ──

/**
 * One passenger. Intrinsic rules live here (infants name an adult, NI numbers are digits, a chosen
 * document type needs a number); profile-, date- and form-wide rules are in checkout-rules.ts.
 */
export const passengerSchema = z
  .object({
    type: passengerTypeInputSchema,
    firstName: personNameSchema,
    lastName: personNameSchema,
    gender: genderSchema,
    birthdate: birthdateSchema,
    /** Nationality (ISO alpha-2); required for PE and US profiles (rules). */
    countryCode: countryIso2Schema.optional(),
    documentType: documentTypeSchema.optional(),
    documentNumber: z.string().trim().max(20).optional(),
    /** Adults only. */
    email: emailSchema.optional(),
    phoneNumber: phoneNumberSchema.optional(),
    /** Infants: 1-based adult number, offered as 'Adulto 1' … 'Adulto N'. */
    assignedPassenger: z.number().int().min(1).optional(),
    frequentFlyer: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,25}$/, 'Ingrese un número válido')
      .optional(),
    acceptsContactInfo: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (p.documentType && !p.documentNumber) {
      ctx.addIssue({ code: 'custom', message: 'Este campo es requerido', path: ['documentNumber'] });
    }
    if (p.documentType === 'NI' && p.documentNumber && !/^\d+$/.test(p.documentNumber)) {
      ctx.addIssue({ code: 'custom', message: 'Ingrese un documento válido', path: ['documentNumber'] });
    }
    if (p.type === 'INF' && p.assignedPassenger === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Este campo es requerido', path: ['assignedPassenger'] });
    }
    if (p.type !== 'INF' && p.assignedPassenger !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'Only infants are assigned to an adult', path: ['assignedPassenger'] });
    }
    if (p.type !== 'ADT' && (p.email !== undefined || p.phoneNumber !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Only adults carry contact data', path: ['email'] });
    }
    if (p.acceptsContactInfo && (p.email === undefined || p.phoneNumber === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Este campo es requerido', path: [p.email ? 'phoneNumber' : 'email'] });
    }
  });
export type Passenger = z.infer<typeof passengerSchema>;
export type PassengerInput = z.input<typeof passengerSchema>;

const invoiceFields = {
  invoice: z.boolean().default(false),
  ruc: z.string().trim().optional(),
  companyName: z.string().trim().max(120).optional(),
  companyAddress: z.string().trim().max(200).optional(),
};

/** With an invoice, RUC (11 digits), company name and fiscal address are required (spec 2 §5). */
function checkInvoice(
  form: {
    invoice: boolean;
    ruc?: string | undefined;
    companyName?: string | undefined;
    companyAddress?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (!form.invoice) return;
  if (!form.ruc) ctx.addIssue({ code: 'custom', message: 'Este campo es requerido', path: ['ruc'] });
  else if (!rucSchema.safeParse(form.ruc).success) {
    ctx.addIssue({ code: 'custom', message: RUC_MESSAGE, path: ['ruc'] });
  }
  if (!form.companyName) ctx.addIssue({ code: 'custom', message: 'Este campo es requerido', path: ['companyName'] });
  if (!form.companyAddress) {
    ctx.addIssue({ code: 'custom', message: 'Este campo es requerido', path: ['companyAddress'] });
  }
}

/**
 * Contact form (B2C and B2B non-agency users). Country defaults to PE+51 (spec 2 §9). Without the
 * phone's country check: `contactFormSchema` of booking-request.ts adds it.
 */
export const contactDetailsSchema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    countryCode: dialOptionSchema.default(DEFAULT_CONTACT_DIAL_OPTION),
    phoneNumber: phoneNumberSchema,
    ...invoiceFields,
  })
  .superRefine(checkInvoice);
export type ContactForm = z.infer<typeof contactDetailsSchema>;

/** Agency form (agency user in B2B); `isInvoiceChecked` is the spec's second invoice flag. */
export const agencyFormSchema = z
  .object({
    email: emailSchema,
    countryCode: dialOptionSchema.optional(),
    ...invoiceFields,
    isInvoiceChecked: z.boolean().default(false),
  })
  .superRefine((form, ctx) => checkInvoice({ ...form, invoice: form.invoice || form.isInvoiceChecked }, ctx));
export type AgencyForm = z.infer<typeof agencyFormSchema>;

/** Additional data: accountId when its checkbox is ticked (spec 2 §5 "Additional"). */
export const additionalFormSchema = z.object({ accountId: z.string().trim().min(1).max(40).optional() });

/** Terms block (spec 2 §5): always-required boxes, plus personal-data authorisation for listed engines. */
export const termsAcceptanceSchema = z.object({
  generalAcceptance: z.boolean(),
  privacyPolicies: z.boolean(),
  termsAndConditions: z.boolean(),
  authorizePersonalData: z.boolean().optional(),
});
export type TermsAcceptance = z.infer<typeof termsAcceptanceSchema>;

// ── Insurance (spec 2 §3, §4) ──

export const insuranceAttributeSchema = z.object({
  description: z.string(),
  amount: z.number().optional(),
  unidad: z.string().optional(),
  valor: z.string().optional(),
});

/** A travel-assistance product offered by `engines/universal`. */
export const insuranceProductSchema = z.object({
  /** Not named in the spec's product list; the book form's `productId` refers to it. */
  productId: z.string().min(1),
  familyName: z.string().min(1),
  priceDay: moneySchema,
  priceTotal: moneySchema,
  atributos: z.array(insuranceAttributeSchema),
  errorCode: z.string().nullable().optional(),
  fees: moneySchema.default(0),
  tax: moneySchema.default(0),
  daysOfCoverage: z.number().int().positive(),
  destinationName: z.string(),
  originCountryCode: countryIso2Schema,
});
export type InsuranceProduct = z.infer<typeof insuranceProductSchema>;

/** Plan 1, plan 2 or none (spec 2 §4 "choice is product 1, product 2 or none"). */
export const insuranceChoiceSchema = z.enum(['product1', 'product2', 'none']);

/** The insurance part of the book form (spec 2 §3). */
export const insuranceSelectionSchema = z.object({
  leadId: z.string().optional(),
  productId: z.string().optional(),
  productName: z.string().optional(),
  destination: z.string().optional(),
  price: moneySchema.default(0),
  priceTotal: moneySchema.default(0),
  igv: moneySchema.default(0),
  feeAgency: moneySchema.default(0),
  feeCostamar: moneySchema.default(0),
  fareProduct: moneySchema.default(0),
  coverageItems: z.array(insuranceAttributeSchema).default([]),
  typeOfSell: z.string().optional(),
  pos: z.string().optional(),
  passengersQuantity: z.number().int().min(0).max(MAX_PASSENGERS),
  isSelect: z.boolean().default(false),
  isRejected: z.boolean().default(false),
  isAfterModal: z.boolean().default(false),
  productSelected: insuranceChoiceSchema.nullable().default(null),
  hasUniversalProducts: z.boolean().default(false),
  paisOrigen: z.string().optional(),
});
export type InsuranceSelection = z.infer<typeof insuranceSelectionSchema>;

export const insuranceProductsRequestSchema = z.object({
  searchParams: searchRequestSchema,
  engine: z.object({ id: terminalIdSchema }),
  flights: z.array(flightSchema).min(1),
  /** The offer's provider: insurance is not sold with provider 101 (spec 2 §5). */
  pos: z.looseObject({ systemProviderCode: z.number().int() }).optional(),
  originAirport: iataCodeSchema.optional(),
  destinationAirport: iataCodeSchema.optional(),
});
export const insuranceProductsResponseSchema = z.object({
  status: z.literal(200),
  data: z.array(insuranceProductSchema),
});

// ── Extras: ancillary baggage (provider 107, spec 2 §2, §3) ──

/** A client may send the whole engine (spec 2 §7); the server keeps only the id and loads the rest. */
export const engineRefSchema = z.object({ id: terminalIdSchema });

export const ancillaryBaggageOptionSchema = z.object({
  id: z.string().min(1),
  subcode: z.string().min(1),
  /** The supplier's own wording, kept for the booking; pages name the bag from the typed facts below. */
  name: z.string(),
  description: z.string(),
  /** Bags in the option and the weight of each: with `type` (CARRY_ON or BAGGAGE) the client names it in the reader's language. */
  pieces: z.number().int().min(1),
  weightKg: z.number().positive(),
  totalAmount: moneySchema,
  origin: iataCodeSchema,
  destination: iataCodeSchema,
  passengerCode: passengerTypeInputSchema,
  type: z.string(),
});
export type AncillaryBaggageOption = z.infer<typeof ancillaryBaggageOptionSchema>;

export const ancillaryOptionsRequestSchema = z.object({
  /** The offer (recommendation or chosen fare family id) the extras are sold with. */
  recommendationId: z.string().min(1).max(4096),
  searchParams: searchRequestSchema,
  engine: engineRefSchema,
  pos: z.looseObject({ systemProviderCode: z.number().int() }),
  flights: z.array(flightSchema).min(1),
});
export const ancillaryOptionsResponseSchema = z.object({
  status: z.literal(200),
  data: z.array(ancillaryBaggageOptionSchema),
});

/** Extras confirmed in the baggage modal: per passenger, the option chosen per flight. */
export const selectedExtrasSchema = z.object({
  baggage: z.object({
    passengers: z.array(
      z.object({
        options: z.array(
          z.object({ option: ancillaryBaggageOptionSchema, currentIndex: z.number().int().min(0), type: z.string() }),
        ),
      }),
    ),
  }),
});
export type SelectedExtras = z.infer<typeof selectedExtrasSchema>;

// ── Seats (spec 2 §3; the post-sale seat offer builds on these, spec 3 §3) ──

/** A / Available can be chosen; T / Unavailable is taken; S is a spacer (aisle). */
export const seatStatusSchema = z.enum(['A', 'Available', 'T', 'Unavailable', 'S']);
export type SeatStatus = z.infer<typeof seatStatusSchema>;
export function isSeatSelectable(status: string): boolean {
  return status === 'A' || status === 'Available';
}

export const seatColumnSchema = z.object({
  /** Seat letter; empty for a spacer. */
  value: z.string().regex(/^[A-Z]?$/),
  status: seatStatusSchema,
});
export const seatOfferItemSchema = z.object({
  id: z.string().min(1),
  paxID: z.string().min(1),
  /** Seat designator, e.g. 12C. */
  seat: z.string().regex(/^\d{1,3}[A-Z]$/),
  price: moneySchema,
});
export const seatRowSchema = z.object({
  rowNumber: z.number().int().positive(),
  columns: z.array(seatColumnSchema).min(1),
  offerItems: z.array(seatOfferItemSchema),
});
export type SeatRow = z.infer<typeof seatRowSchema>;
export const seatSegmentSchema = z.object({
  origin: iataCodeSchema,
  destination: iataCodeSchema,
  rows: z.array(seatRowSchema),
});

export const seatPassengerSchema = z.object({
  id: z.string().min(1),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  passengerTypeCode: passengerTypeInputSchema,
  indexSegment: z.number().int().min(0).optional(),
});

/**
 * A chosen seat. Accepts the spellings seen on the wire: `offerItemId` for `offerItemID`, and the
 * checkout's `passenger` for the post-sale `passengerSelected` (spec 2 §3, spec 3 §3).
 */
export const selectedSeatSchema = z.preprocess(
  (input) => {
    if (typeof input !== 'object' || input === null) return input;
    const { offerItemId, passenger, ...rest } = input as Record<string, unknown>;
    return {
      ...rest,
      offerItemID: rest['offerItemID'] ?? offerItemId,
      passengerSelected: rest['passengerSelected'] ?? passenger,
    };
  },
  z.object({
    row: z.number().int().positive(),
    column: z.string().regex(/^[A-Z]$/),
    indexSegment: z.number().int().min(0),
    passengerSelected: seatPassengerSchema,
    offerItemID: z.string().min(1),
    price: moneySchema,
    shoppingResponseRefID: z.string().optional(),
  }),
);
export type SelectedSeat = z.infer<typeof selectedSeatSchema>;

/**
 * The seat map of an offer (spec 2 §3 "Seats"): per flight segment in trip order (the `indexSegment` of a
 * chosen seat), rows of columns and, per available seat, one offer item per seated passenger with its
 * price; the passengers who get a seat (infants travel on a lap and get none).
 */
export const seatMapSchema = z.object({
  segments: z.array(seatSegmentSchema),
  passengers: z.array(seatPassengerSchema),
});
export type SeatMap = z.infer<typeof seatMapSchema>;

/** Seats as held by the checkout (spec 2 §3): the map per segment, the passengers and the choices. */
export const checkoutSeatsSchema = seatMapSchema.extend({
  selected: z.array(selectedSeatSchema).default([]),
});
export type CheckoutSeats = z.infer<typeof checkoutSeatsSchema>;

/**
 * POST /api/flights/seats at checkout (spec 2 §7 "Seats and baggage availability", spec 3 §7): the offer
 * (the chosen fare family's `offerId`, else the recommendation id) and the chosen flights; the server
 * prices it again and answers the map for the offer's own passengers.
 */
export const seatMapRequestSchema = z.object({
  recommendation: recommendationSchema,
  searchParams: searchRequestSchema,
  flights: z.array(flightSchema).min(1),
  engine: engineRefSchema,
  sessionID: sessionIdSchema,
  selectedFare: fareSchema.nullable().optional(),
});
export type SeatMapRequestInput = z.input<typeof seatMapRequestSchema>;
/** No seat on any segment is an empty `segments` list, or segments without rows ('No se encontraron resultados'). */
export const seatMapResponseSchema = z.object({ status: z.literal(200), data: seatMapSchema });

/** Spec 2 §9, spec 3 §5: a seat another passenger holds on the same segment. */
export const SEAT_TAKEN_MESSAGE = 'Este asiento ya está asignado, favor de elegir otro !';

// ── Fare rules (spec 2 §3, §7) ──

export const fareRuleSectionSchema = z.object({ title: z.string(), content: z.string() });
/** Airline regulations for one route (a tab per departure-arrival). */
export const fareRuleSchema = z.object({
  departure: iataCodeSchema,
  arrival: iataCodeSchema,
  sections: z.array(fareRuleSectionSchema),
});
export type FareRule = z.infer<typeof fareRuleSchema>;

export const fareRuleSegmentSchema = z.object({
  departureDateTime: z.string().min(1),
  departureAirport: iataCodeSchema,
  arrivalAirport: iataCodeSchema,
  flightNumber: z.string().regex(/^\d{1,4}$/),
  marketingAirline: airlineCodeSchema,
  bookingClass: z.string().regex(/^[A-Za-z]{1,2}$/),
  fareInformation: z.string().optional(),
  aditionalInfo: z.string().optional(),
  tripType: z.string().optional(),
  fareBasisCode: z.string().regex(/^[A-Za-z0-9]{1,15}$/),
  refNumber: z.union([z.string(), z.number()]).optional(),
});
export const passengerCountsSchema = z
  .object({
    adults: z.number().int().min(1),
    children: z.number().int().min(0),
    infants: z.number().int().min(0),
  })
  .refine((p) => p.adults + p.children <= MAX_PASSENGERS, 'Too many passengers')
  .refine((p) => p.infants <= p.adults, 'Each infant travels with an adult');

export const fareRulesRequestSchema = z.object({
  segments: z.array(fareRuleSegmentSchema).min(1),
  origin: iataCodeSchema,
  destination: iataCodeSchema,
  passengers: passengerCountsSchema,
  pricing: pricingSchema,
  pos: z.looseObject({ systemProviderCode: z.number().int() }),
  selectedFare: fareSchema.nullable().optional(),
  /** The reader's language: titles and text of the regulations come in it (Spanish, the spec's, when absent). */
  language: languageSchema.optional(),
});
export const fareRulesResponseSchema = z.object({ status: z.literal(200), data: z.array(fareRuleSchema) });

// ── Discounts and coupons (spec 2 §5, spec 3 §3, §4) ──

/** Descriptions recognised in discount lines (spec 3 §9). SUBVENTION carries '/paymentCode'. */
export const DISCOUNT_DESCRIPTIONS = [
  'DISCOUNT',
  'IGV',
  'SUBVENTION',
  'COUPON',
  'DISCOUNT_COUPON_BY_FEE_ADDED',
  'PAX',
  'CUSTOM',
] as const;
export type DiscountKind = (typeof DISCOUNT_DESCRIPTIONS)[number] | 'OTHER';

/** Which kind a description text is (it may only contain the word), and SUBVENTION's payment code. */
export function classifyDiscountDescription(description: string): { kind: DiscountKind; paymentCode?: number } {
  const text = description.toUpperCase();
  if (text.includes('DISCOUNT_COUPON_BY_FEE_ADDED')) return { kind: 'DISCOUNT_COUPON_BY_FEE_ADDED' };
  if (text.includes('SUBVENTION')) {
    const code = /SUBVENTION\s*\/\s*(\d+)/.exec(text)?.[1];
    return code ? { kind: 'SUBVENTION', paymentCode: Number(code) } : { kind: 'SUBVENTION' };
  }
  for (const kind of ['COUPON', 'IGV', 'DISCOUNT', 'CUSTOM', 'PAX'] as const) {
    if (text.includes(kind)) return { kind };
  }
  return { kind: 'OTHER' };
}

/** `rph`: dash-separated provider list, payment-method list and card bins; lists comma-separated. */
export function parseDiscountRph(rph: string): { providers: number[]; paymentMethods: number[]; bins: string[] } {
  const [providers = '', methods = '', bins = ''] = rph.split('-');
  const list = (s: string) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  const numbers = (s: string) =>
    list(s)
      .map(Number)
      .filter((n) => Number.isInteger(n));
  return {
    providers: numbers(providers),
    paymentMethods: numbers(methods),
    bins: list(bins).filter((b) => /^\d+$/.test(b)),
  };
}

/** A discount line (spec 3 §3 "Coupon / discount line"; spec 2 §3 recommendation discounts). */
export const discountLineSchema = z.object({
  id: z.string().optional(),
  description: z.string().min(1),
  /** Money, or a percentage of the booking total when `percentage` is true. */
  amount: z.number().nonnegative(),
  percentage: z.boolean().default(false),
  perBooking: z.boolean().default(true),
  rph: z.string().optional(),
  brandedFares: z.array(z.string()).default([]),
  apply: z.boolean(),
  promotionalCode: z.string().optional(),
  paymentType: paymentCodeSchema.optional(),
  paymentCode: paymentCodeSchema.optional(),
});
export type DiscountLine = z.infer<typeof discountLineSchema>;

export { discountAmount } from './fee-lines.ts';

/** Spaces removed and upper-cased (spec 2 §5). */
export function normaliseCouponCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}
export const promotionalCodeSchema = z
  .string()
  .transform(normaliseCouponCode)
  .pipe(z.string().regex(/^[A-Z0-9_-]{1,30}$/, 'Invalid code'));

/** The 'ripley' coupon also switches the payment to Banco Ripley, 121 (spec 3 §4). */
export const RIPLEY_COUPON_CODE = 'RIPLEY';
export function couponForcesPayment(promotionalCode: string): number | null {
  return normaliseCouponCode(promotionalCode) === RIPLEY_COUPON_CODE ? PaymentProvider.ripley : null;
}

/** NATIONAL (every airport in one country) or INTERNATIONAL, as the server reads it from the offer. */
export const routeTypeSchema = z.enum(['NATIONAL', 'INTERNATIONAL']);
export type RouteType = z.infer<typeof routeTypeSchema>;

/**
 * Why a code does not apply, as the one coupon rule of the server decides it for the coupon box and for
 * the booking alike; the client translates each code (never the server's words).
 */
export const COUPON_REFUSALS = [
  'COUPON_INVALID',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET_VALID',
  'COUPON_OTHER_PAYMENT',
  'COUPON_PAYMENT_NOT_OFFERED',
  'COUPON_NOT_FOR_AIRLINE',
  'COUPON_NOT_FOR_FARE',
  'COUPON_USED_UP',
] as const;
export const couponRefusalSchema = z.enum(COUPON_REFUSALS);
export type CouponRefusal = z.infer<typeof couponRefusalSchema>;
/** The server's English for each refusal (logs, the booking's 400 `value`); screens translate the code. */
export const COUPON_REFUSAL_TEXTS: Record<CouponRefusal, string> = {
  COUPON_INVALID: 'Invalid code',
  COUPON_EXPIRED: 'This code has expired',
  COUPON_NOT_YET_VALID: 'This code is not valid yet',
  COUPON_OTHER_PAYMENT: 'This code applies with another payment method',
  COUPON_PAYMENT_NOT_OFFERED: 'This code is paid only with a method this flight cannot be paid with',
  COUPON_NOT_FOR_AIRLINE: 'This code does not apply to this airline',
  COUPON_NOT_FOR_FARE: 'This code does not apply to this fare',
  COUPON_USED_UP: 'This code has reached its limit of uses',
};

/**
 * The coupon box's call (spec 2 §7). `markupRQ` names the offer being booked (the chosen fare family's
 * offer id, else the recommendation id, and the chosen flights): the server prices it and applies the
 * same rule the booking applies. `routeType` is the client's reading; the server reads the offer's own
 * and refuses a different one.
 */
export const couponRequestSchema = z.object({
  promotionalCode: promotionalCodeSchema,
  engineCode: terminalIdSchema,
  profileId: z.string().min(1),
  routeType: routeTypeSchema.optional(),
  markupRQ: markupRequestSchema,
  paymentType: paymentCodeSchema,
});
export type CouponRequest = z.infer<typeof couponRequestSchema>;
export type CouponRequestInput = z.input<typeof couponRequestSchema>;
/** A coupon's discount line; a rejected code carries `apply: false` and why (`refusal`). */
export const couponLineSchema = discountLineSchema.extend({ refusal: couponRefusalSchema.optional() });
export type CouponLine = z.infer<typeof couponLineSchema>;
/** A rejected code answers with `apply: false` (spec 2 §4) and its refusal code. */
export const couponResponseSchema = z.object({ status: z.literal(200), data: couponLineSchema });
/** What the checkout keeps: the answer, the payment it was asked for, and when (spec 2 §4, spec 3 §4). */
export const appliedCouponSchema = couponLineSchema.extend({
  paymentType: paymentCodeSchema,
  appliedAt: z.iso.datetime({ offset: true }),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

// ── Exchange rate (spec 2 §7: USD → PEN for yesterday) ──

export const exchangeRateRequestSchema = z.object({
  date: isoDateSchema,
  from: z.literal('USD').default('USD'),
  to: z.literal('PEN').default('PEN'),
});
export const exchangeRateSchema = z.object({
  date: isoDateSchema,
  from: z.literal('USD'),
  to: z.literal('PEN'),
  rate: z.number().positive().max(100),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export const exchangeRateResponseSchema = z.object({ status: z.literal(200), data: exchangeRateSchema });

// ── Book form (spec 2 §3) ──

export const optionPaymentSchema = z.object({
  oldPayment: paymentCodeSchema.nullable(),
  newPayment: paymentCodeSchema.nullable(),
  isDeleted: z.boolean(),
  isApplyButtonCode: z.boolean(),
});

/** The book form around a contact schema: the full one (booking-request.ts) or `contactDetailsSchema`. */
export function bookFormSchemaWith<Contact extends typeof contactDetailsSchema>(contactSchema: Contact) {
  return z
    .object({
      /** Ordered adults, children, infants (spec 2 §2). */
      passengers: z
        .array(passengerSchema)
        .min(1)
        .max(MAX_PASSENGERS * 2),
      payment: paymentCodeSchema,
      optionPayment: optionPaymentSchema.optional(),
      /** Tokenised card for card methods; never the number or CVV. */
      paymentCreditCard: storedCardSchema.nullable().default(null),
      insurance: insuranceSelectionSchema.nullable().default(null),
      insurances: z.array(insuranceProductSchema).default([]),
      contact: contactSchema.optional(),
      agencyInformation: agencyFormSchema.optional(),
      additional: additionalFormSchema.default({}),
      coupon: appliedCouponSchema.optional(),
      /** PEN per USD when a method converts (125 ACuotaz). */
      exchangeRate: z.number().positive().optional(),
    })
    .refine((form) => form.contact !== undefined || form.agencyInformation !== undefined, {
      message: 'Contact or agency data is required',
      path: ['contact'],
    });
}
/** The book form as sessions carry it (written by the booking, whose request checked the phone's country). */
export const bookFormSchema = bookFormSchemaWith(contactDetailsSchema);
export type BookForm = z.infer<typeof bookFormSchema>;
export type BookFormInput = z.input<typeof bookFormSchema>;

// ── Booking (spec 2 §7, §8; spec 3 §3, §4) ──

/** Booking payment statuses, numeric ↔ name (spec 3 §4); 9–14 are unused. */
export const BOOKING_PAYMENT_STATUS = {
  0: 'initial',
  1: 'booking',
  2: 'pending_payment',
  3: 'completed_payment',
  4: 'denied_payment',
  5: 'canceled_payment',
  6: 'ticketing',
  7: 'expired_payment',
  8: 'canceled_booking',
  15: 'processing_ticket',
} as const;
export type BookingPaymentStatusCode = keyof typeof BOOKING_PAYMENT_STATUS;
export type BookingPaymentStatusName = (typeof BOOKING_PAYMENT_STATUS)[BookingPaymentStatusCode];
export const bookingPaymentStatusCodeSchema = z.literal([0, 1, 2, 3, 4, 5, 6, 7, 8, 15]);
export const bookingPaymentStatusNameSchema = z.enum([
  'initial',
  'booking',
  'pending_payment',
  'completed_payment',
  'denied_payment',
  'canceled_payment',
  'ticketing',
  'expired_payment',
  'canceled_booking',
  'processing_ticket',
]);
export function bookingPaymentStatusName(code: number): BookingPaymentStatusName | null {
  return Object.hasOwn(BOOKING_PAYMENT_STATUS, code) ? BOOKING_PAYMENT_STATUS[code as BookingPaymentStatusCode] : null;
}
export function bookingPaymentStatusCode(name: string): BookingPaymentStatusCode | null {
  const entry = Object.entries(BOOKING_PAYMENT_STATUS).find(([, n]) => n === name.trim().toLowerCase());
  return entry ? (Number(entry[0]) as BookingPaymentStatusCode) : null;
}
/** Accepts the code or its name (both readings of spec 3 §4); always yields the code. */
export const bookingPaymentStatusSchema = z.union([
  bookingPaymentStatusCodeSchema,
  bookingPaymentStatusNameSchema.transform((name) => bookingPaymentStatusCode(name) as BookingPaymentStatusCode),
]);

/** Record locator: 6 letters/digits (PNR). */
export const pnrSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{6}$/, 'Expected a 6-character record locator')
  .transform((s) => s.toUpperCase());

/** The card an order was paid with through the card checkout (spec 3 §2 payment tab), once approved. */
export const paidCardSchema = z.object({
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  authorizationCode: z.string().nullable(),
  transactionDate: z.string().nullable(),
});
export type PaidCard = z.infer<typeof paidCardSchema>;

export const bookingPaymentDetailsSchema = z.object({
  orderNumber: z.string().min(1),
  totalAmount: moneySchema,
  status: bookingPaymentStatusSchema,
  providerCode: paymentCodeSchema,
  /** The provider's page for redirect providers and PayMe (a path on this server for the sandbox's own); absent otherwise. */
  url: z.union([z.url({ protocol: /^https$/ }), z.string().regex(/^\/(?!\/)[\w/-]*$/)]).nullable().optional(),
  /** The order's token for the provider's page (the sandbox's PayMe page): posted with the order number. */
  pageToken: z.string().min(16).optional(),
  /** The card the order was paid with (card checkout, spec 3 §2): brand and last four only. */
  card: paidCardSchema.optional(),
  /** When the order was made, Lima time (spec 3 §2 "date and time"); absent on bookings made before it was recorded. */
  orderedAt: z.iso.datetime({ offset: true }).optional(),
});

/** Booking error codes (spec 2 §8). */
export const BookingErrorCode = {
  duplicateBooking: 1000,
  segmentsCancelled: 1001,
  fareChanged: 1002,
  unexpected1003: 1003,
  unexpected1004: 1004,
  attemptLimit: 1007,
  unexpected1010: 1010,
  unexpected1020: 1020,
  itError: 402,
  providerIntermittence: 1303,
} as const;
export const bookingErrorCodeSchema = z.literal([1000, 1001, 1002, 1003, 1004, 1007, 1010, 1020, 402, 1303]);
export type BookingErrorCode = z.infer<typeof bookingErrorCodeSchema>;

export const passengerPriceSchema = z.object({ base: moneySchema, taxes: moneySchema, total: moneySchema });

export function fareDifference(oldTotal: number, newTotal: number): number {
  return Math.round((newTotal - oldTotal) * 100) / 100;
}

/**
 * Baggage applicability in repricing requests (spec 3 §5): a flight whose first airline (its first segment's
 * marketing carrier) is VV is repriced without baggage; any other with baggage when its pieces are not '0'.
 */
export function baggageAppliesInRepricing(flight: { segments: ReadonlyArray<{ marketingAirline: { code: string } }>; baggage: { pieces: number | string } }): boolean {
  if (flight.segments[0]?.marketingAirline.code === 'VV') return false;
  return String(flight.baggage.pieces).trim() !== '0';
}

/** 1002 payload: old vs new totals, per passenger type, and the table rows (spec 2 §8, issue 5). */
export const fareChangeSchema = z
  .object({
    oldTotal: moneySchema,
    newTotal: moneySchema,
    currency: z.literal('USD').default('USD'),
    passengers: z.array(
      z.object({
        type: passengerTypeInputSchema,
        quantity: z.number().int().positive(),
        old: passengerPriceSchema,
        new: passengerPriceSchema,
      }),
    ),
    rows: z.array(
      z.object({
        origin: iataCodeSchema,
        destination: iataCodeSchema,
        fareFamily: z.string(),
        baggagePieces: z.number().int().min(0),
        /** Whether the repricing applies the leg's baggage (spec 3 §5: baggageAppliesInRepricing). */
        baggageApplied: z.boolean().optional(),
      }),
    ),
    /** newTotal − oldTotal, shown in the dialog. */
    difference: signedMoneySchema,
  })
  .refine((f) => Math.abs(f.difference - fareDifference(f.oldTotal, f.newTotal)) < 0.005, {
    message: 'difference must be newTotal − oldTotal',
    path: ['difference'],
  });
export type FareChange = z.infer<typeof fareChangeSchema>;

/** Error body of the book call: the common error plus the fare-change payload and attempt count. */
export const bookingErrorSchema = apiErrorSchema.extend({
  fareChange: fareChangeSchema.optional(),
  /** 1007: attempts so far (the dialog shows a counter). */
  attempts: z.number().int().min(0).optional(),
});
export type BookingError = z.infer<typeof bookingErrorSchema>;

export const bookingSuccessSchema = z.object({
  statusCode: z.literal(1),
  pnr: pnrSchema,
  orderID: z.object({ id: z.string().min(1) }),
  ticketingTimeLimit: z.iso.datetime({ offset: true }),
  paymentDetails: bookingPaymentDetailsSchema,
  /** Same-route attempts so far (spec 3 §4 retry warning; the spec spells it 'attemps'). */
  attemps: z.number().int().min(0).optional(),
  error: z.null().optional(),
});
export const bookingFailureSchema = z.object({
  statusCode: z
    .number()
    .int()
    .refine((code) => code !== 1, 'A failed booking never has status 1'),
  error: bookingErrorSchema,
  pnr: z.null().optional(),
  orderID: z.null().optional(),
  ticketingTimeLimit: z.null().optional(),
  paymentDetails: z.null().optional(),
});
/** 409 to a book call on a checkout that is already booked: the booking it has (one booking per checkout). */
export const alreadyBookedErrorSchema = apiErrorSchema.extend({ code: z.literal('ALREADY_BOOKED'), booking: bookingSuccessSchema });
/** The outcome kept in checkout state and in the session (spec 2 §3 "Booking result"). */
export const bookingResultSchema = z.union([bookingSuccessSchema, bookingFailureSchema]);
export type BookingResult = z.infer<typeof bookingResultSchema>;
export type BookingSuccess = z.infer<typeof bookingSuccessSchema>;
export type BookingFailure = z.infer<typeof bookingFailureSchema>;

/** Which dialog a failed booking opens (spec 2 §8). */
export function bookingErrorDialog(
  statusCode: number,
  hasFareChange: boolean,
):
  | 'duplicate'
  | 'segmentsCancelled'
  | 'fareChange'
  | 'fareChangedNoData'
  | 'unexpected'
  | 'attemptLimit'
  | 'itError'
  | 'providerError'
  | 'other' {
  switch (statusCode) {
    case 1000:
      return 'duplicate';
    case 1001:
      return 'segmentsCancelled';
    case 1002:
      return hasFareChange ? 'fareChange' : 'fareChangedNoData';
    case 1003:
    case 1004:
    case 1010:
    case 1020:
      return 'unexpected';
    case 1007:
      return 'attemptLimit';
    case 402:
      return 'itError';
    case 1303:
      return 'providerError';
    default:
      return 'other';
  }
}

/**
 * POST book flights (spec 2 §7). The server re-validates and re-prices everything; the client's
 * recommendation only identifies what to book. `idempotencyKey` makes a double submit one booking;
 * `repricing` is the 1002 "accept fare change and continue" rebook.
 */
export function bookingRequestSchemaWith<BookFormSchema extends typeof bookFormSchema>(bookForm: BookFormSchema) {
  return z.object({
    sessionID: sessionIdSchema,
    idempotencyKey: z.uuid(),
    repricing: z.boolean().default(false),
    flights: z.array(flightSchema).min(1),
    engine: engineRefSchema,
    recommendation: recommendationSchema,
    searchParams: searchRequestSchema,
    bookForm,
    /** The terms block; the three always-required boxes must be ticked. */
    flightRules: termsAcceptanceSchema.extend({
      generalAcceptance: z.literal(true),
      privacyPolicies: z.literal(true),
      termsAndConditions: z.literal(true),
    }),
    selectedFare: fareSchema.nullable().default(null),
    selectedExtras: selectedExtrasSchema.optional(),
    seats: z.array(selectedSeatSchema).default([]),
    /** The reader's language: the confirmation e-mail is written in it (Spanish, the spec's, when absent). */
    language: languageSchema.optional(),
  });
}
type BookingRequestSchema = ReturnType<typeof bookingRequestSchemaWith<typeof bookFormSchema>>;
/** The booking request's types; its schema, with the phone's country check, is in booking-request.ts. */
export type BookingRequest = z.infer<BookingRequestSchema>;
export type BookingRequestInput = z.input<BookingRequestSchema>;
/**
 * The book call answers HTTP 200 with the booking result: `statusCode` 1 and the booking, or a
 * business error of spec 2 §8 (`statusCode` 1000/1001/1002/1007/1303 …, `error` with its payload),
 * which the checkout's error dialog reads. Bad input, unknown sessions and tokens are 4xx errors.
 */
export const bookingResponseSchema = z.object({ status: z.literal(200), data: bookingResultSchema });
