import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../../contract/common.ts';
import { bookings } from './checkout.ts';

export type BookingMailKind = 'booking-confirmed' | 'payment-status' | 'payment-reminder';
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
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BookingMailKind>().notNull(),
    /** `<booking id>:<kind>` (and `:<status>` for payment status mails): one mail per fact. */
    dedupeKey: text('dedupe_key').notNull(),
    language: text('language').$type<Language>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The itinerary as an iCalendar file, one event per flight segment; null when no flight is known. */
    ics: text('ics'),
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
  ],
);
