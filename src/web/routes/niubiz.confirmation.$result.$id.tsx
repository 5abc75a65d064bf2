import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { paymentResultSchema } from '../features/payment/payment-result.ts';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { useGoBack } from '../features/layout/useGoBack.ts';
import { optionalQueryText } from '../lib/url.ts';
import { Button } from '../ui/Button.tsx';
import { OrderResult } from '../features/order-result/OrderResult.tsx';

/** The card provider sends the denial description in the query string (spec 3 §2). */
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
  const { t } = useLingui();
  const { result, id } = Route.useParams();
  const { reason } = Route.useSearch();
  const goBack = useGoBack();
  // The address alone proves nothing: the page shows a payment only when the server recorded it.
  if (result === 'success') return <OrderResult key={id} sessionID={id} claim={{ kind: 'payment', method: 'card' }} />;
  return (
    <StatusPage
      tone="error"
      title={t`Your payment order could not be processed`}
      actions={<Button onPress={goBack}>{t`Try again now!`}</Button>}
    >
      {reason && <p>{reason}</p>}
    </StatusPage>
  );
}
