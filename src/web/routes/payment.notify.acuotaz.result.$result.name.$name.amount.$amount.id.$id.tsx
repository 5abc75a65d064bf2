import { createFileRoute, redirect } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { instalmentResultSchema } from '../features/payment/payment-result.ts';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { Link } from '../ui/Link.tsx';
import { PaymentFailed } from './-components/PaymentFailed.tsx';

/**
 * ACuotaz charges in soles (spec 2 §9: PEN conversion by exchange rate), written the Peruvian way (S/);
 * a malformed amount is simply not shown.
 */
const amountSchema = z.coerce.number().nonnegative().finite().nullable().catch(null);

export const Route = createFileRoute('/payment/notify/acuotaz/result/$result/name/$name/amount/$amount/id/$id')({
  params: {
    parse: (raw) => ({ ...raw, result: instalmentResultSchema.parse(raw.result), amount: amountSchema.parse(raw.amount) }),
    stringify: ({ amount, ...rest }) => ({ ...rest, amount: amount === null ? '' : String(amount) }),
  },
  beforeLoad: ({ params }) => {
    if (params.result === 'canceled') throw redirect({ to: '/book/confirmation/$id', params: { id: params.id } });
  },
  component: AcuotazResult,
});

function AcuotazResult() {
  const { t, i18n } = useLingui();
  const { result, name, amount, id } = Route.useParams();
  const bookingLink = (
    <Link to="/book/confirmation/$id" params={{ id }} variant="primary">
      {t`See your booking`}
    </Link>
  );
  if (result !== 'success') return <PaymentFailed actions={bookingLink} />;
  const paid = amount === null ? null : new Intl.NumberFormat(`${i18n.locale}-PE`, { style: 'currency', currency: 'PEN' }).format(amount);
  return (
    <StatusPage tone="success" title={t`Thank you, ${name}!`} actions={bookingLink}>
      <p>{paid ? t`Your instalment payment of ${paid} was approved.` : t`Your instalment payment was approved.`}</p>
    </StatusPage>
  );
}
