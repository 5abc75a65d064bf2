import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { HomeLink } from './-components/HomeLink.tsx';
import { StatusPage } from '../features/layout/StatusPage.tsx';

export const Route = createFileRoute('/payment/notify/payme/success')({ component: PaymeSuccess });

function PaymeSuccess() {
  const { t } = useLingui();
  return (
    <StatusPage tone="success" title={t`Thank you for your purchase!`} actions={<HomeLink />}>
      <p>{t`Your payment was received. You will receive the confirmation of your booking by e-mail.`}</p>
    </StatusPage>
  );
}
