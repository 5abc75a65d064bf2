import { createFileRoute } from '@tanstack/react-router';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import { paymeReturnSchema } from '../features/payment/payment-result.ts';

export const Route = createFileRoute('/payment/notify/payme/success')({ validateSearch: paymeReturnSchema, component: PaymeSuccess });

/** The payment is shown as the server recorded it for that session, never on the address alone. */
function PaymeSuccess() {
  const { id = '' } = Route.useSearch();
  return <OrderResult key={id} sessionID={id} claim={{ kind: 'payment', method: 'payMe' }} />;
}
