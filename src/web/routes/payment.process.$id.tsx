import { createFileRoute } from '@tanstack/react-router';
import { PaymentProcess } from '../features/payment/PaymentProcess.tsx';

export const Route = createFileRoute('/payment/process/$id')({ component: PaymentProcessRoute });

/** Spec 3 §2: the waiting page between booking (provider 119) and the payment provider's own page. */
function PaymentProcessRoute() {
  const { id } = Route.useParams();
  return <PaymentProcess key={id} sessionID={id} />;
}
