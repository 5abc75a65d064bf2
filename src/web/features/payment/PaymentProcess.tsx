import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { useLanguage } from '../search/use-language.ts';
import { paymentProcessLogic } from './payment-process-api.ts';
import { PaymentProcessView } from './PaymentProcessView.tsx';

/** The payment waiting route's screen: one actor per session id (the route keys it), bound to the view. */
export function PaymentProcess({ sessionID }: { sessionID: string }) {
  const language = useLanguage();
  // The provider's page opens in the language the traveller booked in.
  const [logic] = useState(() => paymentProcessLogic(language));
  const actor = useTracedActorRef(logic, { input: { sessionID } });
  const snapshot = useSelector(actor, (current) => current);
  return <PaymentProcessView snapshot={snapshot} send={actor.send} />;
}
