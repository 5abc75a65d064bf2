import { useLingui } from '@lingui/react/macro';
import { BUSINESS_TIMEZONE } from '../../../contract/common.ts';
import type { Session } from '../../../contract/session.ts';
import { formatInstant } from '../../lib/dates.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { BookingStepPage } from '../layout/BookingStepPage.tsx';
import { SessionReference } from '../layout/SessionReference.tsx';

/** Where loading the checkout session stands; `expired` covers unknown, expired and malformed ids alike. */
export type CheckoutSessionState =
  | { status: 'loading' }
  | { status: 'ready'; session: Session }
  | { status: 'expired' }
  | { status: 'failed' };

export interface CheckoutFrameProps {
  sessionId: string;
  business: boolean;
  sessionState: CheckoutSessionState;
  /** Closing either dialog returns to the previous page (spec 2 §2). */
  onLeave: () => void;
}

/** Checkout's frame: step 1 and the session the address names; the forms arrive with the checkout issue. */
export function CheckoutFrame({ sessionId, business, sessionState, onLeave }: CheckoutFrameProps) {
  const { t, i18n } = useLingui();
  return (
    <BookingStepPage step={1} title={t`Complete your details`}>
      <section className="card" aria-labelledby="checkout-session-title">
        <h2 id="checkout-session-title">{business ? t`Agency booking` : t`Your booking`}</h2>
        <SessionReference sessionId={sessionId} />
        {sessionState.status === 'loading' && <output>{t`Loading your selection…`}</output>}
        {sessionState.status === 'ready' && (
          <p>{t`Your selection is kept until ${formatInstant(sessionState.session.expiresAt, i18n.locale, BUSINESS_TIMEZONE)} (Lima time).`}</p>
        )}
      </section>
      <AlertDialog
        isOpen={sessionState.status === 'expired'}
        title={t`Your session has expired`}
        actionLabel={t`Go back`}
        onAction={onLeave}
      >
        <p>{t`For your security, a booking session closes after 30 minutes without activity. Please search for your flight again.`}</p>
      </AlertDialog>
      <AlertDialog isOpen={sessionState.status === 'failed'} title={t`Something went wrong!`} actionLabel={t`Go back`} onAction={onLeave}>
        <p>{t`We could not load your booking. Please try again in a few minutes.`}</p>
      </AlertDialog>
    </BookingStepPage>
  );
}
