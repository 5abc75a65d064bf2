import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { engines } from '../db/schema/index.ts';
import { errorCodes } from '../../contract/common.ts';
import { engineSchema, type Engine } from '../../contract/engine.ts';
import { ApiFailure } from '../errors.ts';
import { paymentFlowOf } from '../payments/registry.ts';

/**
 * How long a process keeps a sales channel's configuration: every search, session and booking reads its
 * channel, and reading and parsing it from the database was most of a search's database time (issue 38).
 * Channels are configuration, changed by an operator in the database: a change reaches every process
 * within this time.
 */
export const ENGINE_CACHE_MS = 5_000;
const storedEngines = new WeakMap<Database, Map<string, { engine: Promise<Engine | null>; readAt: number }>>();

/** A channel's stored configuration, parsed, read again once it is ENGINE_CACHE_MS old; null for no such channel. */
function storedEngine(db: Database, id: string, now: number): Promise<Engine | null> {
  let byId = storedEngines.get(db);
  if (!byId) storedEngines.set(db, (byId = new Map()));
  const cached = byId.get(id);
  if (cached && now - cached.readAt < ENGINE_CACHE_MS) return cached.engine;
  const engine = db
    .select()
    .from(engines)
    .where(eq(engines.id, id))
    .then(([row]) => (row ? engineSchema.parse(row.config) : null));
  // An unknown channel (anyone may name one) or a failed read is not kept.
  const entry = { engine, readAt: now };
  byId.set(id, entry);
  void engine.then(
    (found) => found === null && byId.get(id) === entry && byId.delete(id),
    () => byId.get(id) === entry && byId.delete(id),
  );
  return engine;
}

/**
 * A sales channel as this deployment sells through it: only the methods that have a flow paying them under
 * the configured gateway (payments/registry.ts), rather than offered and unpayable. Without a card gateway
 * (production with no real gateway's credentials) that leaves out every card method. The browser, the
 * payment lists and the booking all read this.
 */
export async function findEngine(deps: Pick<AppDeps, 'db' | 'sandboxPaymentSecret' | 'niubiz' | 'payPal'>, id: string): Promise<Engine> {
  const engine = await storedEngine(deps.db, id, Date.now());
  if (!engine) throw new ApiFailure(404, errorCodes.engineNotFound, `No sales channel has the terminal id ${id}.`);
  return { ...engine, paymentMethods: engine.paymentMethods.filter((method) => paymentFlowOf(deps, method.onlineCode) !== null), cardVault: deps.sandboxPaymentSecret !== undefined };
}

export async function listCountryTerminals(db: Database) {
  const rows = await db.select().from(engines);
  return rows
    .map((row) => engineSchema.parse(row.config))
    .flatMap((engine) => (engine.defaultForCountry ? [{ countryCode: engine.defaultForCountry, terminalId: engine.id }] : []))
    .sort((a, b) => a.countryCode.localeCompare(b.countryCode));
}
