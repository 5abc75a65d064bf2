import { fromPromise } from 'xstate';
import { ancillaryOptionsResponseSchema, type AncillaryBaggageOption } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * Spec 2 §2: extra baggage is sold for one provider (107, LATAM NDC) and only on two terminals whose ids
 * the spec does not name. We pick the Peruvian consumer terminal 9132868 and the agency terminal
 * 2113855 (both listed among the special terminals of spec 2 §6, and both sell LATAM NDC).
 */
export const EXTRA_BAGGAGE_TERMINAL_IDS = ['9132868', '2113855'] as const;
export const EXTRA_BAGGAGE_PROVIDER_CODE = 107;

export function extraBaggageOffered(terminalId: string, systemProviderCode: number | undefined): boolean {
  return systemProviderCode === EXTRA_BAGGAGE_PROVIDER_CODE && (EXTRA_BAGGAGE_TERMINAL_IDS as readonly string[]).includes(terminalId);
}

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
