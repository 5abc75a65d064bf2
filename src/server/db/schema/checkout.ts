import { boolean, date, index, integer, jsonb, numeric, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { BookingSuccess } from '../../../contract/checkout.ts';
import type { PaymentOrderStatus } from '../../../contract/postsale.ts';
import type { BookingTotals } from '../../../contract/checkout-totals.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Order ids (ORD-YYYYMMDD-NNNNNN) and payment order numbers (10 digits) come from one sequence. */
export const bookingNumberSeq = pgSequence('booking_number_seq', { startWith: 2_345_678, increment: 1 });


/** Passengers as far as later flows need them: names and types, never documents or cards. */
export interface BookingPassengerSummary {
  type: 'ADT' | 'CHD' | 'INF';
  firstName: string;
  lastName: string;
}

/**
 * One row per booking. The idempotency key is unique within its session: a double submit of the same
 * checkout finds the first row instead of creating a second one. Keys expire: after 24 h the
 * maintenance job clears them (null), so the same key may start a new booking. A row without a
 * result is a booking in progress (claimed, the supplier being called); failed bookings leave no
 * row, only an attempt.
 * Cards: only the gateway token, brand and last four digits are ever stored (`storedCard`).
 */
/**
 * held: booked unpaid, paid at the supplier once the traveller pays; paid: the supplier is paid; cancelled: the
 * traveller never paid and the supplier cancelled it; kept: never paid, but the supplier would not cancel it.
 */
export type SupplierOrderStatus = 'held' | 'paid' | 'cancelled' | 'kept';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id').notNull(),
    terminalId: text('terminal_id').notNull(),
    idempotencyKey: uuid('idempotency_key'),
    /** SHA-256 of the request: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** SHA-256 of route, dates and passengers: duplicate bookings (1000) and attempts (1007). */
    fingerprint: text('fingerprint').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    pnr: text('pnr'),
    orderId: text('order_id').unique(),
    systemProviderCode: integer('system_provider_code').notNull(),
    paymentProviderCode: integer('payment_provider_code').notNull(),
    paymentOrderNumber: text('payment_order_number'),
    currency: text('currency').notNull().default('USD'),
    totalAmount: money('total_amount'),
    totals: jsonb('totals').$type<BookingTotals>(),
    ticketingTimeLimit: timestamp('ticketing_time_limit', { withTimezone: true }),
    passengers: jsonb('passengers').$type<BookingPassengerSummary[]>().notNull(),
    contactEmail: text('contact_email').notNull(),
    storedCard: jsonb('stored_card').$type<{ token: string; brand: string; last4: string } | null>(),
    isAgency: boolean('is_agency').notNull(),
    /** Same-route attempt number of this booking (spec 3 §4 'attemps'). */
    attempt: integer('attempt').notNull().default(1),
    /** The answer given, replayed to a repeated submit. */
    result: jsonb('result').$type<BookingSuccess>(),
    /** The order a real supplier (Duffel) keeps for this booking, followed after booking (services/supplier-orders.ts). */
    supplierOrderId: text('supplier_order_id'),
    supplierOrderStatus: text('supplier_order_status').$type<SupplierOrderStatus>(),
    /** The last failure of paying or cancelling it at the supplier, for operators (retried every run). */
    supplierOrderError: text('supplier_order_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('bookings_fingerprint_idx').on(table.fingerprint),
    index('bookings_session_idx').on(table.sessionId),
    uniqueIndex('bookings_session_idempotency_key_idx').on(table.sessionId, table.idempotencyKey),
    index('bookings_pnr_idx').on(table.pnr),
    // The supplier-order job looks only at orders still to pay or to cancel.
    index('bookings_supplier_order_idx').on(table.supplierOrderStatus).where(sql`${table.supplierOrderStatus} in ('held', 'paid')`),
  ],
);

/** A quote in the provider's currency: the amount it charges, at the exchange rate of the rate's date. */
export interface ProviderQuote {
  amount: number;
  currency: string;
  exchangeRate: number;
  rateDate: string;
}

/** Payment orders of bookings (spec 3 §3, §4): PP until paid (CPO/SQ), cancelled (POC) or expired (EPO). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    number: text('number').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: text('status').$type<PaymentOrderStatus>().notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    providerCode: integer('provider_code').notNull(),
    url: text('url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The provider's reference of the payment that paid the order (settle.ts): the same payment reported
     * again changes nothing, any other payment on the paid order is a refund due.
     */
    paidBy: text('paid_by'),
    /**
     * What this server quoted for a provider charging in another currency (ACuotaz, 125: the soles at the
     * day's rate), fixed the first time the order's page is made: the provider's notification must match it.
     */
    quote: jsonb('quote').$type<ProviderQuote>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_orders_status_expiry_idx').on(table.status, table.expiresAt), index('payment_orders_booking_idx').on(table.bookingId)],
);

/**
 * Same-route booking attempts per route + dates + passengers (spec 2 §8 1007, spec 3 §4). Only
 * attempts that reached the supplier count, within a window that starts at the first of them.
 */
export const bookingAttempts = pgTable('booking_attempts', {
  fingerprint: text('fingerprint').primaryKey(),
  route: text('route').notNull(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last answer: 1 booked, or the error code. */
  lastStatusCode: integer('last_status_code').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
});

/**
 * Discount coupons with the discount-line fields of spec 3 §3. `amount` is money, or a percentage
 * of the booking total when `percentage`; `rph` is 'providers-paymentMethods-bins', lists comma-separated.
 */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  percentage: boolean('percentage').notNull(),
  perBooking: boolean('per_booking').notNull(),
  rph: text('rph').notNull().default(''),
  brandedFares: jsonb('branded_fares').$type<string[]>().notNull(),
  /** The payment the coupon is for; null for any payment. */
  paymentType: integer('payment_type'),
  /** Switched off coupons answer apply: false. */
  apply: boolean('apply').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  /** Bookings the coupon may discount in all; null for no limit. */
  maxUses: integer('max_uses'),
  /** Bookings one traveller (name + birthdate) may have with it; null for no limit. */
  maxUsesPerTraveller: integer('max_uses_per_traveller'),
});

/**
 * One row per coupon use and traveller of the booking. Written when the booking is claimed, under a
 * lock on the coupon, and removed with the booking when it fails: only made bookings keep a use.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    code: text('code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** SHA-256 of the traveller's normalised names and birthdate. */
    travellerKey: text('traveller_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.code, table.bookingId, table.travellerKey] }), index('coupon_redemptions_traveller_idx').on(table.code, table.travellerKey)],
);

/** USD → PEN rates per day (spec 2 §7: yesterday's rate in Lima). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    date: date('date', { mode: 'string' }).notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: numeric('rate', { precision: 10, scale: 4, mode: 'number' }).notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.date, table.base, table.quote] })],
);

/** Insurance attribute lines as the product shows them (spec 2 §3 atributos). */
export interface InsuranceAttribute {
  description: string;
  amount?: number;
  unidad?: string;
  valor?: string;
}

/**
 * Travel-assistance plans per whitelisted profile (spec 2 §5: insurance only for five profiles).
 * A profile without plans is not offered insurance. Prices per passenger and day, IGV included.
 */
export const insurancePlans = pgTable(
  'insurance_plans',
  {
    profileId: text('profile_id').notNull(),
    productId: text('product_id').notNull(),
    zone: text('zone').$type<'national' | 'international'>().notNull(),
    familyName: text('family_name').notNull(),
    priceDay: numeric('price_day', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<InsuranceAttribute[]>().notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.productId, table.zone] })],
);
