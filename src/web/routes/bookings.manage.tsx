import { createFileRoute } from '@tanstack/react-router';
import { ManageBooking } from '../features/manage-booking/ManageBooking.tsx';

export const Route = createFileRoute('/bookings/manage')({ component: ManageBookingRoute });

/** Manage my booking (issue 12): find a booking by its PNR and a traveller's last name. */
function ManageBookingRoute() {
  return <ManageBooking token={null} />;
}
