import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { OrderResultEvent, orderResultMachine, PaymentMethod } from '../../../../machines/order-result.machine.ts';
import { seatBookingErrorOf, type SeatBookingOutcome } from '../../../../machines/order-result.rules.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { SessionProblemOfState } from '../layout/SessionProblem.tsx';
import { SessionReference } from '../layout/SessionReference.tsx';
import { StatusPage } from '../layout/StatusPage.tsx';
import { BookingLink } from '../layout/BookingLink.tsx';
import { useGoBack } from '../layout/useGoBack.ts';
import { Button } from '../../ui/Button.tsx';
import { completeBookingOf } from '../../../../machines/booking-confirmation.rules.ts';
import type { BookingSuccess } from '../../../contract/checkout.ts';
import { CARD_DECLINED } from '../../../contract/card-vault.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { cardBrandLabel } from '../payment/card-brand.ts';
import { CardDenial } from '../payment/CardDenial.tsx';
import type { Session } from '../../../contract/session.ts';
import { PurchaseSummaryTables } from '../postsale/PostSaleView.tsx';
import '../confirmation/confirmation.css';

export type OrderResultSnapshot = SnapshotFrom<typeof orderResultMachine>;

export interface OrderResultViewProps {
  snapshot: OrderResultSnapshot;
  send: (event: OrderResultEvent) => void;
}

/** The stored seat-booking answer, worded for the outcome it has (spec 3 §4, §8). */
function SeatOutcome({ outcome, sessionID, session }: { outcome: SeatBookingOutcome; sessionID: string; session: Session | null }) {
  const { t } = useLingui();
  const pages: Record<SeatBookingOutcome, { tone: 'success' | 'warning' | 'error'; title: string; text: string }> = {
    booked: { tone: 'success', title: t`Additional products`, text: t`Your seats and baggage were booked.` },
    warning: { tone: 'warning', title: t`Warning`, text: t`Some of your additional products could not be confirmed. Please check them with our agents.` },
    failed: { tone: 'error', title: t`Booking not completed`, text: t`The seats could not be issued: internal application error` },
  };
  const page = pages[outcome];
  const error = seatBookingErrorOf(session);
  const reason = error?.value ?? null;
  return (
    <StatusPage tone={page.tone} title={page.title} actions={<BookingLink sessionID={sessionID} />}>
      {/* A declined card in the page's words, not the acquirer's Spanish description (issue 37). */}
      {outcome === 'failed' && error?.code === CARD_DECLINED ? <CardDenial code={null} /> : <p>{outcome === 'failed' && reason ? reason : page.text}</p>}
      {outcome === 'warning' && reason && <p>{reason}</p>}
      {/* What was issued: the ancillaries summary of this purchase (spec 3 §2 warning page). */}
      {outcome !== 'failed' && session?.bookSeatsRS?.summary && (
        <PurchaseSummaryTables entries={[session.bookSeatsRS.summary]} flights={(session.ancilliaries?.baggages.baggages ?? []).map(({ origin, destination }) => ({ origin, destination }))} />
      )}
      <SessionReference sessionId={sessionID} />
    </StatusPage>
  );
}

/** The paid card order as the server stored it: order, amount, card brand and last four. */
function PaidCardSummary({ booking }: { booking: BookingSuccess }) {
  const { t } = useLingui();
  const { orderNumber, totalAmount, card } = booking.paymentDetails;
  return (
    <dl className="payment-order__details">
      <div>
        <dt>{t`Order number`}</dt>
        <dd>{orderNumber}</dd>
      </div>
      <div>
        <dt>{t`Amount`}</dt>
        <dd>{formatMoney(totalAmount, US_DOLLARS, 'detail')}</dd>
      </div>
      {card && (
        <>
          <div>
            <dt>{t`Card`}</dt>
            <dd>{cardBrandLabel(card.brand)}</dd>
          </div>
          <div>
            <dt>{t`Card number`}</dt>
            <dd>{t`Ending in ${card.last4}`}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** A payment that reached the booking, worded for how it was made. */
function PaymentReceived({ method, sessionID, booking }: { method: PaymentMethod; sessionID: string; booking: BookingSuccess | null }) {
  const { t } = useLingui();
  const texts: Record<PaymentMethod, string> = {
    card: t`We have received your card payment. You will receive the confirmation by e-mail.`,
    payMe: t`Your payment was received. You will receive the confirmation of your booking by e-mail.`,
    instalments: t`Your instalment payment was approved.`,
  };
  return (
    <StatusPage tone="success" title={t`Your payment was successful`} actions={<BookingLink sessionID={sessionID} />}>
      <p>{texts[method]}</p>
      {method === 'card' && booking && <PaidCardSummary booking={booking} />}
    </StatusPage>
  );
}

/**
 * A payment the provider declined, on a booking that is there and unpaid (spec 3 §2, §8): the card
 * provider's page with its denial reason and a new try; PayMe's and ACuotaz's shared error page.
 */
function PaymentDeclined({ method, reasonCode, sessionID }: { method: PaymentMethod; reasonCode: string | undefined; sessionID: string }) {
  const { t } = useLingui();
  const goBack = useGoBack();
  if (method === 'card') {
    return (
      <StatusPage
        tone="error"
        title={t`Your payment order could not be processed`}
        actions={
          <>
            <Button onPress={goBack}>{t`Try again now!`}</Button>
            <BookingLink sessionID={sessionID} />
          </>
        }
      >
        <CardDenial code={reasonCode} />
      </StatusPage>
    );
  }
  return (
    <StatusPage tone="error" title={t`Oops! Something went wrong...`} actions={<BookingLink sessionID={sessionID} />}>
      <p>{t`An error occurred during your payment`}</p>
    </StatusPage>
  );
}

/** A result page after booking, showing only what the server wrote into the session. */
export function OrderResultView({ snapshot, send }: OrderResultViewProps) {
  const { t } = useLingui();
  const { sessionID, claim, session } = snapshot.context;
  let content: ReactNode = null;
  if (snapshot.matches('loading')) {
    content = (
      <section className="card" aria-busy="true" aria-label={t`Loading your booking`}>
        <Spinner label={t`Loading your booking`} />
      </section>
    );
  } else if (snapshot.matches('paid') && claim.kind === 'payment') {
    content = <PaymentReceived method={claim.method} sessionID={sessionID} booking={completeBookingOf(session)} />;
  } else if (snapshot.matches('paymentPending')) {
    content = (
      <StatusPage tone="info" title={t`Your payment is being confirmed`} actions={<BookingLink sessionID={sessionID} />}>
        <p>{t`We have not received the confirmation of this payment yet. Your booking shows its payment status.`}</p>
      </StatusPage>
    );
  } else if (snapshot.matches('paymentDeclined') && claim.kind === 'payment') {
    content = <PaymentDeclined method={claim.method} reasonCode={claim.declined?.reasonCode} sessionID={sessionID} />;
  } else if (snapshot.matches('seatOutcome') && claim.kind === 'seatBooking') {
    content = <SeatOutcome outcome={claim.outcome} sessionID={sessionID} session={session} />;
  } else {
    content = <SessionProblemOfState inState={(kind) => snapshot.matches(kind)} sessionID={sessionID} retryAfterSeconds={snapshot.context.retryAfterSeconds} onRetry={() => send({ type: 'session.retry' })} />;
  }
  return <div className="page-section">{content}</div>;
}
