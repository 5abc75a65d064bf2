import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import { optionalQueryText } from '../lib/url.ts';

/** PayMe's return names the booking's session (`id`); without it no payment can be shown. */
const paymeReturnSchema = z.object({ id: optionalQueryText });

export const Route = createFileRoute('/payment/notify/payme/success')({ validateSearch: paymeReturnSchema, component: PaymeSuccess });

/** The payment is shown as the server recorded it for that session, never on the address alone. */
function PaymeSuccess() {
  const { id = '' } = Route.useSearch();
  return <OrderResult key={id} sessionID={id} claim={{ kind: 'payment', method: 'payMe' }} />;
}
