import { useSelector } from '@xstate/react';
import { useTracedActorRef } from '../../lib/trace.ts';
import { manageBookingLogic } from './manage-booking-api.ts';
import { ManageBookingView } from './ManageBookingView.tsx';

/** The manage-booking screens: the form (no token) or a signed link's booking; the route keys the actor by token. */
export function ManageBooking({ token }: { token: string | null }) {
  const actor = useTracedActorRef(manageBookingLogic, { input: { token } });
  const snapshot = useSelector(actor, (current) => current);
  return <ManageBookingView snapshot={snapshot} send={actor.send} />;
}
