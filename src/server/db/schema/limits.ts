import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits, one row per limited key and fixed window. They live in the
 * database so that every API process behind a load balancer counts against the same limit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Rule name and what it counts: `search:client:203.0.113.7`, `token:terminal:2113855`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
