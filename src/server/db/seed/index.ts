import { engines } from '../schema/index.ts';
import type { Database } from '../client.ts';
import { engineSchema } from '../../../contract/engine.ts';
import { engineFixtures } from '../../../contract/fixtures/engines.ts';
import { seedSearch } from './search.ts';
import { seedCheckout } from './checkout.ts';
import { seedPostSale } from './postsale.ts';

/** Demo data; idempotent, and re-running brings seeded rows back to the shipped values. */
export async function seedDatabase(db: Database): Promise<void> {
  for (const engine of engineFixtures) {
    const config = engineSchema.parse(engine);
    await db.insert(engines).values({ id: config.id, config }).onConflictDoUpdate({ target: engines.id, set: { config } });
  }
  await seedSearch(db);
  await seedCheckout(db);
  await seedPostSale(db);
}
