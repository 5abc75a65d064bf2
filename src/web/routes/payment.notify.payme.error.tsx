import { createFileRoute } from '@tanstack/react-router';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import { paymeReturnSchema } from '../features/payment/payment-result.ts';

export const Route = createFileRoute('/payment/notify/payme/error')({ validateSearch: paymeReturnSchema, component: PaymeError });

/** PayMe's decline, shown for a booking the server has and has not seen paid; an unknown id is not found. */
function PaymeError() {
  const { id = '' } = Route.useSearch();
  return <OrderResult key={id} sessionID={id} claim={{ kind: 'payment', method: 'payMe', declined: {} }} />;
}
