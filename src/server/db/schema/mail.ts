import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../../contract/common.ts';
import { bookings } from './checkout.ts';
import { priceAlerts } from './price-alerts.ts';

export type BookingMailKind = 'booking-confirmed' | 'payment-status' | 'payment-reminder';
/** Price alert mails (issue 21): the address's confirmation link, and a new low of the route. */
export type PriceAlertMailKind = 'price-alert-confirm' | 'price-alert-drop';
/** Mails to the operator (issue 36): a refund is due. */
export type OperatorMailKind = 'refund-due';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * The mail outbox (issue 12): one row per mail, written in the transaction that made the fact it tells
 * (a booking, a payment status), so a crash never loses one; the dedupe key makes a repeated enqueue
 * the same row, so none is doubled. The delivery job claims due pending rows and sends them; without
 * SMTP (development) a sent row is the mailbox itself.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    /** The booking a booking mail tells of; null for a price alert's mail. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The price alert a price alert mail belongs to: deleted with it. */
    priceAlertId: uuid('price_alert_id').references(() => priceAlerts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BookingMailKind | PriceAlertMailKind | OperatorMailKind>().notNull(),
    /** `<booking id>:<kind>` (and `:<status>` for payment status mails): one mail per fact. */
    dedupeKey: text('dedupe_key').notNull(),
    language: text('language').$type<Language>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The itinerary as an iCalendar file, one event per flight segment; null when no flight is known. */
    ics: text('ics'),
    /** One-click unsubscribe (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post. */
    unsubscribeUrl: text('unsubscribe_url'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The last delivery failure, for operators; never holds card data (mails carry none). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_key_idx').on(table.dedupeKey),
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_booking_idx').on(table.bookingId),
    index('mail_outbox_price_alert_idx').on(table.priceAlertId),
  ],
);
