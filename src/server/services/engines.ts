import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { engines } from '../db/schema/index.ts';
import { errorCodes } from '../../contract/common.ts';
import { engineSchema, type Engine } from '../../contract/engine.ts';
import { ApiFailure } from '../errors.ts';
import { paymentFlowOf } from '../payments/registry.ts';

/**
 * A sales channel as this deployment sells through it: only the methods that have a flow paying them under
 * the configured gateway (payments/registry.ts), rather than offered and unpayable. Without a card gateway
 * (production with no real gateway's credentials) that leaves out every card method. The browser, the
 * payment lists and the booking all read this.
 */
export async function findEngine(deps: Pick<AppDeps, 'db' | 'sandboxPaymentSecret' | 'niubiz' | 'payPal'>, id: string): Promise<Engine> {
  const [row] = await deps.db.select().from(engines).where(eq(engines.id, id));
  if (!row) throw new ApiFailure(404, errorCodes.engineNotFound, `No sales channel has the terminal id ${id}.`);
  const engine = engineSchema.parse(row.config);
  return { ...engine, paymentMethods: engine.paymentMethods.filter((method) => paymentFlowOf(deps, method.onlineCode) !== null), cardVault: deps.sandboxPaymentSecret !== undefined };
}

export async function listCountryTerminals(db: Database) {
  const rows = await db.select().from(engines);
  return rows
    .map((row) => engineSchema.parse(row.config))
    .flatMap((engine) => (engine.defaultForCountry ? [{ countryCode: engine.defaultForCountry, terminalId: engine.id }] : []))
    .sort((a, b) => a.countryCode.localeCompare(b.countryCode));
}
