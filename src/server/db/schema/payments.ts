import { index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RefundDueReason } from '../../../contract/manage-booking.ts';
import { bookings, paymentOrders } from './checkout.ts';

/**
 * Our side of a wallet payment (PayPal, 139): the provider's order made for one of our payment orders.
 * One per payment order, so every "Pay with PayPal" press continues the same provider order.
 */
export const walletPayments = pgTable('wallet_payments', {
  paymentOrderNumber: text('payment_order_number')
    .primaryKey()
    .references(() => paymentOrders.number, { onDelete: 'cascade' }),
  providerCode: integer('provider_code').notNull(),
  providerOrderId: text('provider_order_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Provider notifications (webhooks) already taken: a redelivered event id is acknowledged and ignored. */
export const paymentNotifications = pgTable('payment_notifications', {
  eventId: text('event_id').primaryKey(),
  providerCode: integer('provider_code').notNull(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

export type SandboxPayPalStatus = 'CREATED' | 'APPROVED' | 'COMPLETED';

/**
 * The sandbox's stand-in for PayPal's own order store (paypal-sandbox.ts): what PayPal would keep on its
 * side. The request id makes a create replayed with the same PayPal-Request-Id the same order.
 */
export const sandboxPayPalOrders = pgTable('sandbox_paypal_orders', {
  id: text('id').primaryKey(),
  requestId: text('request_id').notNull().unique(),
  status: text('status').$type<SandboxPayPalStatus>().notNull(),
  /** The create request as PayPal received it (amount, items, return and cancel addresses). */
  request: jsonb('request').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type CardCheckoutStatus = 'open' | 'authorizing' | 'authorized' | 'denied';

/**
 * One card checkout of a payment order (the card provider flow of spec 3, Niubiz): the session the
 * gateway opened for the order's amount, and what its authorisation answered. Each 'Realizar pago' opens a
 * new one with its own purchase number (the gateway refuses a purchase number twice). Holds the brand,
 * the masked number (first six and last four) and the gateway's codes: never a card number or CVV.
 */
export const cardCheckouts = pgTable('card_checkouts', {
  sessionKey: text('session_key').primaryKey(),
  purchaseNumber: text('purchase_number').notNull().unique(),
  paymentOrderNumber: text('payment_order_number')
    .notNull()
    .references(() => paymentOrders.number, { onDelete: 'cascade' }),
  providerCode: integer('provider_code').notNull(),
  /** The order's amount when the session was opened: what the gateway authorises, whatever a client says. */
  amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<CardCheckoutStatus>().notNull(),
  /** The authorisation's answer as shown to the payer (approved or denied), replayed to a repeated call. */
  authorization: jsonb('authorization'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The PagoEfectivo cash code (CIP) of a payment order (102): made once per order, with the provider's
 * voucher page and the code's expiry (the order's deadline, at most six hours: spec 3 §9). The provider's
 * notifications name the CIP; this row leads them to the order.
 */
export const cashPaymentCodes = pgTable('cash_payment_codes', {
  paymentOrderNumber: text('payment_order_number')
    .primaryKey()
    .references(() => paymentOrders.number, { onDelete: 'cascade' }),
  providerCode: integer('provider_code').notNull(),
  cip: text('cip').notNull().unique(),
  cipUrl: text('cip_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Why money is owed back: a payment arrived for an order that had expired, was cancelled or was already
 * paid by another payment; or extras were paid on a booking that then expired or was cancelled.
 */
export type { RefundDueReason } from '../../../contract/manage-booking.ts';

/**
 * Money taken that is owed back (issue 36), never silently kept nor dropped: one row per provider payment
 * (its reference is unique, so a retried notification adds none), written in the transaction that learnt of
 * it, with the operator's mail (mail/refund-due.ts). The manage-booking page tells the traveller.
 */
export const refundsDue = pgTable(
  'refunds_due',
  {
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** The payment order the payment was for; null for extras bought after booking. */
    paymentOrderNumber: text('payment_order_number').references(() => paymentOrders.number),
    /** Who holds the money: a payment provider's name, or the post-sale card / credit line. */
    provider: text('provider').notNull(),
    /** The provider's reference of the payment (a CIP, a transfer id, an operation id, a purchase id). */
    paymentReference: text('payment_reference').notNull().unique(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<RefundDueReason>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('refunds_due_booking_idx').on(table.bookingId)],
);
