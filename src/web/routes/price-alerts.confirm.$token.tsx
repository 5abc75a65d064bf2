import { createFileRoute } from '@tanstack/react-router';
import { PriceAlertLink } from '../features/price-alerts/PriceAlertLink.tsx';

export const Route = createFileRoute('/price-alerts/confirm/$token')({ component: ConfirmPriceAlertRoute });

/** The link of a price alert's confirmation mail (issue 21): the alert starts. */
function ConfirmPriceAlertRoute() {
  const { token } = Route.useParams();
  return <PriceAlertLink key={token} action="confirm" token={token} />;
}
