import { createFileRoute, redirect } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { instalmentResultSchema } from '../features/payment/payment-result.ts';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import { Link } from '../ui/Link.tsx';
import { PaymentFailed } from './-components/PaymentFailed.tsx';

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
  const { t } = useLingui();
  const { result, id } = Route.useParams();
  if (result === 'success') return <OrderResult key={id} sessionID={id} claim={{ kind: 'payment', method: 'instalments' }} />;
  return (
    <PaymentFailed
      actions={
        <Link to="/book/confirmation/$id" params={{ id }} variant="primary">
          {t`See your booking`}
        </Link>
      }
    />
  );
}
