import { fromPromise } from 'xstate';
import { insuranceProductsResponseSchema, type InsuranceProduct } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * POST /api/engines/universal (spec 2 §7): plan 1 and plan 2 for the trip. Pass to
 * `insuranceMachine.provide({ actors: { loadInsuranceProducts } })` (the checkout's 'insurance' child).
 */
type InsuranceSession = Pick<Session, 'searchParams' | 'flights' | 'recommendation'>;

/** `session` may be a getter: the checkout spawns the insurance child only after its session loads. */
export function insuranceProductsLoader(terminalId: string, session: InsuranceSession | (() => InsuranceSession | null)) {
  return fromPromise<InsuranceProduct[], void>(async ({ signal }) => {
    const loaded = typeof session === 'function' ? session() : session;
    if (!loaded) throw new Error('The checkout session is not loaded yet');
    const body = {
      searchParams: loaded.searchParams,
      engine: { id: terminalId },
      flights: loaded.flights,
      ...(loaded.recommendation ? { pos: loaded.recommendation.pos } : {}),
    };
    const answer = await apiPost('/engines/universal', body, insuranceProductsResponseSchema, signal);
    return answer.data;
  });
}
