import { createFileRoute } from '@tanstack/react-router';
import { ManageBooking } from '../features/manage-booking/ManageBooking.tsx';

export const Route = createFileRoute('/bookings/link/$token')({ component: BookingLinkRoute });

/** A booking's signed, long-lived link (shown on the confirmation page): the booking, personal data masked. */
function BookingLinkRoute() {
  const { token } = Route.useParams();
  return <ManageBooking key={token} token={token} />;
}
