import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AncillariesPurchaseRequest, BookSeatsResponse, CreditAuthorizer, InvoiceData, SummaryEntry } from '../../../contract/postsale.ts';
import { bookings } from './checkout.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * An agency's credit line (spec 3 §2, §5, §6: paying extras with cash / credit): its limit and what it owes,
 * in US$. available = limit − debts. A purchase debits it with one conditional UPDATE (debts + amount within
 * the limit, or within limit + authorisation margin when a listed authoriser signs it), so concurrent
 * purchases never overdraw it; the CHECK says so to the database too.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    accountId: text('account_id').primaryKey(),
    /** The engine (terminal) whose orders this line pays; the credit-limit calls take either id. */
    terminalId: text('terminal_id').unique(),
    creditLimit: money('credit_limit').notNull(),
    debts: money('debts').notNull().default(0),
    /** How far beyond the limit an emission with a named authoriser may go. */
    authorisationMargin: money('authorisation_margin').notNull().default(0),
    /** Who may authorise (role-like display names: the spec prints no names). */
    authorizers: jsonb('authorizers').$type<CreditAuthorizer[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('credit_accounts_within_limit', sql`${table.debts} >= 0 and ${table.debts} <= ${table.creditLimit} + ${table.authorisationMargin}`)],
);

/**
 * What an agency's post-sale purchase did (one row per purchase, keyed by booking + idempotency key): its
 * request's hash, what it bought, how it paid, and the answer given (replayed to a repeated submit). A row
 * without a status code is being processed. Cards: brand and last four only, never a number or CVV.
 */
export const postSalePurchases = pgTable(
  'post_sale_purchases',
  {
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    paymentType: text('payment_type').$type<AncillariesPurchaseRequest['paymentOption']>().notNull(),
    /** US$ charged or debited: what was issued, priced by the server. */
    amount: money('amount').notNull().default(0),
    /** transactionStatusCode (1, 2, 3–6); null while the purchase runs. */
    statusCode: integer('status_code'),
    errors: jsonb('errors').$type<Array<{ value: string; code?: string }>>(),
    /** What was issued ('Compra N'); null when nothing was. */
    summary: jsonb('summary').$type<SummaryEntry>(),
    answer: jsonb('answer').$type<BookSeatsResponse>(),
    authorizerId: text('authorizer_id'),
    invoice: jsonb('invoice').$type<InvoiceData>(),
    card: jsonb('card').$type<{ brand: string; last4: string } | null>(),
    authorizationCode: text('authorization_code'),
    creditAccountId: text('credit_account_id'),
    outcomeSessionId: uuid('outcome_session_id'),
    /**
     * A card purchase between its claim and its recorded answer: the request (with the gateway vault's card
     * token, never a number) and what the claim took, so a purchase interrupted mid-charge can be resumed by
     * its reference (services/postsale.ts, resumePurchase). Cleared when the answer is recorded.
     */
    pending: jsonb('pending').$type<{ request: AncillariesPurchaseRequest; issued: unknown }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('post_sale_purchases_booking_key_idx').on(table.bookingId, table.idempotencyKey), index('post_sale_purchases_booking_idx').on(table.bookingId, table.createdAt)],
);

/** One debit of a credit line per purchase (the unique purchase id: once, however often the purchase is sent). */
export const creditLedgerEntries = pgTable('credit_ledger_entries', {
  id: uuid('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => creditAccounts.accountId),
  purchaseId: uuid('purchase_id')
    .notNull()
    .unique()
    .references(() => postSalePurchases.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  authorizerId: text('authorizer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Who owns a seat of a flight segment: one row per segment (its marketing flight and departure) and seat,
 * so two buyers of one seat end with one owner (the second insert finds the first).
 */
export const soldSeats = pgTable(
  'sold_seats',
  {
    flightKey: text('flight_key').notNull(),
    seat: text('seat').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id').references(() => postSalePurchases.id, { onDelete: 'cascade' }),
    segmentIndex: integer('segment_index').notNull(),
    passengerId: text('passenger_id').notNull(),
    price: money('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // One owner per seat, and one seat per passenger and segment of an order (spec 3 §5).
  (table) => [primaryKey({ columns: [table.flightKey, table.seat] }), uniqueIndex('sold_seats_passenger_idx').on(table.bookingId, table.segmentIndex, table.passengerId)],
);

/** Bags bought after booking: one of each code per passenger and flight (a second is refused, status 2). */
export const soldBaggages = pgTable(
  'sold_baggages',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    flightIndex: integer('flight_index').notNull(),
    passengerIndex: integer('passenger_index').notNull(),
    code: text('code').notNull(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => postSalePurchases.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.flightIndex, table.passengerIndex, table.code] })],
);

/**
 * The sandbox card charger's own charges (payments/postsale-card.ts): what a gateway keeps by the charge's
 * reference (our purchase id, a real gateway's idempotency key), so charging one reference again answers
 * the first charge's result and never charges twice.
 */
export const sandboxCardCharges = pgTable('sandbox_card_charges', {
  reference: text('reference').primaryKey(),
  amount: money('amount').notNull(),
  approved: boolean('approved').notNull(),
  authorizationCode: text('authorization_code'),
  description: text('description').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
