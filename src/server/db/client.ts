import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle: services accept either it or the database to run inside a caller's transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… runs on PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
}

/** Opens the database and applies every pending migration before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.url) {
    const pool = new Pool({ connectionString: options.url, max: 10 });
    // An idle pooled connection the server ends (a restart, an administrator) must not crash the
    // process: the pool drops it and opens another on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    // A connection ended while a request holds it (a failover, pg_terminate_backend,
    // idle_in_transaction_session_timeout) emits 'error' on that client: without a listener the
    // process dies. The query in flight fails on its own and the request answers 503.
    pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL ended a busy connection: ${error.message}`)));
    const db = drizzlePg(pool, { schema });
    // drizzle's pool transaction takes a connection and sends BEGIN before its try/finally: a BEGIN on a
    // connection the server has just ended throws, and that connection never goes back to the pool (after
    // a failover, one slot fewer per such request, until the pool hangs). Each transaction here holds its
    // own connection and always gives it back; the pool drops one that no longer works.
    const transaction: typeof db.transaction = async (run, config) => {
      const client = await pool.connect();
      try {
        return await drizzlePg(client, { schema }).transaction(run, config);
      } finally {
        client.release();
      }
    };
    db.transaction = transaction;
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
