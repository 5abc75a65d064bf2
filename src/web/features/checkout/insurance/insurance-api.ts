import { fromPromise } from 'xstate';
import { insuranceProductsResponseSchema, type InsuranceProduct } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * POST /api/engines/universal (spec 2 §7): plan 1 and plan 2 for the trip. Pass to
 * `insuranceMachine.provide({ actors: { loadInsuranceProducts } })` (the checkout's 'insurance' child).
 */
export function insuranceProductsLoader(terminalId: string, session: Pick<Session, 'searchParams' | 'flights' | 'recommendation'>) {
  return fromPromise<InsuranceProduct[], void>(async ({ signal }) => {
    const body = {
      searchParams: session.searchParams,
      engine: { id: terminalId },
      flights: session.flights,
      ...(session.recommendation ? { pos: session.recommendation.pos } : {}),
    };
    const answer = await apiPost('/engines/universal', body, insuranceProductsResponseSchema, signal);
    return answer.data;
  });
}
