import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { priceAlertMachine, type CreateAlertInput, type PriceAlertAnswer } from '../../../../../machines/price-alert.machine.ts';
import type { Engine } from '../../../../contract/engine.ts';
import { createPriceAlertResponseSchema, priceAlertErrorCodes } from '../../../../contract/price-alerts.ts';
import { apiPost, ApiRequestError } from '../../../lib/api.ts';
import { rateLimitOf } from '../../../../../machines/rate-limit.ts';
import { useTracedActorRef } from '../../../lib/trace.ts';
import { useLanguage } from '../../search/use-language.ts';
import { priceCalendarRequestOf } from '../price-calendar-api.ts';
import type { ResultsSearchState } from '../results-url.ts';
import { PriceAlertView } from './PriceAlertView.tsx';

/** POST /api/price-alerts, its typed refusals read as the machine's answers (anything else fails, to retry). */
export const createAlert = fromPromise<PriceAlertAnswer, CreateAlertInput>(async ({ input, signal }) => {
  const { request, language, email } = input;
  const body = {
    terminalId: request.terminalId,
    origin: request.origin,
    destination: request.destination,
    date: request.date,
    ...(request.returnDate ? { return: request.returnDate } : {}),
    adults: request.adults,
    children: request.children,
    infants: request.infants,
    cabin: request.cabin,
    ...(request.token ? { token: request.token } : {}),
    email,
    language,
  };
  try {
    const { data } = await apiPost('/price-alerts', body, createPriceAlertResponseSchema, signal);
    const { state, ...alert } = data;
    return { kind: state, alert };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === priceAlertErrorCodes.notSold) return { kind: 'notSold' };
    const rateLimited = rateLimitOf(error);
    if (rateLimited) return { kind: 'rateLimited', ...rateLimited };
    throw error;
  }
});

/** "Track price" for the searched route and dates (one way and round trips; multi-city has no single price). */
export function PriceAlert({ search, engine }: { search: ResultsSearchState; engine: Engine }) {
  const request = priceCalendarRequestOf(search, engine.id);
  return request && <TrackPrice key={JSON.stringify(request)} request={request} engine={engine} />;
}

function TrackPrice({ request, engine }: { request: NonNullable<ReturnType<typeof priceCalendarRequestOf>>; engine: Engine }) {
  const language = useLanguage();
  const actorRef = useTracedActorRef(priceAlertMachine.provide({ actors: { createAlert } }), { input: { request, language } });
  const state = useSelector(actorRef, (snapshot) => snapshot);
  return <PriceAlertView state={state} send={actorRef.send} currency={engine.currency} />;
}
