import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../features/checkout/CheckoutScreen.tsx';
import { checkoutSearchSchema } from '../features/checkout/checkout-url.ts';

export const Route = createFileRoute('/b/checkout/$id')({
  validateSearch: checkoutSearchSchema,
  component: function AgencyCheckout() {
    return <CheckoutScreen id={Route.useParams().id} business />;
  },
});
