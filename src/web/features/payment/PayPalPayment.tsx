import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { PayPalCheckoutEvent, payPalCheckoutMachine, PayPalOrderAccess, PayPalReturnEvent, payPalReturnMachine } from '../../../../machines/paypal-payment.machine.ts';
import type { Language } from '../../../contract/common.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SessionProblemOfState } from '../layout/SessionProblem.tsx';
import { StatusPage } from '../layout/StatusPage.tsx';
import { BookingLink } from '../layout/BookingLink.tsx';
import { payPalCheckoutLogic, payPalReturnLogic } from './paypal-api.ts';

export interface PayPalButtonViewProps {
  snapshot: SnapshotFrom<typeof payPalCheckoutMachine>;
  send: (event: PayPalCheckoutEvent) => void;
}

/** The pending PayPal booking's way to pay (spec 3 §2): the button, busy while the order is made, and a retry. */
export function PayPalButtonView({ snapshot, send }: PayPalButtonViewProps) {
  const { t } = useLingui();
  const busy = snapshot.matches('creating') || snapshot.matches('redirecting');
  return (
    <div className="payment-order__paypal">
      {snapshot.matches('failed') && <p role="alert">{t`PayPal could not be opened. Please try again.`}</p>}
      {snapshot.matches('redirecting') && <output>{t`Taking you to PayPal…`}</output>}
      <Button variant="primary" isDisabled={busy} onPress={() => send({ type: 'payment.start' })}>
        {t`Pay with PayPal`}
      </Button>
    </div>
  );
}

export function PayPalButton({ access, language }: { access: PayPalOrderAccess; language: Language }) {
  const actor = useTracedActorRef(payPalCheckoutLogic, { input: { ...access, language } });
  const snapshot = useSelector(actor, (current) => current);
  return <PayPalButtonView snapshot={snapshot} send={actor.send} />;
}

export interface PayPalReturnViewProps {
  snapshot: SnapshotFrom<typeof payPalReturnMachine>;
  send: (event: PayPalReturnEvent) => void;
}

/** Back from PayPal: the capture and the payment as the server stored it. */
export function PayPalReturnView({ snapshot, send }: PayPalReturnViewProps) {
  const { t } = useLingui();
  const { sessionID } = snapshot.context;
  const busy = snapshot.matches('loading') || snapshot.matches('capturing') || snapshot.matches('confirming');
  return (
    <div className="page-section">
      {busy && (
        <section className="card" aria-busy="true" aria-label={t`Confirming your PayPal payment`}>
          <Spinner label={t`Confirming your PayPal payment`} />
        </section>
      )}
      {snapshot.matches('paid') && (
        <StatusPage tone="success" title={t`Your payment was successful`} actions={<BookingLink sessionID={sessionID} />}>
          <p>{t`Your PayPal payment was received. You will receive the confirmation of your booking by e-mail.`}</p>
        </StatusPage>
      )}
      {snapshot.matches('paymentPending') && (
        <StatusPage tone="info" title={t`Your payment is not complete`} actions={<BookingLink sessionID={sessionID} />}>
          <p>{t`PayPal has not confirmed this payment. Your booking shows its payment status, and you can pay with PayPal from there.`}</p>
        </StatusPage>
      )}
      <SessionProblemOfState inState={(kind) => snapshot.matches(kind)} sessionID={sessionID} retryAfterSeconds={snapshot.context.retryAfterSeconds} onRetry={() => send({ type: 'session.retry' })} />
    </div>
  );
}

export function PayPalReturn({ sessionID }: { sessionID: string }) {
  const actor = useTracedActorRef(payPalReturnLogic, { input: { sessionID } });
  const snapshot = useSelector(actor, (current) => current);
  return <PayPalReturnView snapshot={snapshot} send={actor.send} />;
}
