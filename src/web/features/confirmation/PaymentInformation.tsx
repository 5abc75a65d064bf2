import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { paymentScreenOfBookingStatus, paymentTabOf } from '../../../../machines/booking-confirmation.rules.ts';
import { payPalAccessOf } from '../../../../machines/paypal-payment.machine.ts';
import { yapeAvailableFor } from '../../../contract/checkout-policy.ts';
import { YAPE_DAILY_LIMIT_PEN, type BookingSuccess } from '../../../contract/checkout.ts';
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

const SOLES = { code: 'PEN', mask: 'S/', decimalCount: 2, decimalSeparator: '.', thousandSeparator: ',' };

/** Where each bank's app or online banking lists payments to companies (the banks' own menu names). */
const BANKS = [
  { name: 'BCP', menu: 'Pagar servicios' },
  { name: 'BBVA', menu: 'Pagar servicios' },
  { name: 'Interbank', menu: 'Pago de servicios' },
  { name: 'Scotiabank', menu: 'Pagos › Otras instituciones' },
] as const;

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

function OrderDetails({ booking, session, timeLimit }: { booking: BookingSuccess; session: Pick<Session, 'bookForm'>; timeLimit: string }) {
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
        <dt>{t`Total`}</dt>
        <dd>{formatMoney(details.totalAmount, US_DOLLARS, 'detail')}</dd>
      </div>
      {orderedAt && (
        <div>
          <dt>{t`Order date and time`}</dt>
          <dd>{t`${orderedAt} (Lima time)`}</dd>
        </div>
      )}
      <div>
        <dt>{t`Pay before`}</dt>
        <dd>{t`${timeLimit} (Lima time)`}</dd>
      </div>
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

/**
 * How to pay the order at each of the four banks, and with Yape when the total allows it. Its heading
 * sits one level below the section it is in (h4 under the confirmation tab's h3, h3 under a card's h2).
 */
export function BankInstructions({ orderNumber, service, total, headingLevel = 4 }: { orderNumber: string; service: string; total: number; headingLevel?: 3 | 4 }) {
  const { t } = useLingui();
  const dailyLimit = formatMoney(YAPE_DAILY_LIMIT_PEN, SOLES, 'list');
  const Heading = `h${headingLevel}` as const;
  const BankHeading = `h${headingLevel + 1}` as 'h4' | 'h5';
  return (
    <section className="payment-order__banks" aria-labelledby="payment-order-banks-title">
      <Heading id="payment-order-banks-title">{t`How to pay`}</Heading>
      <ul className="payment-order__bank-list">
        {BANKS.map(({ name: bank, menu }) => (
          <li key={bank} className="payment-order__bank">
            <BankHeading>{bank}</BankHeading>
            <p>{t`At an Agente ${bank} or a ${bank} branch: say you are paying ${service} and give the code ${orderNumber}.`}</p>
            <p>{t`In the ${bank} app or online banking: go to ${menu}, choose ${service} and enter the code ${orderNumber}.`}</p>
          </li>
        ))}
      </ul>
      {yapeAvailableFor(total) && (
        <section className="payment-order__yape" aria-labelledby="payment-order-yape-title">
          <BankHeading id="payment-order-yape-title">Yape</BankHeading>
          <p>{t`In the Yape app choose 'Yapear servicios', search for ${service} and enter the code ${orderNumber}.`}</p>
          <p>{t`Yape accepts payments of up to ${dailyLimit} a day.`}</p>
        </section>
      )}
    </section>
  );
}

export interface PaymentInformationProps {
  booking: BookingSuccess;
  session: Pick<Session, 'bookForm'> & Partial<Pick<Session, 'sessionID' | 'paymentWasProcessed'>>;
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

/**
 * The payment tab (spec 2 §2, spec 3 §2): bank and cash-deposit orders get the payment-order screen
 * (order, total, time limit, reference, the four banks and Yape below US$ 500); other providers the
 * order's status, and a pending PayPal order its "Pay with PayPal" button. Provider 103 has no payment tab
 * at all (the page leaves it out).
 */
export function PaymentInformation({ booking, session }: PaymentInformationProps) {
  const { t, i18n } = useLingui();
  const serviceName = useProviderName();
  const details = booking.paymentDetails;
  const screen = paymentScreenOfBookingStatus(details.status);
  const timeLimit = formatInstant(booking.ticketingTimeLimit, i18n.locale, BUSINESS_TIMEZONE);
  const service = serviceName(details.providerCode);
  const bankOrder = paymentTabOf(details.providerCode) === 'bankOrder';
  const payPal = payPalAccessOf({ booking });
  const cuotealo = cuotealoAccessOf({ booking, paymentWasProcessed: session.paymentWasProcessed ?? false });
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
      <h3 id="payment-order-title">{bankOrder ? t`Payment order` : t`Payment with ${service}`}</h3>
      <OrderStatus screen={screen} timeLimit={timeLimit} />
      <OrderDetails booking={booking} session={session} timeLimit={timeLimit} />
      {bankOrder && screen === 'pending' && !pagoEfectivo && !providerPage && <BankInstructions orderNumber={details.orderNumber} service={service} total={details.totalAmount} />}
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
