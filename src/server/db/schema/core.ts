import { jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import type { Engine } from '../../../contract/engine.ts';
import type { SessionData } from '../../../contract/session.ts';

/** Sales channels (terminals). The whole configuration is one validated document. */
export const engines = pgTable('engines', {
  id: text('id').primaryKey(),
  config: jsonb('config').$type<Engine>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    data: jsonb('data').$type<SessionData>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /** SHA-256 (hex) of the owner key handed to the browser that created the session; null for sessions made before owner keys. */
    ownerKeyHash: text('owner_key_hash'),
  },
  (table) => [index('sessions_last_activity_idx').on(table.lastActivityAt)],
);
