import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PayPalReturn } from '../features/payment/PayPalPayment.tsx';
import { optionalQueryText } from '../lib/url.ts';

/** PayPal's return address names the booking's session (`id`); PayPal adds its order (`token`) and payer. */
const payPalReturnSchema = z.object({ id: optionalQueryText });

export const Route = createFileRoute('/payment/notify/paypal/return')({ validateSearch: payPalReturnSchema, component: PayPalReturnPage });

/** The capture is asked of the server, and the payment shown as the server recorded it. */
function PayPalReturnPage() {
  const { id = '' } = Route.useSearch();
  return <PayPalReturn key={id} sessionID={id} />;
}
