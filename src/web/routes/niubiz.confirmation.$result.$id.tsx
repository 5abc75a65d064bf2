import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { paymentResultSchema } from '../features/payment/payment-result.ts';
import { optionalQueryText } from '../lib/url.ts';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import type { OrderResultClaim } from '../../../machines/order-result.machine.ts';

/**
 * The denial's code in the query string (spec 3 §2 sends a reason): only a code, which the page maps to
 * a text of its own catalogue; the address never puts its words on the page.
 */
const niubizSearchSchema = z.object({ reason: optionalQueryText });

export const Route = createFileRoute('/niubiz/confirmation/$result/$id')({
  params: {
    parse: (raw) => ({ result: paymentResultSchema.parse(raw.result), id: raw.id }),
    stringify: ({ result, id }) => ({ result, id }),
  },
  validateSearch: niubizSearchSchema,
  component: NiubizConfirmation,
});

function NiubizConfirmation() {
  const { result, id } = Route.useParams();
  const { reason } = Route.useSearch();
  // The address alone proves nothing: the page shows a payment, or its decline, only for a booking the server has.
  const claim: OrderResultClaim = result === 'success' ? { kind: 'payment', method: 'card' } : { kind: 'payment', method: 'card', declined: { reasonCode: reason } };
  return <OrderResult key={`${result}:${id}`} sessionID={id} claim={claim} />;
}
