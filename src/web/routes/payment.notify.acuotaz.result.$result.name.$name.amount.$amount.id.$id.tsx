import { createFileRoute, redirect } from '@tanstack/react-router';
import { instalmentResultSchema } from '../features/payment/payment-result.ts';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import type { OrderResultClaim } from '../../../machines/order-result.machine.ts';

/**
 * ACuotaz sends the traveller back with the outcome, their name and the amount in the address; anyone
 * can write those, so a success is shown only as the server recorded it, and the name and amount are
 * not repeated.
 */
export const Route = createFileRoute('/payment/notify/acuotaz/result/$result/name/$name/amount/$amount/id/$id')({
  params: {
    parse: (raw) => ({ ...raw, result: instalmentResultSchema.parse(raw.result) }),
    stringify: (params) => params,
  },
  beforeLoad: ({ params }) => {
    if (params.result === 'canceled') throw redirect({ to: '/book/confirmation/$id', params: { id: params.id } });
  },
  component: AcuotazResult,
});

function AcuotazResult() {
  const { result, id } = Route.useParams();
  const claim: OrderResultClaim = result === 'success' ? { kind: 'payment', method: 'instalments' } : { kind: 'payment', method: 'instalments', declined: {} };
  return <OrderResult key={`${result}:${id}`} sessionID={id} claim={claim} />;
}
