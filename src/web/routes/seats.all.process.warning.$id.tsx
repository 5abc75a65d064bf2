import { createFileRoute } from '@tanstack/react-router';
import { OrderResult } from '../features/order-result/OrderResult.tsx';

export const Route = createFileRoute('/seats/all/process/warning/$id')({ component: SeatsWarning });

/** Seat booking answered status 2 (spec 3 §4): shown only when the server stored that answer, with its reason. */
function SeatsWarning() {
  const { id } = Route.useParams();
  return <OrderResult key={id} sessionID={id} claim={{ kind: 'seatBooking', outcome: 'warning' }} />;
}
