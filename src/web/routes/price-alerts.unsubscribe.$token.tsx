import { createFileRoute } from '@tanstack/react-router';
import { PriceAlertLink } from '../features/price-alerts/PriceAlertLink.tsx';

export const Route = createFileRoute('/price-alerts/unsubscribe/$token')({ component: UnsubscribePriceAlertRoute });

/** The unsubscribe link of a price drop mail (issue 21): no more mails of that alert. */
function UnsubscribePriceAlertRoute() {
  const { token } = Route.useParams();
  return <PriceAlertLink key={token} action="unsubscribe" token={token} />;
}
