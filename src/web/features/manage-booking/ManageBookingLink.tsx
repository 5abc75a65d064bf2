import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../ui/Link.tsx';
import { bookingLinkQueryOptions } from './manage-booking-api.ts';

/**
 * The booking's own signed link, on the confirmation page: it keeps working after the checkout
 * session's 30 minutes. Nothing shows until the server has answered it (or if it cannot).
 */
export function ManageBookingLink({ sessionID }: { sessionID: string }) {
  const { t } = useLingui();
  const link = useQuery(bookingLinkQueryOptions(sessionID));
  if (!link.data) return null;
  return (
    <section className="card manage-booking-link" aria-labelledby="manage-booking-link-title">
      <h2 id="manage-booking-link-title">{t`Manage your booking`}</h2>
      <p>{t`Keep this link: it opens your booking at any time, even after this page has expired.`}</p>
      <Link to="/bookings/link/$token" params={{ token: link.data.token }} variant="secondary">
        {t`Manage your booking`}
      </Link>
    </section>
  );
}
