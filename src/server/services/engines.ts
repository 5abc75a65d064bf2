import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { engines } from '../db/schema/index.ts';
import { errorCodes } from '../../contract/common.ts';
import { engineSchema, type Engine } from '../../contract/engine.ts';
import { ApiFailure } from '../errors.ts';

export async function findEngine(db: Database, id: string): Promise<Engine> {
  const [row] = await db.select().from(engines).where(eq(engines.id, id));
  if (!row) throw new ApiFailure(404, errorCodes.engineNotFound, `No sales channel has the terminal id ${id}.`);
  return engineSchema.parse(row.config);
}

export async function listCountryTerminals(db: Database) {
  const rows = await db.select().from(engines);
  return rows
    .map((row) => engineSchema.parse(row.config))
    .flatMap((engine) => (engine.defaultForCountry ? [{ countryCode: engine.defaultForCountry, terminalId: engine.id }] : []))
    .sort((a, b) => a.countryCode.localeCompare(b.countryCode));
}
