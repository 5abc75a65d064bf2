import { fromPromise } from 'xstate';
import { ancillaryOptionsResponseSchema, type AncillaryBaggageOption } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

/** POST /api/flights/ancillaries — pass to `extraBaggageMachine.provide({ actors: { loadAncillaries } })`. */
export function ancillariesLoader(terminalId: string, session: Pick<Session, 'flights' | 'recommendation' | 'searchParams' | 'selectedFare'>) {
  return fromPromise<AncillaryBaggageOption[], void>(async ({ signal }) => {
    const body = {
      recommendationId: session.selectedFare?.offerId ?? session.recommendation?.id,
      searchParams: session.searchParams,
      engine: { id: terminalId },
      pos: session.recommendation?.pos,
      flights: session.flights,
    };
    const answer = await apiPost('/flights/ancillaries', body, ancillaryOptionsResponseSchema, signal);
    return answer.data;
  });
}

/** The legs of the trip as the baggage options name them (first departure → last arrival of each flight). */
export function baggageLegs(session: Pick<Session, 'flights'>) {
  return (session.flights ?? []).map((flight) => ({
    origin: flight.segments[0]?.departureAirport.code ?? '',
    destination: flight.segments.at(-1)?.arrivalAirport.code ?? '',
  }));
}
