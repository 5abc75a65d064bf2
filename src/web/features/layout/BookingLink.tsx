import { useLingui } from '@lingui/react/macro';
import { Link } from '../../ui/Link.tsx';

/** 'See your booking': the way from a result page to its booking's confirmation. */
export function BookingLink({ sessionID }: { sessionID: string }) {
  const { t } = useLingui();
  return (
    <Link to="/book/confirmation/$id" params={{ id: sessionID }} variant="primary">
      {t`See your booking`}
    </Link>
  );
}
