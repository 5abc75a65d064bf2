import { createFileRoute } from '@tanstack/react-router';
import { CheckoutScreen } from '../features/checkout/CheckoutScreen.tsx';
import { checkoutSearchSchema } from '../features/checkout/checkout-url.ts';

export const Route = createFileRoute('/checkout/$id')({
  validateSearch: checkoutSearchSchema,
  component: function ConsumerCheckout() {
    return <CheckoutScreen id={Route.useParams().id} business={false} />;
  },
});
