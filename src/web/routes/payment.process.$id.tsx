import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { BookingStepPage } from '../features/layout/BookingStepPage.tsx';
import { SessionReference } from '../features/layout/SessionReference.tsx';

export const Route = createFileRoute('/payment/process/$id')({ component: PaymentProcess });

/** Spec 3 §2: the waiting page between booking and the payment provider's own page. */
function PaymentProcess() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return (
    <BookingStepPage step={2} title={t`Taking you to the payment page`}>
      <section className="card" aria-labelledby="payment-process-title">
        <h2 id="payment-process-title">{t`Your payment`}</h2>
        <output>{t`Preparing your payment. Please do not close this window.`}</output>
        <SessionReference sessionId={id} />
      </section>
    </BookingStepPage>
  );
}
