import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { hoursAndMinutes, paymentDeadlineMachine } from '../../../../machines/payment-deadline.machine.ts';
import { BUSINESS_TIMEZONE } from '../../../contract/common.ts';
import { formatInstant } from '../../lib/dates.ts';
import { useTracedActorRef } from '../../lib/trace.ts';

export type PaymentDeadlineSnapshot = SnapshotFrom<typeof paymentDeadlineMachine>;

/** The deadline machine of an order, started when the tab opens; its snapshot. */
export function usePaymentDeadline(deadline: string): PaymentDeadlineSnapshot {
  const actor = useTracedActorRef(paymentDeadlineMachine, { input: { deadline } });
  return useSelector(actor, (snapshot) => snapshot);
}

/**
 * The deadline in Lima and the time left, per minute. role="timer" is not announced on each change
 * (its live region is off): a reader hears the time left when they read it.
 */
export function PaymentDeadlineView({ snapshot }: { snapshot: PaymentDeadlineSnapshot }) {
  const { t, i18n } = useLingui();
  const deadline = formatInstant(snapshot.context.deadline, i18n.locale, BUSINESS_TIMEZONE);
  const { hours, minutes } = hoursAndMinutes(snapshot.context.minutesLeft);
  return (
    <dl className="payment-order__details payment-order__deadline">
      <div>
        <dt>{t`Pay before`}</dt>
        <dd>{t`${deadline} (Lima time)`}</dd>
      </div>
      <div>
        <dt>{t`Time left to pay`}</dt>
        <dd>
          <span role="timer">{snapshot.matches('expired') ? t`The time to pay has run out` : t`${hours} h ${minutes} min`}</span>
        </dd>
      </div>
    </dl>
  );
}
