/**
 * The real API on a fresh database for the price-alert tests, with the sandbox world except its price
 * calendar, whose cheapest total the test sets (`world.cheapest`; the sandbox's fares only rise as departure nears).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Supplier } from '../../src/server/supply/port.ts';
import { sandboxSupplier, startTestApi } from '../support/server.ts';

export function usePriceAlertWorld() {
  const world = { cheapest: 300 as number | null, api: null as unknown as Awaited<ReturnType<typeof startTestApi>>, supplier: null as unknown as Supplier };
  world.supplier = { ...sandboxSupplier(), priceCalendar: async (query) => query.pairs.map(() => world.cheapest) };
  beforeAll(async () => {
    world.api = await startTestApi({ supplier: world.supplier });
  });
  afterAll(() => world.api.close());
  return world;
}
