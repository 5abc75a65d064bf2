import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { HomeLink } from './-components/HomeLink.tsx';

export const Route = createFileRoute('/dividelo')({ component: SplitPaymentUnavailable });

/** The spec lists the split-payment page but does not show it: say plainly that this channel does not offer it. */
function SplitPaymentUnavailable() {
  const { t } = useLingui();
  return (
    <StatusPage tone="info" title={t`Split payment is not available`} actions={<HomeLink />}>
      <p>
        {t`Splitting a payment between several cards is not offered on this sales channel. You can pay your booking with any of the payment methods shown at checkout.`}
      </p>
    </StatusPage>
  );
}
