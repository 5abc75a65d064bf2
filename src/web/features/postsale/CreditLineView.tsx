import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { CreditLineEvent, creditLineMachine } from '../../../../machines/credit-line.machine.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PageHeading } from '../layout/PageHeading.tsx';

export interface CreditLineViewProps {
  snapshot: SnapshotFrom<typeof creditLineMachine>;
  send: (event: CreditLineEvent) => void;
}

/** 'Mi línea de crédito': the agency's available credit and debts (US$, 2 decimals). */
export function CreditLineView({ snapshot, send }: CreditLineViewProps) {
  const { t } = useLingui();
  const { credit } = snapshot.context;
  return (
    <section className="page-section" aria-labelledby="credit-line-title">
      <PageHeading id="credit-line-title">{t`My credit line`}</PageHeading>
      <div className="card">
        {snapshot.matches('loading') && <Spinner label={t`Loading your credit line`} />}
        {snapshot.matches('shown') && credit && (
          <dl className="facts">
            <div>
              <dt>{t`Available credit`}</dt>
              <dd>{formatMoney(credit.available, US_DOLLARS, 'detail')}</dd>
            </div>
            <div>
              <dt>{t`Debts`}</dt>
              <dd>{formatMoney(credit.debts, US_DOLLARS, 'detail')}</dd>
            </div>
          </dl>
        )}
        {snapshot.matches('none') && <p>{t`This agency has no credit line.`}</p>}
        {snapshot.matches('failed') && (
          <div role="alert">
            <p>{t`Your credit line could not be loaded.`}</p>
            <Button onPress={() => send({ type: 'credit.retry' })}>{t`Try again`}</Button>
          </div>
        )}
      </div>
    </section>
  );
}
