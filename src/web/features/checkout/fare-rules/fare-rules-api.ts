import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { languageOr, type Language } from '../../../../contract/common.ts';
import { fareRulesResponseSchema, type FareRule } from '../../../../contract/checkout.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

/** The fare rules request of spec 2 §7 from the session: every segment of the chosen flights, in the reader's language. */
export function fareRulesRequestOf(session: Pick<Session, 'flights' | 'recommendation' | 'searchParams' | 'selectedFare'>, language: Language) {
  const flights = session.flights ?? [];
  const segments = flights.flatMap((flight, legIndex) =>
    flight.segments.map((segment, segmentIndex) => ({
      departureDateTime: segment.departureDateTime,
      departureAirport: segment.departureAirport.code,
      arrivalAirport: segment.arrivalAirport.code,
      flightNumber: segment.flightNumber,
      marketingAirline: segment.marketingAirline.code,
      bookingClass: segment.bookingClass.code,
      // The offer carries no fare basis per segment: class + brand stands in (the sandbox keys on it).
      fareBasisCode: `${segment.bookingClass.code}${flight.brandedFare?.brandID ?? 'Y'}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 15),
      tripType: session.searchParams?.flightType,
      refNumber: legIndex * 10 + segmentIndex + 1,
    })),
  );
  return {
    segments,
    origin: flights[0]?.segments[0]?.departureAirport.code,
    destination: flights[0]?.segments.at(-1)?.arrivalAirport.code,
    passengers: session.searchParams?.passengers,
    pricing: session.selectedFare?.pricing ?? session.recommendation?.pricing,
    pos: session.recommendation?.pos,
    selectedFare: session.selectedFare ?? null,
    language,
  };
}

/** POST /api/flights/fare_rules?terminalId= — pass to `fareRulesMachine.provide({ actors: { loadFareRules } })`. */
export function fareRulesLoader(terminalId: string, session: Pick<Session, 'flights' | 'recommendation' | 'searchParams' | 'selectedFare'>) {
  return fromPromise<FareRule[], void>(async ({ signal }) => {
    const answer = await apiPost(`/flights/fare_rules?terminalId=${encodeURIComponent(terminalId)}`, fareRulesRequestOf(session, languageOr('en', i18n.locale)), fareRulesResponseSchema, signal);
    return answer.data;
  });
}
