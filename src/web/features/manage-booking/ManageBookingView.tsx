import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Form } from 'react-aria-components';
import type { SnapshotFrom } from 'xstate';
import type { ManageBookingEvent, manageBookingMachine } from '../../../../machines/manage-booking.machine.ts';
import { paymentScreenOfOrder } from '../../../../machines/booking-confirmation.rules.ts';
import { BUSINESS_TIMEZONE, languageOr } from '../../../contract/common.ts';
import type { BookingTotals } from '../../../contract/checkout-totals.ts';
import { CLOSED_BOOKING_STATUSES, type ManageBookingView as Booking, type ManageRefundDue } from '../../../contract/manage-booking.ts';
import { formatMoney, formatMoneyIn, US_DOLLARS } from '../../../contract/money.ts';
import { formatInstant } from '../../lib/dates.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TooManyRequests } from '../../ui/TooManyRequests.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useProviderName } from '../checkout/payment/method-name.ts';
import { OrderStatus, PayLaterPlaces } from '../confirmation/PaymentInformation.tsx';
import { BankInstructions } from '../payment/BankInstructions.tsx';
import { PaymentDeadlineView, usePaymentDeadline } from '../confirmation/PaymentDeadline.tsx';
import { PagoEfectivoHowItWorks } from '../payment/PagoEfectivoHowItWorks.tsx';
import { CardCheckout } from '../payment/CardCheckout.tsx';
import { PagoEfectivoCip } from '../payment/PagoEfectivoCip.tsx';
import { PageHeading } from '../layout/PageHeading.tsx';
import { ExtrasAfterBooking } from '../postsale/ExtrasAfterBooking.tsx';
import '../confirmation/confirmation.css';
import './manage-booking.css';

export type ManageBookingSnapshot = SnapshotFrom<typeof manageBookingMachine>;

export interface ManageBookingViewProps {
  snapshot: ManageBookingSnapshot;
  send: (event: ManageBookingEvent) => void;
}

const PNR_PATTERN = /^[A-Za-z0-9]{6}$/;

/** The PNR + last name form; it stays on the page whatever the answer, so a typo is fixed in place. */
function LookupForm({ busy, send }: { busy: boolean; send: ManageBookingViewProps['send'] }) {
  const { t } = useLingui();
  const [pnr, setPnr] = useState('');
  const [lastName, setLastName] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'lookup.submit', query: { pnr: pnr.trim().toUpperCase(), lastName: lastName.trim() } });
  };
  return (
    <Form className="card manage-booking__form" onSubmit={submit} aria-label={t`Find your booking`}>
      <p>{t`Enter the booking code (PNR) from your confirmation and the last name of any traveller.`}</p>
      <TextField
        label={t`Booking code (PNR)`}
        name="pnr"
        value={pnr}
        onChange={setPnr}
        isRequired
        maxLength={6}
        autoComplete="off"
        validate={(value) => (value.trim() === '' || PNR_PATTERN.test(value.trim()) ? null : t`The booking code has 6 letters and digits`)}
        errorMessage={pnr.trim() === '' ? t`This field is required` : t`The booking code has 6 letters and digits`}
      />
      <TextField
        label={t`Last name`}
        name="lastName"
        value={lastName}
        onChange={setLastName}
        isRequired
        maxLength={60}
        autoComplete="family-name"
        errorMessage={t`This field is required`}
      />
      <Button type="submit" isDisabled={busy}>{t`Find my booking`}</Button>
    </Form>
  );
}

function Travellers({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const typeName = { ADT: t`Adult`, CHD: t`Child`, INF: t`Infant` } as const;
  return (
    <section className="card" aria-labelledby="manage-travellers-title">
      <h2 id="manage-travellers-title">{t`Travellers`}</h2>
      <ul className="manage-booking__list">
        {booking.travellers.map((traveller, index) => (
          <li key={`${traveller.firstName}-${traveller.lastName}-${index}`}>
            <strong>{`${traveller.firstName} ${traveller.lastName}`}</strong> · {typeName[traveller.type]}
            {traveller.documentNumber && ` · ${traveller.documentType ?? ''} ${traveller.documentNumber}`}
          </li>
        ))}
      </ul>
      <dl className="facts">
        <div>
          <dt>{t`E-mail`}</dt>
          <dd>{booking.contact.email}</dd>
        </div>
        {booking.contact.phone && (
          <div>
            <dt>{t`Phone`}</dt>
            <dd>{booking.contact.phone}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** "2026-12-18T07:35:00-05:00" → "2026-12-18 07:35": each flight in its own airport's local time. */
const localTime = (dateTime: string) => dateTime.slice(0, 16).replace('T', ' ');

function Itinerary({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  if (booking.itinerary.length === 0) return null;
  return (
    <section className="card" aria-labelledby="manage-itinerary-title">
      <h2 id="manage-itinerary-title">{t`Itinerary`}</h2>
      <ol className="manage-booking__list">
        {booking.itinerary.map((flight) => {
          const first = flight.segments[0]!;
          const last = flight.segments.at(-1)!;
          const numbers = flight.segments.map((segment) => `${segment.marketingAirline.code} ${segment.flightNumber}`).join(', ');
          return (
            <li key={flight.id}>
              <strong>{`${first.departureAirport.code} → ${last.arrivalAirport.code}`}</strong>
              {` · ${t`Departs ${localTime(flight.departureDateTime)}, arrives ${localTime(flight.arrivalDateTime)} (local times)`} · ${flight.marketingAirline.name} ${numbers}`}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function PriceBreakdown({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const totals = booking.totals;
  const labels: Record<Exclude<keyof BookingTotals, 'total'>, string> = {
    fare: t`Flights`,
    customFee: t`Service charge`,
    couponDiscount: t`Coupon discount`,
    paymentDiscount: t`Payment discount`,
    insurance: t`Travel assistance`,
    extras: t`Extra baggage`,
    seats: t`Seats`,
  };
  const lines = totals ? (Object.keys(labels) as (keyof typeof labels)[]).filter((line) => totals[line] !== 0) : [];
  const total = totals?.total ?? booking.totalAmount;
  return (
    <section className="card" aria-labelledby="manage-price-title">
      <h2 id="manage-price-title">{t`Price breakdown`}</h2>
      <dl className="facts">
        {totals &&
          lines.map((line) => (
            <div key={line}>
              <dt>{labels[line]}</dt>
              <dd>{formatMoney(totals[line], US_DOLLARS, 'detail')}</dd>
            </div>
          ))}
        {total !== null && (
          <div className="facts__total">
            <dt>{t`Total`}</dt>
            <dd>{formatMoney(total, US_DOLLARS, 'detail')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** An unpaid order's deadline and time left; the tab reads expired when it runs out. */
function DeadlineCountdown({ deadline, onExpired }: { deadline: string; onExpired: (expired: boolean) => void }) {
  const snapshot = usePaymentDeadline(deadline);
  const expired = snapshot.matches('expired');
  useEffect(() => onExpired(expired), [expired, onExpired]);
  return <PaymentDeadlineView snapshot={snapshot} />;
}

function Payment({ booking }: { booking: Booking }) {
  const { t, i18n } = useLingui();
  const service = useProviderName()(booking.payment.providerCode);
  const deadline = booking.paymentDeadline ? formatInstant(booking.paymentDeadline, i18n.locale, BUSINESS_TIMEZONE) : '';
  const [countdownExpired, setCountdownExpired] = useState(false);
  // The server says whether the order can still be paid: an unpaid order it no longer takes is past its deadline; so is one whose countdown ran out here.
  const screen = paymentScreenOfOrder(booking.status.booking, booking.status.paymentOrder === 'PP' && (!booking.payNow || countdownExpired));
  const payable = booking.payNow && screen === 'pending';
  const counts = booking.paymentDeadline !== null && (screen === 'pending' || screen === 'expired') && booking.status.paymentOrder === 'PP';
  return (
    <section className="card payment-order" aria-labelledby="manage-payment-title">
      <h2 id="manage-payment-title">{t`Payment`}</h2>
      <OrderStatus screen={screen} timeLimit={deadline} />
      {counts && booking.paymentDeadline && <DeadlineCountdown deadline={booking.paymentDeadline} onExpired={setCountdownExpired} />}
      <dl className="facts">
        <div>
          <dt>{t`Payment method`}</dt>
          <dd>{service}</dd>
        </div>
        {booking.payment.orderNumber && (
          <div>
            <dt>{t`Order number`}</dt>
            <dd>{booking.payment.orderNumber}</dd>
          </div>
        )}
        {counts && booking.totalAmount !== null && (
          <div>
            <dt>{t`Amount to pay`}</dt>
            <dd>{formatMoney(booking.totalAmount, US_DOLLARS, 'detail')}</dd>
          </div>
        )}
        {deadline && !counts && (
          <div>
            <dt>{t`Pay before`}</dt>
            <dd>{t`${deadline} (Lima time)`}</dd>
          </div>
        )}
      </dl>
      {payable && booking.payment.kind === 'withoutPayment' && <PayLaterPlaces headingLevel={3} onManagePage />}
      {payable && booking.pagoEfectivo && <PagoEfectivoCip access={booking.pagoEfectivo} language={languageOr('en', i18n.locale)} headingLevel={3} />}
      {payable && booking.payment.providerCode === 102 && <PagoEfectivoHowItWorks />}
      {payable && !booking.pagoEfectivo && booking.payment.kind === 'bankOrder' && booking.payment.orderNumber && (
        <BankInstructions orderNumber={booking.payment.orderNumber} service={service} total={booking.totalAmount ?? 0} headingLevel={3} />
      )}
      {payable && booking.cardCheckout && (
        <CardCheckout
          access={{ ...booking.cardCheckout, email: booking.masked ? null : booking.contact.email, documentId: null }}
          language={languageOr('en', i18n.locale)}
        />
      )}
      {payable && booking.payNowSessionId && (
        <Link to="/payment/process/$id" params={{ id: booking.payNowSessionId }} variant="primary">
          {t`Pay now`}
        </Link>
      )}
    </section>
  );
}

/** What a refund due says happened, with its amount in the currency the provider took it in. */
function RefundDueLine({ refund }: { refund: ManageRefundDue }) {
  const { t } = useLingui();
  const amount = formatMoneyIn(refund.amount, refund.currency);
  const texts: Record<ManageRefundDue['reason'], string> = {
    'order-expired': t`A payment of ${amount} arrived after this booking expired; a refund is due.`,
    'order-cancelled': t`A payment of ${amount} arrived after this booking was cancelled; a refund is due.`,
    'order-already-paid': t`A second payment of ${amount} arrived for this booking, which was already paid; a refund is due.`,
    'booking-expired': t`Extras you paid for after booking (${amount}) no longer apply because this booking expired; a refund is due.`,
    'booking-cancelled': t`Extras you paid for after booking (${amount}) no longer apply because this booking was cancelled; a refund is due.`,
  };
  return <li>{texts[refund.reason]}</li>;
}

/** Money the booking did not take, owed back (the server recorded it and told the operator). */
function RefundsDue({ refunds }: { refunds: ManageRefundDue[] }) {
  const { t } = useLingui();
  if (refunds.length === 0) return null;
  return (
    <section className="card" aria-labelledby="manage-refunds-title">
      <h2 id="manage-refunds-title">{t`Refund due`}</h2>
      <ul>
        {refunds.map((refund) => (
          <RefundDueLine key={`${refund.recordedAt}:${refund.reason}:${refund.amount}`} refund={refund} />
        ))}
      </ul>
      <p>{t`We will return it by the same means of payment. You do not need to do anything.`}</p>
    </section>
  );
}

/** The cancel of an unpaid hold: asked, confirmed, under way, done or refused. */
function CancelHold({ snapshot, send }: ManageBookingViewProps) {
  const { t } = useLingui();
  const booking = snapshot.context.booking!;
  const dismiss = () => send({ type: 'cancel.dismiss' });
  if (snapshot.matches({ found: 'cancelled' })) return <output className="manage-booking__notice">{t`Your booking ${booking.pnr} is cancelled.`}</output>;
  return (
    <section className="card" aria-labelledby="manage-cancel-title">
      <h2 id="manage-cancel-title">{t`Cancel this booking`}</h2>
      {snapshot.matches({ found: 'viewing' }) && (
        <>
          <p>{t`You have not paid yet. If you no longer want to travel, you can cancel the booking and release the seats.`}</p>
          <Button variant="secondary" onPress={() => send({ type: 'cancel.request' })}>{t`Cancel booking`}</Button>
        </>
      )}
      {snapshot.matches({ found: 'confirmingCancel' }) && (
        <div role="alertdialog" aria-labelledby="manage-cancel-question" className="manage-booking__confirm">
          <p id="manage-cancel-question">{t`Cancel booking ${booking.pnr}? The payment order can no longer be paid and the seats are released.`}</p>
          <Button onPress={() => send({ type: 'cancel.confirm' })}>{t`Yes, cancel it`}</Button>
          <Button variant="secondary" onPress={dismiss}>{t`Keep my booking`}</Button>
        </div>
      )}
      {snapshot.matches({ found: 'cancelling' }) && <Spinner label={t`Cancelling your booking`} />}
      {snapshot.matches({ found: 'cancelFailed' }) && (
        <>
          <p role="alert">{t`We could not cancel your booking: it may be paid already or past its deadline.`}</p>
          <Button variant="secondary" onPress={dismiss}>{t`Close`}</Button>
        </>
      )}
      {snapshot.matches({ found: 'cancelRateLimited' }) && (
        <>
          <TooManyRequests seconds={snapshot.context.retryAfterSeconds} />
          <Button onPress={() => send({ type: 'cancel.confirm' })}>{t`Try again`}</Button>
          <Button variant="secondary" onPress={dismiss}>{t`Close`}</Button>
        </>
      )}
    </section>
  );
}

function BookingDetails({ snapshot, send }: ManageBookingViewProps) {
  const { t } = useLingui();
  const booking = snapshot.context.booking!;
  const showsCancel = booking.cancellable || !snapshot.matches({ found: 'viewing' });
  return (
    <div className="manage-booking__details">
      <section className="card confirmation-references" aria-labelledby="manage-references-title">
        <h2 id="manage-references-title">{t`Your booking`}</h2>
        <dl>
          <div>
            <dt>{t`Booking code (PNR)`}</dt>
            <dd className="confirmation-references__value">{booking.pnr}</dd>
          </div>
          <div>
            <dt>{t`Order`}</dt>
            <dd className="confirmation-references__value">{booking.orderId}</dd>
          </div>
        </dl>
      </section>
      {booking.masked && (
        <p className="manage-booking__notice">{t`Personal data is partly hidden on this link. Find your booking with its booking code and last name to see it whole.`}</p>
      )}
      <Payment booking={booking} />
      <RefundsDue refunds={booking.refundsDue} />
      {showsCancel && <CancelHold snapshot={snapshot} send={send} />}
      <Itinerary booking={booking} />
      <ExtrasAfterBooking
        orderId={booking.orderId}
        entries={booking.extrasAfterBooking}
        flights={booking.itinerary.map((flight) => ({ origin: flight.segments[0]?.departureAirport.code ?? '', destination: flight.segments.at(-1)?.arrivalAirport.code ?? '' }))}
        canBuy={!CLOSED_BOOKING_STATUSES.includes(booking.status.booking)}
      />
      <Travellers booking={booking} />
      <PriceBreakdown booking={booking} />
    </div>
  );
}

/**
 * Manage my booking (issue 12) for each state of its machine: the PNR + last name form and its
 * answers (not found, too many tries, a failed call with a retry), the signed link's booking (or a
 * link that is not valid), and a found booking with its status, payment, itinerary, travellers,
 * price and, for an unpaid hold found by the form, its cancel.
 */
export function ManageBookingView({ snapshot, send }: ManageBookingViewProps) {
  const { t } = useLingui();
  const byLink = snapshot.context.token !== null;
  const busy = snapshot.matches('lookingUp') || snapshot.matches('openingLink');
  return (
    <div className="manage-booking">
      <PageHeading>{byLink ? t`Your booking` : t`Manage your booking`}</PageHeading>
      {!byLink && <LookupForm busy={busy} send={send} />}
      {busy && <Spinner label={t`Looking for your booking`} />}
      {snapshot.matches('notFound') && (
        <p role="alert" className="manage-booking__problem">
          {byLink ? t`This booking no longer exists.` : t`We found no booking with this booking code and last name. Check both and try again.`}
        </p>
      )}
      {snapshot.matches('rateLimited') && <TooManyRequests seconds={snapshot.context.retryAfterSeconds} className="manage-booking__problem" />}
      {snapshot.matches('invalidLink') && (
        <div role="alert" className="manage-booking__problem">
          <p>{t`This booking link is not valid. Find your booking with its booking code and last name.`}</p>
          <Link to="/bookings/manage" variant="primary">{t`Find my booking`}</Link>
        </div>
      )}
      {snapshot.matches('failed') && (
        <div role="alert" className="manage-booking__problem">
          <p>{t`We could not reach your booking just now. Please try again.`}</p>
          <Button onPress={() => send({ type: 'lookup.retry' })}>{t`Try again`}</Button>
        </div>
      )}
      {snapshot.matches('found') && <BookingDetails snapshot={snapshot} send={send} />}
    </div>
  );
}
