import { duffelConfigOf, type DuffelConfig } from './duffel/client.ts';
import { createDuffelSupplier } from './duffel/index.ts';
import { DUFFEL_ID_PREFIX } from './duffel/map.ts';
import { createMultiSupplier } from './multi.ts';
import type { Supplier } from './port.ts';
import { createSandboxSupplier } from './sandbox/index.ts';

/** The sandbox's offer ids start so (sandbox/offers.ts encodeOfferId). */
export const SANDBOX_ID_PREFIX = 'sbx.';

/**
 * Who sells the flights: the sandbox alone (nothing configured: exactly as before issue 17), or the
 * sandbox and Duffel searched together when DUFFEL_ACCESS_TOKEN is set (README "Real flight supplier:
 * Duffel"). The sandbox waits up to the search deadline; Duffel up to its own request time limit.
 */
export function configuredSupplier(env: Record<string, string | undefined>, options: { searchDeadlineMs: number; sandbox?: Supplier; duffel?: DuffelConfig }): Supplier {
  const sandbox = options.sandbox ?? createSandboxSupplier();
  const duffel = options.duffel ?? duffelConfigOf(env);
  if (!duffel) return sandbox;
  // Each supplier's deadline falls just inside the search's own, so a late one is left out rather than failing the search.
  const within = Math.max(1, options.searchDeadlineMs - 250);
  return createMultiSupplier([
    { code: 'sandbox', idPrefix: SANDBOX_ID_PREFIX, supplier: sandbox, searchDeadlineMs: within },
    { code: 'duffel', idPrefix: DUFFEL_ID_PREFIX, supplier: createDuffelSupplier(duffel), searchDeadlineMs: Math.min(duffel.requestTimeoutMs, within) },
  ]);
}
