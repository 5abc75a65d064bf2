import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { BookingConfirmationView } from './BookingConfirmationView.tsx';
import { bookingConfirmationLogic } from './confirmation-api.ts';

/** The confirmation route's screen: one actor per session id (the route keys it), bound to the view. */
export function BookingConfirmation({ sessionID, process }: { sessionID: string; process: number }) {
  const actor = useTracedActorRef(bookingConfirmationLogic, { input: { sessionID, process } });
  const snapshot = useSelector(actor, (current) => current);
  return <BookingConfirmationView snapshot={snapshot} send={actor.send} />;
}
