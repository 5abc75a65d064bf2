import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '../../../contract/common.ts';
import { engines } from './core.ts';

/**
 * API keys agencies use to obtain search tokens (docs/agency-tokens.md). Only the SHA-256 of the
 * key is stored; the key itself is shown once when it is created.
 */
export const agencyApiKeys = pgTable(
  'agency_api_keys',
  {
    id: text('id').primaryKey(),
    terminalId: text('terminal_id')
      .notNull()
      .references(() => engines.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    label: text('label').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('agency_api_keys_terminal_idx').on(table.terminalId)],
);

/** Markup rules per agency terminal (spec 1 §3 "Markup"), applied by /api/flights/markups/apply. */
export const markupRules = pgTable(
  'markup_rules',
  {
    id: text('id').primaryKey(),
    terminalId: text('terminal_id')
      .notNull()
      .references(() => engines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name in other page languages (the channel's own is `name`): no Spanish words on an English page. */
    nameTranslations: jsonb('name_translations').$type<Partial<Record<Language, string>>>(),
    /** Online code of the payment method it is limited to; null for every method. */
    paymentMethod: integer('payment_method'),
    /** Validating airline it is limited to; null for every airline. */
    airlineCode: text('airline_code'),
    value: doublePrecision('value').notNull(),
    perBooking: boolean('per_booking').notNull(),
    percentage: boolean('percentage').notNull(),
    appliesToBase: boolean('applies_to_base').notNull(),
    passengerTypes: jsonb('passenger_types').$type<Array<'ADT' | 'CHD' | 'INF'>>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('markup_rules_terminal_idx').on(table.terminalId)],
);
