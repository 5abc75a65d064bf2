import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { PaymentProcessEvent, paymentProcessMachine } from '../../../../machines/payment-process.machine.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { BookingStepPage } from '../layout/BookingStepPage.tsx';
import { BookingIncomplete, SessionProblemOfState } from '../layout/SessionProblem.tsx';
import { SessionReference } from '../layout/SessionReference.tsx';

export type PaymentProcessSnapshot = SnapshotFrom<typeof paymentProcessMachine>;

export interface PaymentProcessViewProps {
  snapshot: PaymentProcessSnapshot;
  send: (event: PaymentProcessEvent) => void;
}

/**
 * The payment waiting page (spec 3 §2) for each state of its machine: the session loading, the post to
 * the provider's page under way (with a button to send it again), a booking paid elsewhere, a booking
 * that failed, and the session problems.
 */
export function PaymentProcessView({ snapshot, send }: PaymentProcessViewProps) {
  const { t } = useLingui();
  const { sessionID, paymentPage } = snapshot.context;
  const post = () => send({ type: 'payment.post' });
  return (
    <BookingStepPage step={2} title={t`Taking you to the payment page`}>
      {snapshot.matches('loading') && (
        <section className="card payment-process" aria-busy="true" aria-labelledby="payment-process-title">
          <h2 id="payment-process-title">{t`Your payment`}</h2>
          <Spinner label={t`Loading your booking`} />
        </section>
      )}
      {(snapshot.matches('redirecting') || snapshot.matches('postFailed')) && paymentPage && (
        <section className="card payment-process" aria-labelledby="payment-process-title">
          <h2 id="payment-process-title">{t`Your payment`}</h2>
          {snapshot.matches('redirecting') ? (
            <>
              <output>{t`Preparing your payment. Please do not close this window.`}</output>
              <p>{t`Payment order ${paymentPage.paymentOrderNumber}`}</p>
              <p>{t`If the payment page does not open in a few seconds, continue with the button.`}</p>
            </>
          ) : (
            <>
              <p role="alert">{t`Your browser did not open the payment page. Continue with the button to open it.`}</p>
              <p>{t`Payment order ${paymentPage.paymentOrderNumber}`}</p>
            </>
          )}
          <Button onPress={post}>{t`Continue to payment`}</Button>
          <SessionReference sessionId={sessionID} />
        </section>
      )}
      {snapshot.matches('noPaymentPage') && (
        <section className="card payment-process" aria-labelledby="payment-process-title">
          <h2 id="payment-process-title">{t`Your booking is confirmed`}</h2>
          <p>{t`This booking is not paid on a provider's page. Its confirmation shows how to pay it.`}</p>
          <Link to="/book/confirmation/$id" params={{ id: sessionID }} variant="primary">
            {t`See your booking`}
          </Link>
        </section>
      )}
      {snapshot.matches('incomplete') && <BookingIncomplete sessionID={sessionID} />}
      <SessionProblemOfState inState={(kind) => snapshot.matches(kind)} sessionID={sessionID} retryAfterSeconds={snapshot.context.retryAfterSeconds} onRetry={() => send({ type: 'session.retry' })} />
    </BookingStepPage>
  );
}
