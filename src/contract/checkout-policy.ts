/**
 * Checkout policy shared by the client and the server: which payment methods a checkout offers
 * (spec 2 §4, §9), the listed profiles of spec 2 §5 whose ids the spec does not show (our choice,
 * documented in docs/checkout-api.md), and the booking attempt limit (spec 2 §8 code 1007).
 * Pure functions: today and the trip are always passed in.
 */
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { isoDateSchema, terminalIdSchema } from './common.ts';
import { paymentMethodSchema, type PaymentMethod } from './engine.ts';
import {
  BANK_TRANSFER_MIN_DAYS_AHEAD,
  CASH_DEPOSIT_DEFAULT_TERMINAL_ID,
  CUOTEALO_MIN_PURCHASE,
  PaymentProvider,
  RIPLEY_EXCLUDED_AIRLINES,
  RIPLEY_SYSTEM_PROVIDER_CODES,
  YAPE_MAX_TOTAL_USD,
} from './checkout.ts';

/** Profiles whose passengers may not share first + last name (spec 2 §5 "two specific profiles"). */
export const DUPLICATE_NAME_PROFILE_IDS = ['P9132868', 'AG-ANDES'] as const;
/** Engines or profiles whose terms block adds the personal-data authorisation (spec 2 §5). */
export const PERSONAL_DATA_AUTHORIZATION_IDS = ['2113853', '2113855', 'AG-ANDES'] as const;
/** Same-route booking attempts allowed before the booking is refused with 1007 (spec 2 §8). */
export const MAX_BOOKING_ATTEMPTS = 3;
/** Payment providers whose order must be paid within 6 hours (cash, PagoEfectivo, pay later). */
export const CASH_PROVIDER_CODES = [PaymentProvider.pagoEfectivo, PaymentProvider.bookWithoutPayment, PaymentProvider.safetyPayCash] as const;
/** Providers that need a tokenised card in the book form (spec 2 §4, spec 3 §9). */
export const STORED_CARD_PROVIDER_CODES = [104, 119, 120, 121, 122, 123, 126] as const;

/** Whether a method is paid with a card the gateway must tokenise (and approve) before booking. */
export const needsStoredCard = (paymentCode: number | null) => paymentCode !== null && (STORED_CARD_PROVIDER_CODES as readonly number[]).includes(paymentCode);

/**
 * Why the card gateway refused a card (the sandbox's test cards, docs/sandbox.md "Cards"): the checkout
 * keeps the reason (never the card) and words it as the denial description of spec 2 §8.
 */
export const CARD_DECLINE_REASONS = ['issuerDeclined', 'insufficientFunds'] as const;
export const cardDeclineReasonSchema = z.enum(CARD_DECLINE_REASONS);
export type CardDeclineReason = z.infer<typeof cardDeclineReasonSchema>;

/**
 * Cuotéalo BCP: 124 in the spec's code list (spec 2 §9); 137, the instalment bank, is the method the
 * terminals show as 'Cuotéalo BCP' (spec 3 §2). Both take the same minimum purchase.
 */
export const CUOTEALO_PROVIDER_CODES = [PaymentProvider.cuotealoBcp, PaymentProvider.instalmentBank] as const;
/** The error code (in `errors[].code`) of a booking refused because its total is below the method's minimum. */
export const PAYMENT_BELOW_MINIMUM = 'PAYMENT_BELOW_MINIMUM';

export interface PaymentMinimum {
  amount: number;
  currency: keyof typeof CUOTEALO_MIN_PURCHASE;
}

/** The least a method takes, in the booking's currency: Cuotéalo BCP 100 soles or 30 dollars (spec 2 §9); null when none. */
export function paymentMinimum(paymentCode: number | null, currency: string): PaymentMinimum | null {
  if (paymentCode === null || !(CUOTEALO_PROVIDER_CODES as readonly number[]).includes(paymentCode)) return null;
  if (currency !== 'PEN' && currency !== 'USD') return null;
  return { amount: CUOTEALO_MIN_PURCHASE[currency], currency };
}

/**
 * The one rule the checkout and the server apply: the minimum a total misses with this method, or null
 * when the method takes it (the server owns it and refuses with PAYMENT_BELOW_MINIMUM).
 */
export function paymentBelowMinimum(paymentCode: number | null, total: number, currency: string): PaymentMinimum | null {
  const minimum = paymentMinimum(paymentCode, currency);
  return minimum && Math.round(total * 100) < Math.round(minimum.amount * 100) ? minimum : null;
}

export function needsDuplicateNameCheck(profileId: string): boolean {
  return (DUPLICATE_NAME_PROFILE_IDS as readonly string[]).includes(profileId);
}

export function needsPersonalDataAuthorization(engineId: string, profileId: string): boolean {
  const ids = PERSONAL_DATA_AUTHORIZATION_IDS as readonly string[];
  return ids.includes(engineId) || ids.includes(profileId);
}

export interface PaymentMethodContext {
  /** pos.systemProviderCode of the recommendation. */
  systemProviderCode: number;
  validatingAirline: string;
  /** First departure date (YYYY-MM-DD) and the business day in Lima. */
  startDate: string;
  today: string;
  /** Booking total in US$ (Yape below 500). */
  total: number;
}

export interface CheckoutPaymentMethods {
  methods: PaymentMethod[];
  /** The method preselected when methods load (spec 2 §4). */
  defaultCode: number | null;
  yapeAvailable: boolean;
}

/** Yape is offered only below a total of US$ 500 (its service limit is S/2000 a day; spec 2 §9, spec 3 §9). */
export function yapeAvailableFor(total: number): boolean {
  return total < YAPE_MAX_TOTAL_USD;
}

/** 121 stays only for providers 100/102 and when the validating airline is not UX or AR (spec 2 §9). */
export function ripleyAllowed(systemProviderCode: number, validatingAirline: string): boolean {
  return (
    (RIPLEY_SYSTEM_PROVIDER_CODES as readonly number[]).includes(systemProviderCode) &&
    !(RIPLEY_EXCLUDED_AIRLINES as readonly string[]).includes(validatingAirline.toUpperCase())
  );
}

/** 130 is hidden when the trip starts less than 3 days from today (spec 2 §9). */
export function bankTransferAllowed(startDate: string, today: string): boolean {
  const days = Temporal.PlainDate.from(today).until(Temporal.PlainDate.from(startDate), { largestUnit: 'days' }).days;
  return days >= BANK_TRANSFER_MIN_DAYS_AHEAD;
}

/**
 * The methods a checkout offers, in priority order (0 first, stable within a priority), with the
 * preselected one and the Yape flag. Divídelo's split payment (above US$ 500) has no flow that pays it,
 * so it is not offered (issue #13: a method must be payable, or not offered). Agency terminals get their own list unchanged.
 */
export function checkoutPaymentMethods(
  terminalId: string,
  methods: readonly PaymentMethod[],
  context: PaymentMethodContext,
): CheckoutPaymentMethods {
  const offered = methods
    .filter((method) => method.onlineCode !== PaymentProvider.ripley || ripleyAllowed(context.systemProviderCode, context.validatingAirline))
    .filter((method) => method.onlineCode !== PaymentProvider.bankTransfer || bankTransferAllowed(context.startDate, context.today))
    .map((method, index) => ({ method, index }))
    .sort((a, b) => a.method.priority - b.method.priority || a.index - b.index)
    .map(({ method }) => method);
  const cashDeposit = offered.find((method) => method.onlineCode === PaymentProvider.pagoEfectivo);
  const defaultCode =
    terminalId === CASH_DEPOSIT_DEFAULT_TERMINAL_ID && cashDeposit ? cashDeposit.onlineCode : (offered[0]?.onlineCode ?? null);
  return {
    methods: offered,
    defaultCode,
    yapeAvailable: yapeAvailableFor(context.total),
  };
}

/** GET /api/engines/{terminalId}/payment_methods/checkout query. */
export const checkoutPaymentMethodsQuerySchema = z.object({
  providerCode: z.coerce.number().int().positive(),
  validatingAirline: z.string().regex(/^[A-Za-z0-9]{2}$/, 'Expected a 2-character airline code'),
  startDate: isoDateSchema,
  total: z.coerce.number().nonnegative(),
});
export const checkoutPaymentMethodsResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    terminalId: terminalIdSchema,
    methods: z.array(paymentMethodSchema),
    defaultCode: z.number().int().nullable(),
    yapeAvailable: z.boolean(),
  }),
});
