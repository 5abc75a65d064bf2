import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { StatusPage } from '../../features/layout/StatusPage.tsx';

/** The shared error page of the Payme and Acuotaz returns (spec 3 §8). */
export function PaymentFailed({ actions }: { actions: ReactNode }) {
  const { t } = useLingui();
  return (
    <StatusPage tone="error" title={t`Oops! Something went wrong...`} actions={actions}>
      <p>{t`An error occurred during your payment`}</p>
    </StatusPage>
  );
}
