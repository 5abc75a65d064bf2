import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { CuotealoAccess, CuotealoEvent, cuotealoPaymentMachine } from '../../../../machines/cuotealo-payment.machine.ts';
import type { Language } from '../../../contract/common.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { cuotealoPaymentLogic } from './cuotealo-api.ts';

export interface CuotealoPaymentViewProps {
  snapshot: SnapshotFrom<typeof cuotealoPaymentMachine>;
  send: (event: CuotealoEvent) => void;
}

/** A pending Cuotéalo BCP order (137): 'Pagar con Cuotealo' posts the server's encrypted form to the bank's page. */
export function CuotealoPaymentView({ snapshot, send }: CuotealoPaymentViewProps) {
  const { t } = useLingui();
  const { form } = snapshot.context;
  return (
    <section className="payment-order__cuotealo" aria-labelledby="payment-cuotealo-title">
      <h4 id="payment-cuotealo-title">{t`Pay in instalments with Cuotéalo BCP`}</h4>
      {snapshot.matches('loading') && <Spinner label={t`Preparing your Cuotéalo payment`} />}
      {snapshot.matches('ready') && form && (
        <form method="post" action={form.action}>
          <p>{t`You will continue on BCP's page to choose your instalments and approve the payment.`}</p>
          <input type="hidden" name="data" value={form.data} />
          <button type="submit" className="button button--primary">
            {t`Pay with Cuotealo`}
          </button>
        </form>
      )}
      {snapshot.matches('notPending') && <p role="alert">{t`This payment order is no longer waiting for payment.`}</p>}
      {snapshot.matches('failed') && (
        <div role="alert">
          <p>{t`The Cuotéalo payment could not be prepared.`}</p>
          <Button variant="secondary" onPress={() => send({ type: 'form.retry' })}>
            {t`Try again`}
          </Button>
        </div>
      )}
    </section>
  );
}

export function CuotealoPayment({ access, language }: { access: CuotealoAccess; language: Language }) {
  const actor = useTracedActorRef(cuotealoPaymentLogic, { input: { ...access, language } });
  const snapshot = useSelector(actor, (current) => current);
  return <CuotealoPaymentView snapshot={snapshot} send={actor.send} />;
}
