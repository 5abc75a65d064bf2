import { createFileRoute } from '@tanstack/react-router';
import { HomeLink } from './-components/HomeLink.tsx';
import { PaymentFailed } from './-components/PaymentFailed.tsx';

export const Route = createFileRoute('/payment/notify/payme/error')({
  component: function PaymeError() {
    return <PaymentFailed actions={<HomeLink />} />;
  },
});
