import { createFileRoute } from '@tanstack/react-router';
import { OrderResult } from '../features/order-result/OrderResult.tsx';

export const Route = createFileRoute('/seats/all/process/$id')({ component: SeatsBooked });

/** The seats and baggage purchase: shown as booked only when the server stored that answer (spec 3 §4). */
function SeatsBooked() {
  const { id } = Route.useParams();
  return <OrderResult key={id} sessionID={id} claim={{ kind: 'seatBooking', outcome: 'booked' }} />;
}
