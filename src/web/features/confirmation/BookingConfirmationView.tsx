import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { BookingConfirmationEvent, BookingReference, bookingConfirmationMachine } from '../../../../machines/booking-confirmation.machine.ts';
import { additionalProductsOf, hasAdditionalProducts, showsRetryWarning, type AdditionalProducts } from '../../../../machines/booking-confirmation.rules.ts';
import type { BookingSuccess } from '../../../contract/checkout.ts';
import type { Session } from '../../../contract/session.ts';
import { formatMoney, US_DOLLARS } from '../../../contract/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { ItineraryLegs } from '../checkout/itinerary/ItineraryHeader.tsx';
import { useBaggageCodeName, useBagName } from '../checkout/extras/bag-name.ts';
import { BookingStepPage } from '../layout/BookingStepPage.tsx';
import { BookingIncomplete, SessionProblemOfState } from '../layout/SessionProblem.tsx';
import { ManageBookingLink } from '../manage-booking/ManageBookingLink.tsx';
import { PostSaleLinks } from '../postsale/ExtrasAfterBooking.tsx';
import { PaymentInformation } from './PaymentInformation.tsx';
import './confirmation.css';

export type BookingConfirmationSnapshot = SnapshotFrom<typeof bookingConfirmationMachine>;

export interface BookingConfirmationViewProps {
  snapshot: BookingConfirmationSnapshot;
  send: (event: BookingConfirmationEvent) => void;
}

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');

/** While the session loads: the page's shape in grey, announced as busy. */
function PlaceholderLoader() {
  const { t } = useLingui();
  return (
    <section className="card confirmation-placeholder" aria-busy="true" aria-label={t`Loading your booking`}>
      <Spinner label={t`Loading your booking`} />
      <div className="confirmation-placeholder__line" />
      <div className="confirmation-placeholder__line confirmation-placeholder__line--short" />
      <div className="confirmation-placeholder__block" />
    </section>
  );
}

function SuccessNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useLingui();
  return (
    <div className="confirmation-notice">
      <p>{t`Your booking was made successfully. We also sent its details to your e-mail.`}</p>
      <Button variant="secondary" aria-label={t`Close the notice`} onPress={onDismiss}>
        ×
      </Button>
    </div>
  );
}

function References({ snapshot, send }: BookingConfirmationViewProps) {
  const { t } = useLingui();
  const booking = snapshot.context.booking!;
  const copying = snapshot.context.copying;
  const names: Record<BookingReference, string> = { pnr: t`Booking code (PNR)`, orderId: t`Order ID` };
  const copiedTexts: Record<BookingReference, string> = { pnr: t`Booking code copied`, orderId: t`Order ID copied` };
  const status = copying
    ? snapshot.matches({ loaded: { copy: 'copied' } })
      ? copiedTexts[copying]
      : snapshot.matches({ loaded: { copy: 'copyFailed' } })
        ? t`Could not copy. Select the text and copy it.`
        : ''
    : '';
  const rows: Array<{ reference: BookingReference; value: string; copyLabel: string }> = [
    { reference: 'pnr', value: booking.pnr, copyLabel: t`Copy booking code` },
    { reference: 'orderId', value: booking.orderID.id, copyLabel: t`Copy order ID` },
  ];
  return (
    <section className="card confirmation-references" aria-labelledby="confirmation-references-title">
      <h2 id="confirmation-references-title">{t`Your booking`}</h2>
      <dl>
        {rows.map((row) => (
          <div key={row.reference} className="confirmation-references__row">
            <dt>{names[row.reference]}</dt>
            <dd>
              <strong className="confirmation-references__value">{row.value}</strong>
              <Button variant="secondary" aria-label={row.copyLabel} onPress={() => send({ type: 'reference.copy', reference: row.reference })}>
                {t`Copy`}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      <output className="confirmation-references__status">{status}</output>
    </section>
  );
}

interface ProductLine {
  key: string;
  passenger: string;
  route: string;
  item: string;
  price: number;
}

/** One table of additional products: who, which flight, what, and its price. */
function ProductTable({ caption, itemHeader, lines }: { caption: string; itemHeader: string; lines: ProductLine[] }) {
  const { t } = useLingui();
  if (lines.length === 0) return null;
  return (
    <table className="confirmation-products__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Passenger`}</th>
          <th scope="col">{t`Flight`}</th>
          <th scope="col">{itemHeader}</th>
          <th scope="col">{t`Price`}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <td>{line.passenger}</td>
            <td>{line.route}</td>
            <td>{line.item}</td>
            <td>{money(line.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AdditionalProductsList({ products }: { products: AdditionalProducts }) {
  const { t } = useLingui();
  const bagName = useBagName();
  const codeName = useBaggageCodeName();
  return (
    <div className="confirmation-products">
      <ProductTable caption={t`Seats`} itemHeader={t`Seat`} lines={products.seats.map((seat) => ({ ...seat, item: seat.seat }))} />
      <ProductTable caption={t`Baggage`} itemHeader={t`Baggage`} lines={products.baggage.map((bag) => ({ ...bag, item: bag.bag ? bagName(bag.bag) : codeName(bag.code, bag.name) }))} />
    </div>
  );
}

/** The repeat-booking warning (spec 3 §4): one more identical booking of this route will be refused. */
function RetryWarning({ attempts }: { attempts: number }) {
  const { t } = useLingui();
  return (
    <p className="confirmation-notice confirmation-notice--warning">
      {t`You have booked this route ${attempts} times. A further identical booking attempt will be refused; to change this booking, contact your agency.`}
    </p>
  );
}

/** Payment information (every order, 103 too: issue 37), flight detail, and additional products when seats or bags were chosen. */
function BookingTabs({ booking, session }: { booking: BookingSuccess; session: Session }) {
  const { t } = useLingui();
  const products = additionalProductsOf(session);
  const showsProducts = hasAdditionalProducts(products);
  return (
    <Tabs defaultSelectedKey="payment">
      <TabList aria-label={t`Booking details`}>
        <Tab id="payment">{t`Payment information`}</Tab>
        <Tab id="flights">{t`Flight detail`}</Tab>
        {showsProducts ? <Tab id="products">{t`Additional products`}</Tab> : null}
      </TabList>
      <TabPanel id="payment">
        <PaymentInformation booking={booking} session={session} />
      </TabPanel>
      <TabPanel id="flights">
        <ItineraryLegs session={session} />
      </TabPanel>
      {showsProducts ? (
        <TabPanel id="products">
          <AdditionalProductsList products={products} />
        </TabPanel>
      ) : null}
    </Tabs>
  );
}

/**
 * The booking confirmation page (spec 3 §2) for each state of its machine: a placeholder while the
 * session loads; the notice, references and tabs for a whole booking; the UPS banner for an
 * incomplete one; unknown or expired sessions; and a load that failed, with a retry.
 */
export function BookingConfirmationView({ snapshot, send }: BookingConfirmationViewProps) {
  const { t } = useLingui();
  const { sessionID, session, booking } = snapshot.context;
  return (
    <BookingStepPage step={2} title={t`Booking confirmation`}>
      <div className="confirmation">
        {snapshot.matches('loading') && <PlaceholderLoader />}
        {snapshot.matches('loaded') && booking && session && (
          <>
            {snapshot.matches({ loaded: { notice: 'shown' } }) && <SuccessNotice onDismiss={() => send({ type: 'notice.dismiss' })} />}
            {showsRetryWarning(booking.attemps, session.recommendation?.pricing.validatingAirline) && <RetryWarning attempts={booking.attemps ?? 0} />}
            <References snapshot={snapshot} send={send} />
            <ManageBookingLink sessionID={sessionID} />
            {/* 'Elegir asientos' (spec 3 §2, §6): every offer's seats are the supplier's to sell (issue 37). */}
            <PostSaleLinks orderId={booking.orderID.id} withBaggage={false} />
            <BookingTabs booking={booking} session={session} />
          </>
        )}
        {snapshot.matches('incomplete') && <BookingIncomplete sessionID={sessionID} />}
        <SessionProblemOfState inState={(kind) => snapshot.matches(kind)} sessionID={sessionID} retryAfterSeconds={snapshot.context.retryAfterSeconds} onRetry={() => send({ type: 'session.retry' })} />
      </div>
    </BookingStepPage>
  );
}
