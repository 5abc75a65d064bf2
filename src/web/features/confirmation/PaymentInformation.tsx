import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { paymentScreenOfOrder, paymentTabOf } from '../../../../machines/booking-confirmation.rules.ts';
import { payPalAccessOf } from '../../../../machines/paypal-payment.machine.ts';
import type { BookingSuccess } from '../../../contract/checkout.ts';
import { BUSINESS_TIMEZONE } from '../../../contract/common.ts';
import type { PaymentOrderScreen } from '../../../contract/postsale.ts';
import type { Session } from '../../../contract/session.ts';
import { formatInstant } from '../../lib/dates.ts';
import { useProviderName } from '../checkout/payment/method-name.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { languageOr } from '../../../contract/common.ts';
import { PayPalButton } from '../payment/PayPalPayment.tsx';
import { cardCheckoutAccessOf } from '../../../../machines/card-checkout.machine.ts';
import { CardCheckout } from '../payment/CardCheckout.tsx';
import { cardBrandLabel } from '../payment/card-brand.ts';
import { bankTransferAccessOf } from '../../../../machines/bank-transfer.machine.ts';
import { BankTransfer } from '../payment/BankTransfer.tsx';
import { cuotealoAccessOf } from '../../../../machines/cuotealo-payment.machine.ts';
import { CuotealoPayment } from '../payment/CuotealoPayment.tsx';
import { acuotazAccessOf } from '../../../../machines/acuotaz-payment.machine.ts';
import { AcuotazPayment } from '../payment/AcuotazPayment.tsx';
import { pagoEfectivoAccessOf } from '../../../../machines/pagoefectivo-cip.machine.ts';
import { PagoEfectivoCip } from '../payment/PagoEfectivoCip.tsx';
import { providerPaymentPageOf } from '../../../../machines/payment-process.machine.ts';
import { Link } from '../../ui/Link.tsx';
import { BankInstructions } from '../payment/BankInstructions.tsx';
import { PagoEfectivoHowItWorks } from '../payment/PagoEfectivoHowItWorks.tsx';
import { PaymentDeadlineView, usePaymentDeadline } from './PaymentDeadline.tsx';

/** The payment order's status line (spec 3 §4 table): pending, paid, cancelled, expired or an error. */
export function OrderStatus({ screen, timeLimit }: { screen: PaymentOrderScreen; timeLimit: string }) {
  const { t } = useLingui();
  const texts: Record<PaymentOrderScreen, string> = {
    pending: t`Your payment is pending. Pay before ${timeLimit} (Lima time) or the booking will be cancelled.`,
    paid: t`Your payment was successful`,
    cancelled: t`Your payment order is cancelled`,
    expired: t`Your payment order has expired`,
    error: t`Error processing the payment, please contact the sales department`,
  };
  return (
    <p className="payment-order__status" data-screen={screen}>
      {texts[screen]}
    </p>
  );
}

/** Who the order is for: the contact (or the lead traveller) and the lead traveller's document. */
function clientOf(session: Pick<Session, 'bookForm'>): { name: string; document: string | null } | null {
  const form = session.bookForm;
  if (!form) return null;
  const lead = form.passengers[0];
  const person = form.contact ?? lead;
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  if (!name) return null;
  return { name, document: lead?.documentNumber ?? null };
}

function OrderDetails({ booking, session, timeLimit, pending }: { booking: BookingSuccess; session: Pick<Session, 'bookForm'>; timeLimit: string; pending: boolean }) {
  const { t, i18n } = useLingui();
  const details = booking.paymentDetails;
  const client = clientOf(session);
  const orderedAt = details.orderedAt ? formatInstant(details.orderedAt, i18n.locale, BUSINESS_TIMEZONE) : null;
  return (
    <dl className="payment-order__details">
      <div>
        <dt>{t`Order number`}</dt>
        <dd>{details.orderNumber}</dd>
      </div>
      <div>
        <dt>{pending ? t`Amount to pay` : t`Total`}</dt>
        <dd>{formatMoney(details.totalAmount, US_DOLLARS, 'detail')}</dd>
      </div>
      {orderedAt && (
        <div>
          <dt>{t`Order date and time`}</dt>
          <dd>{t`${orderedAt} (Lima time)`}</dd>
        </div>
      )}
      {!pending && (
        <div>
          <dt>{t`Pay before`}</dt>
          <dd>{t`${timeLimit} (Lima time)`}</dd>
        </div>
      )}
      <div>
        <dt>{t`Reference (booking code)`}</dt>
        <dd>{booking.pnr}</dd>
      </div>
      <div>
        <dt>{t`Currency`}</dt>
        <dd>{US_DOLLARS.code}</dd>
      </div>
      {client && (
        <div>
          <dt>{t`Client`}</dt>
          <dd>{client.document ? `${client.name} · ${client.document}` : client.name}</dd>
        </div>
      )}
    </dl>
  );
}

export interface PaymentInformationProps {
  booking: BookingSuccess;
  session: Pick<Session, 'bookForm'> & Partial<Pick<Session, 'sessionID' | 'paymentWasProcessed' | 'engine'>>;
}

/** The card an order was paid with, when the card checkout paid it (brand and last four, the authorisation). */
function PaidCardDetails({ card }: { card: NonNullable<BookingSuccess['paymentDetails']['card']> }) {
  const { t } = useLingui();
  const brand = cardBrandLabel(card.brand);
  return (
    <dl className="payment-order__details" aria-label={t`Card`}>
      <div>
        <dt>{t`Card`}</dt>
        <dd>{t`${brand} ending in ${card.last4}`}</dd>
      </div>
      {card.authorizationCode && (
        <div>
          <dt>{t`Authorization code`}</dt>
          <dd>{card.authorizationCode}</dd>
        </div>
      )}
    </dl>
  );
}

/** A booking held without payment (103): where and how it can still be paid before its deadline. */
export function PayLaterPlaces({ headingLevel = 4, onManagePage = false }: { headingLevel?: 3 | 4; onManagePage?: boolean }) {
  const { t } = useLingui();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="payment-order__banks" aria-labelledby="payment-later-title">
      <Heading id="payment-later-title">{t`How to pay later`}</Heading>
      <p>{t`Your seats are held, not paid. Pay before the deadline or the booking is cancelled.`}</p>
      <ul>
        {!onManagePage && <li>{t`Open Manage your booking (the link on this page and in your e-mail) to see the booking, its deadline and the ways to pay it that it still offers.`}</li>}
        <li>{t`Or contact your travel agent, who can take the payment for you.`}</li>
      </ul>
    </section>
  );
}

/** A card order the bank did not pay: the traveller is sent to an agent (spec 3 §8). */
function ContactAnAgent({ agency }: { agency: string }) {
  const { t } = useLingui();
  return <p role="alert">{t`There was a problem with your payment. Contact an agent of ${agency}.`}</p>;
}

/**
 * The payment tab (spec 2 §2, spec 3 §2): every unpaid order shows its deadline in Lima with the time
 * left (the tab turns expired when it runs out) and the amount to pay; bank and cash-deposit orders the
 * payment-order screen with the four banks and Yape below US$ 500 (PagoEfectivo with its 'how does it
 * work' frame, SafetyPay with its page too); a booking held without payment (103) how to pay it later;
 * other providers the order's status and their own way to pay.
 */
export function PaymentInformation({ booking, session }: PaymentInformationProps) {
  const { t, i18n } = useLingui();
  const serviceName = useProviderName();
  const details = booking.paymentDetails;
  const deadline = usePaymentDeadline(booking.ticketingTimeLimit);
  const screen = paymentScreenOfOrder(details.status, deadline.matches('expired'));
  const timeLimit = formatInstant(booking.ticketingTimeLimit, i18n.locale, BUSINESS_TIMEZONE);
  const service = serviceName(details.providerCode);
  const tab = paymentTabOf(details.providerCode);
  const bankOrder = tab === 'bankOrder';
  const pending = screen === 'pending';
  // Status 4 is a denied payment: a card order nobody paid goes to an agent (spec 3 §8).
  const agency = session.engine?.profile.name;
  const titles: Record<typeof tab, string> = { withoutPayment: t`Booking without payment`, bankOrder: t`Payment order`, status: t`Payment with ${service}` };
  const payPal = payPalAccessOf({ booking });
  const cuotealo = cuotealoAccessOf({ sessionID: session.sessionID ?? '', booking, paymentWasProcessed: session.paymentWasProcessed ?? false });
  const acuotaz = acuotazAccessOf({ booking, paymentWasProcessed: session.paymentWasProcessed ?? false });
  const transfer = bankTransferAccessOf({ booking, paymentWasProcessed: session.paymentWasProcessed ?? false });
  const cardCheckout = cardCheckoutAccessOf({ booking, bookForm: session.bookForm, paymentWasProcessed: session.paymentWasProcessed });
  const pagoEfectivo = pagoEfectivoAccessOf({ booking, paymentWasProcessed: session.paymentWasProcessed ?? false });
  // PayMe (119) and the redirect providers (105, 106, 124) are paid on their page, through the waiting page: PayMe goes
  // there from checkout, and from here again after a decline, until the deadline.
  const providerPage = session.sessionID && providerPaymentPageOf({ booking }) ? session.sessionID : null;
  const language = languageOr('en', i18n.locale);
  // Back from a declined card payment, the booking's address asks for a second checkout (spec 3 §2).
  const { pay } = useSearch({ strict: false }) as { pay?: string };
  return (
    <section className="payment-order" aria-labelledby="payment-order-title">
      <h3 id="payment-order-title">{titles[tab]}</h3>
      <OrderStatus screen={screen} timeLimit={timeLimit} />
      {details.status === 4 && agency && <ContactAnAgent agency={agency} />}
      {(pending || screen === 'expired') && <PaymentDeadlineView snapshot={deadline} />}
      <OrderDetails booking={booking} session={session} timeLimit={timeLimit} pending={pending || screen === 'expired'} />
      {tab === 'withoutPayment' && pending && <PayLaterPlaces />}
      {details.providerCode === 102 && pending && <PagoEfectivoHowItWorks />}
      {bankOrder && pending && !pagoEfectivo && <BankInstructions orderNumber={details.orderNumber} service={service} total={details.totalAmount} />}
      {details.card && <PaidCardDetails card={details.card} />}
      {transfer && screen === 'pending' && <BankTransfer access={transfer} total={details.totalAmount} timeLimit={timeLimit} language={language} />}
      {cuotealo && screen === 'pending' && <CuotealoPayment access={cuotealo} language={language} />}
      {acuotaz && screen === 'pending' && <AcuotazPayment access={acuotaz} language={language} />}
      {pagoEfectivo && screen === 'pending' && <PagoEfectivoCip access={pagoEfectivo} language={language} />}
      {providerPage && screen === 'pending' && (
        <p>
          <Link to="/payment/process/$id" params={{ id: providerPage }} variant="primary">
            {t`Pay on ${service}'s page`}
          </Link>
        </p>
      )}
      {payPal && screen === 'pending' && <PayPalButton access={payPal} language={language} />}
      {cardCheckout && screen === 'pending' && (
        <CardCheckout access={cardCheckout} language={language} autoStart={pay === 'card'} {...(session.sessionID ? { sessionID: session.sessionID } : {})} />
      )}
    </section>
  );
}
