import { useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { bookingErrorDialog, passengerTypeLabel, type BookingFailure, type FareChange } from '../../../../contract/checkout.ts';
import type { Engine } from '../../../../contract/engine.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import '../../../ui/overlays.css';

export type BookingErrorKind = ReturnType<typeof bookingErrorDialog>;

export interface BookingErrorDialogProps {
  failure: BookingFailure;
  engine: Engine;
  /** The B2B view of an agency (attempt-limit and duplicate texts differ by channel). */
  agencyView: boolean;
  /** The page's address, for the IT-error text (402). */
  pageUrl: string;
  onClose: () => void;
  onAcceptFareChange: () => void;
  onRetry: () => void;
  onSearchOther: () => void;
}

/** A pictogram per code (spec 2 §8 "icon per code"); decorative, the title says it in words. */
const ICONS: Record<BookingErrorKind, string> = {
  duplicate: '⧉',
  segmentsCancelled: '✈',
  fareChange: '$',
  fareChangedNoData: '$',
  unexpected: '!',
  attemptLimit: '⛔',
  itError: '⚙',
  providerError: '↻',
  other: '⚠',
};

const usd = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');

function FareChangeDetails({ fareChange }: { fareChange: FareChange }) {
  const { t } = useLingui();
  const typeName = (type: string) => ({ adult: t`Adult`, child: t`Child`, infant: t`Infant` })[passengerTypeLabel(type)];
  const difference = fareChange.difference > 0 ? `+${usd(fareChange.difference)}` : usd(fareChange.difference);
  return (
    <div className="fare-change">
      <dl className="fare-change__totals">
        <div>
          <dt>{t`Previous total`}</dt>
          <dd>{usd(fareChange.oldTotal)}</dd>
        </div>
        <div>
          <dt>{t`New total`}</dt>
          <dd>{usd(fareChange.newTotal)}</dd>
        </div>
        <div>
          <dt>{t`Difference`}</dt>
          <dd>{difference}</dd>
        </div>
      </dl>
      <table className="fare-change__table">
        <caption>{t`Price per passenger`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Passenger`}</th>
            <th scope="col">{t`Previous fare`}</th>
            <th scope="col">{t`Previous taxes`}</th>
            <th scope="col">{t`Previous total`}</th>
            <th scope="col">{t`New fare`}</th>
            <th scope="col">{t`New taxes`}</th>
            <th scope="col">{t`New total`}</th>
          </tr>
        </thead>
        <tbody>
          {fareChange.passengers.map((passenger) => (
            <tr key={passenger.type}>
              <th scope="row">
                {passenger.quantity} × {typeName(passenger.type)}
              </th>
              <td>{usd(passenger.old.base)}</td>
              <td>{usd(passenger.old.taxes)}</td>
              <td>{usd(passenger.old.total)}</td>
              <td>{usd(passenger.new.base)}</td>
              <td>{usd(passenger.new.taxes)}</td>
              <td>{usd(passenger.new.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="fare-change__table">
        <caption>{t`Your flights`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Origin`}</th>
            <th scope="col">{t`Destination`}</th>
            <th scope="col">{t`Fare family`}</th>
            <th scope="col">{t`Checked bags`}</th>
          </tr>
        </thead>
        <tbody>
          {fareChange.rows.map((row) => (
            <tr key={`${row.origin}-${row.destination}`}>
              <td>{row.origin}</td>
              <td>{row.destination}</td>
              <td>{row.fareFamily}</td>
              <td>{row.baggagePieces}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The booking error dialog of spec 2 §8: title, message, code, and the way on for each code. */
export function BookingErrorDialog({ failure, engine, agencyView, pageUrl, onClose, onAcceptFareChange, onRetry, onSearchOther }: BookingErrorDialogProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const fareChange = failure.error.fareChange;
  const kind = bookingErrorDialog(failure.statusCode, Boolean(fareChange));
  const firstServerError = failure.error.errors[0]?.value;
  const mailbox = engine.profile.email;
  // 1007: the attempts the server counted on this route (the first one when the airline itself blocks it).
  const attempts = failure.error.attempts ?? 0;

  let title = t`Something went wrong!`;
  let body: ReactNode;
  switch (kind) {
    case 'duplicate': {
      const byProfile =
        engine.profile.countryCode !== 'PE'
          ? t`There is already a booking with the same passenger details.`
          : engine.profile.profileTypeId === 1
            ? t`There is already a booking with the same passenger details. Please call our reservations counter to review it.`
            : t`There is already a booking with the same passenger details. Please write to ${mailbox} with the subject "Reserva Duplicada" stating the passenger names, the booking e-mail, the route, the dates and a contact phone number.`;
      title = t`Duplicate booking`;
      body = (
        <>
          <p>{firstServerError ?? byProfile}</p>
          {firstServerError && <p>{t`Please write to ${mailbox} with the subject "Reserva Duplicada" stating the passenger names, the booking e-mail, the route, the dates and a contact phone number.`}</p>}
        </>
      );
      break;
    }
    case 'segmentsCancelled':
      body = <p>{t`The selected flight segments are not confirmed yet or are no longer available. Please try other flights.`}</p>;
      break;
    case 'fareChange':
      title = t`The fare of your flight has changed`;
      body = (
        <>
          <p>{t`The airline changed the price of your selection. Review the new fare before you continue.`}</p>
          {fareChange && <FareChangeDetails fareChange={fareChange} />}
        </>
      );
      break;
    case 'fareChangedNoData':
      title = t`The fare of your flight has changed`;
      body = <p>{t`The fare of the selected flight has changed. Please try other flights.`}</p>;
      break;
    case 'unexpected':
      body = <p>{t`An unexpected error occurred. Please try again.`}</p>;
      break;
    case 'attemptLimit':
      title = t`Booking blocked`;
      body = (
        <>
          <p>
            {attempts > 0
              ? t({ message: plural(attempts, { one: 'Your booking was blocked after # attempt on the same route.', other: 'Your booking was blocked after # attempts on the same route.' }) })
              : t`Your booking was blocked after several attempts on the same route.`}
          </p>
          <p>
            {agencyView
              ? t`Please call our reservations counter to resume the cancelled booking.`
              : t`To resume the cancelled booking, write to ${mailbox} with your passengers' names and the route.`}
          </p>
        </>
      );
      break;
    case 'itError':
      body = (
        <>
          <p>{t`An error occurred. Copy the address of this page and send it to our IT team.`}</p>
          <p className="booking-error__url">{pageUrl}</p>
          <Button
            variant="secondary"
            onPress={() => {
              void navigator.clipboard?.writeText(pageUrl).then(() => setCopied(true));
            }}
          >
            {copied ? t`Address copied` : t`Copy the address`}
          </Button>
        </>
      );
      break;
    case 'providerError':
      body = <p>{t`The airline's system is not answering right now. Please try again or search for other flights.`}</p>;
      break;
    case 'other':
      title = t`Warning: The booking could not be completed`;
      body = <p>{firstServerError ?? failure.error.message}</p>;
      break;
  }

  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable={false} isKeyboardDismissDisabled>
      <Modal className={kind === 'fareChange' ? 'modal modal--wide' : 'modal'}>
        <Dialog role="alertdialog" className="dialog booking-error" data-kind={kind}>
          <span className="booking-error__icon" aria-hidden="true">
            {ICONS[kind]}
          </span>
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          <div className="dialog__body">
            {body}
            {failure.statusCode > 0 && <p className="booking-error__code">{t`Code: ${failure.statusCode}`}</p>}
          </div>
          <div className="dialog__actions">
            {kind === 'fareChange' ? (
              <>
                <Button variant="secondary" onPress={onSearchOther}>
                  {t`Search other flights`}
                </Button>
                <Button onPress={onAcceptFareChange}>{t`Accept the new fare and continue`}</Button>
              </>
            ) : kind === 'providerError' ? (
              <>
                <Button variant="secondary" onPress={onSearchOther}>
                  {t`Search other flights`}
                </Button>
                <Button onPress={onRetry}>{t`Try again`}</Button>
              </>
            ) : (
              <Button onPress={onClose}>{t`Accept`}</Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
