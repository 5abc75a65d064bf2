import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { orderResultMachine, type OrderResultClaim } from '../../../../machines/order-result.machine.ts';
import type { SessionLookup } from '../../../../machines/session-lookup.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { lookUpSession } from '../confirmation/confirmation-api.ts';
import { OrderResultView } from './OrderResultView.tsx';

/** The result machine reading the session the way the confirmation page does. */
const orderResultLogic = orderResultMachine.provide({
  actors: {
    loadSession: fromPromise<SessionLookup, { sessionID: string }>(({ input, signal }) => lookUpSession(input.sessionID, signal)),
  },
});

/** A result route's screen: one actor per session id and claim (the route keys it), bound to the view. */
export function OrderResult({ sessionID, claim }: { sessionID: string; claim: OrderResultClaim }) {
  const actor = useTracedActorRef(orderResultLogic, { input: { sessionID, claim } });
  const snapshot = useSelector(actor, (current) => current);
  return <OrderResultView snapshot={snapshot} send={actor.send} />;
}
