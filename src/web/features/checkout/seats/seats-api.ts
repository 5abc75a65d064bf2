import { fromPromise } from 'xstate';
import { seatMapResponseSchema, type SeatMap, type SeatMapRequestInput } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

export type SeatSession = Pick<Session, 'sessionID' | 'flights' | 'recommendation' | 'searchParams' | 'selectedFare'>;

/** POST /api/flights/seats — pass to `seatPickerMachine.provide({ actors: { loadSeatMap } })`. */
export function seatMapLoader(terminalId: string, session: SeatSession) {
  return fromPromise<SeatMap, void>(async ({ signal }) => {
    const body: Partial<SeatMapRequestInput> = {
      recommendation: session.recommendation,
      searchParams: session.searchParams,
      flights: session.flights,
      engine: { id: terminalId },
      sessionID: session.sessionID,
      selectedFare: session.selectedFare ?? null,
    };
    const answer = await apiPost('/flights/seats', body, seatMapResponseSchema, signal);
    return answer.data;
  });
}
