import { queryOptions } from '@tanstack/react-query';
import { Temporal } from 'temporal-polyfill';
import { exchangeRateResponseSchema } from '../../../../contract/checkout.ts';
import { checkoutPaymentMethods, type CheckoutPaymentMethods } from '../../../../contract/checkout-policy.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiGet } from '../../../lib/api.ts';

/** Yesterday in Lima: ACuotaz (125) converts at the rate published for it (spec 2 §7). */
export const yesterdayInLima = (today = Temporal.Now.plainDateISO('America/Lima')) => today.subtract({ days: 1 }).toString();

/** GET /api/engines/payment/rates/{date}: USD → PEN. */
export const exchangeRateQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['exchange-rate', date],
    queryFn: ({ signal }) => apiGet(`/engines/payment/rates/${date}`, exchangeRateResponseSchema, signal).then((answer) => answer.data),
    staleTime: 60 * 60_000,
  });

/**
 * The methods this checkout offers, by the shared policy (the server applies the same one when it
 * books): the engine's methods, the offer's provider and validating airline, the first departure and
 * the total.
 */
export function paymentMethodsFor(engine: Engine, session: Pick<Session, 'recommendation' | 'flights'>, today: string, total: number): CheckoutPaymentMethods {
  return checkoutPaymentMethods(engine.id, engine.paymentMethods, {
    systemProviderCode: session.recommendation?.pos.systemProviderCode ?? 0,
    validatingAirline: session.recommendation?.pricing.validatingAirline ?? '',
    startDate: (session.flights?.[0]?.departureDateTime ?? `${today}T00:00`).slice(0, 10),
    today,
    total,
  });
}

/** The default method first, then the policy's priority order (spec 2 §9 "selected codes first"). */
export function orderedMethods(offer: CheckoutPaymentMethods) {
  const first = offer.methods.filter((method) => method.onlineCode === offer.defaultCode);
  return [...first, ...offer.methods.filter((method) => method.onlineCode !== offer.defaultCode)];
}
