import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { priceAlertLinkMachine, type PriceAlertLinkAction, type PriceAlertLinkAnswer } from '../../../../machines/price-alert-link.machine.ts';
import { priceAlertErrorCodes, priceAlertLinkResponseSchema } from '../../../contract/price-alerts.ts';
import { apiPost, ApiRequestError } from '../../lib/api.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { PriceAlertLinkView } from './PriceAlertLinkView.tsx';

/** POST /api/price-alerts/{action}/{token}: a malformed token (400) or one not ours (404) is an invalid link. */
export const followLink = fromPromise<PriceAlertLinkAnswer, { action: PriceAlertLinkAction; token: string }>(async ({ input, signal }) => {
  try {
    const { data } = await apiPost(`/price-alerts/${input.action}/${encodeURIComponent(input.token)}`, {}, priceAlertLinkResponseSchema, signal);
    return { kind: 'done', alert: data };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.code === priceAlertErrorCodes.invalidLink || error.status === 400)) return { kind: 'invalid' };
    throw error;
  }
});

/** A price alert mail's link page; the route keys it by token. */
export function PriceAlertLink({ action, token }: { action: PriceAlertLinkAction; token: string }) {
  const actor = useTracedActorRef(priceAlertLinkMachine.provide({ actors: { followLink } }), { input: { action, token } });
  const snapshot = useSelector(actor, (current) => current);
  return <PriceAlertLinkView snapshot={snapshot} send={actor.send} />;
}
