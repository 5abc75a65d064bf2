import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { AcuotazAccess, AcuotazEvent, acuotazPaymentMachine } from '../../../../machines/acuotaz-payment.machine.ts';
import type { AcuotazPage } from '../../../contract/acuotaz.ts';
import type { Language } from '../../../contract/common.ts';
import { formatMoney, PERUVIAN_SOLES } from '../../../contract/money.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { acuotazPaymentLogic } from './acuotaz-api.ts';
import './acuotaz.css';

export interface AcuotazPaymentViewProps {
  snapshot: SnapshotFrom<typeof acuotazPaymentMachine>;
  send: (event: AcuotazEvent) => void;
}

/** What ACuotaz charges: the order's dollars in soles at the exchange rate of the day it names. */
function SolesQuote({ page }: { page: AcuotazPage }) {
  const { t } = useLingui();
  const soles = formatMoney(page.amount, PERUVIAN_SOLES, 'detail');
  const exchange = page.exchangeRate.toFixed(3);
  const day = page.rateDate;
  return <p>{t`You pay ${soles} in instalments with ACuotaz (exchange rate ${exchange} of ${day}).`}</p>;
}

/**
 * A pending ACuotaz order (125): its page in a frame on the tab (the payment-frame view) or, when the
 * traveller prefers, a link that opens it in a new tab (the link view).
 */
export function AcuotazPaymentView({ snapshot, send }: AcuotazPaymentViewProps) {
  const { t } = useLingui();
  const { page } = snapshot.context;
  return (
    <section className="payment-order__acuotaz" aria-labelledby="payment-acuotaz-title">
      <h4 id="payment-acuotaz-title">{t`Pay in instalments with ACuotaz`}</h4>
      {snapshot.matches('loading') && <Spinner label={t`Preparing your ACuotaz payment`} />}
      {page && snapshot.matches('framed') && (
        <>
          <SolesQuote page={page} />
          {/* The provider's page posts its answer and takes the whole window to the result page: forms and a top navigation the traveller starts. */}
          <iframe className="payment-order__acuotaz-frame" src={page.url} title={t`ACuotaz payment`} sandbox="allow-forms allow-same-origin allow-top-navigation-by-user-activation" />
          <div className="payment-order__acuotaz-actions">
            <Button variant="secondary" onPress={() => send({ type: 'view.link' })}>
              {t`Open ACuotaz in a new tab instead`}
            </Button>
          </div>
        </>
      )}
      {page && snapshot.matches('linked') && (
        <>
          <SolesQuote page={page} />
          <p>{t`ACuotaz opens in a new tab: choose your instalments there and approve the payment. This booking shows the result once ACuotaz confirms it.`}</p>
          <div className="payment-order__acuotaz-actions">
            <a className="button button--primary" href={page.url} target="_blank" rel="noopener noreferrer">
              {t`Open ACuotaz in a new tab`}
            </a>
            <Button variant="secondary" onPress={() => send({ type: 'view.frame' })}>
              {t`Pay on this page`}
            </Button>
          </div>
        </>
      )}
      {snapshot.matches('notPending') && <p role="alert">{t`This payment order is no longer waiting for payment.`}</p>}
      {snapshot.matches('failed') && (
        <div role="alert">
          <p>
            <strong>{t`Oops! Something went wrong...`}</strong>
          </p>
          <p>{t`The ACuotaz payment could not be prepared.`}</p>
          <Button variant="secondary" onPress={() => send({ type: 'page.retry' })}>
            {t`Try again`}
          </Button>
        </div>
      )}
    </section>
  );
}

export function AcuotazPayment({ access, language }: { access: AcuotazAccess; language: Language }) {
  const actor = useTracedActorRef(acuotazPaymentLogic, { input: { ...access, language } });
  const snapshot = useSelector(actor, (current) => current);
  return <AcuotazPaymentView snapshot={snapshot} send={actor.send} />;
}
