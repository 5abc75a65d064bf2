import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { useLanguage } from '../search/use-language.ts';
import { paymentProcessLogic } from './payment-process-api.ts';
import { PaymentProcessView } from './PaymentProcessView.tsx';

/** The payment waiting route's screen: one actor per session id (the route keys it), bound to the view. */
export function PaymentProcess({ sessionID }: { sessionID: string }) {
  const actor = useTracedActorRef(paymentProcessLogic, { input: { sessionID, language: useLanguage() } });
  const snapshot = useSelector(actor, (current) => current);
  return <PaymentProcessView snapshot={snapshot} send={actor.send} />;
}
