import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../../contract/common.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Price alerts (issue 21): a traveller's e-mail following the cheapest total of one searched route.
 * The e-mail is personal data: an alert not confirmed within a few days, unsubscribed or ended is
 * deleted (with its mails) by the check job. Link tokens are kept only as SHA-256 hashes.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey(),
    /** As the traveller typed it (trimmed): the mails go to it. */
    email: text('email').notNull(),
    /**
     * The address compared (issue 36, domain/email-address.ts): lower-cased, without its +tag, without dots in
     * the local part where the provider ignores them (Gmail). The same canonical address and route is one alert.
     */
    emailCanonical: text('email_canonical').notNull(),
    language: text('language').$type<Language>().notNull(),
    terminalId: text('terminal_id').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureDate: text('departure_date').notNull(),
    /** Null: one way. */
    returnDate: text('return_date'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    cabin: text('cabin').notNull(),
    /** Route, dates, passengers and cabin in one string: with the e-mail, unique. */
    routeKey: text('route_key').notNull(),
    /** The cheapest total when the alert was made, and how far under it a price must fall to be mailed. */
    baselineTotal: money('baseline_total').notNull(),
    dropAmount: money('drop_amount').notNull(),
    lastTotal: money('last_total'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** The last price a drop mail told: only a new low under it is mailed again. */
    lastMailedTotal: money('last_mailed_total'),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** The departure date passed: nothing left to follow. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('price_alerts_canonical_route_idx').on(table.emailCanonical, table.routeKey),
    uniqueIndex('price_alerts_confirm_token_idx').on(table.confirmTokenHash),
    uniqueIndex('price_alerts_unsubscribe_token_idx').on(table.unsubscribeTokenHash),
    index('price_alerts_check_idx').on(table.confirmedAt, table.lastCheckedAt),
  ],
);

/**
 * The recipients of price alert mails by canonical address (issue 36): double opt-in (no drop mail before the
 * address confirmed one of its alerts' links; the first mail to an address is its confirmation, sent again at
 * most once a day while unconfirmed) and a daily cap on the mails of every kind, counted here so that it holds
 * across processes. Deleted by the check job once the address has no alert left.
 */
export const priceAlertRecipients = pgTable('price_alert_recipients', {
  emailCanonical: text('email_canonical').primaryKey(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** When a confirmation mail was last written for this address. */
  lastConfirmationAt: timestamp('last_confirmation_at', { withTimezone: true }),
  /** The business day (America/Lima) `mailsThatDay` counts. */
  mailDay: text('mail_day'),
  mailsThatDay: integer('mails_that_day').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
