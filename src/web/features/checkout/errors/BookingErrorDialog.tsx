import { useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { bookingFailureKind, type BookingFailureKind } from '../../../../../machines/booking-failures.ts';
import { passengerTypeLabel, type BookingFailure, type FareChange } from '../../../../contract/checkout.ts';
import type { Engine } from '../../../../contract/engine.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { Button } from '../../../ui/Button.tsx';
import { useTooManyRequestsText } from '../../../ui/TooManyRequests.tsx';
import '../../../ui/overlays.css';
import { useFieldMessage } from '../checkout-messages.ts';

export type BookingErrorKind = BookingFailureKind;

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
  unreachable: '↯',
  timeout: '⏱',
  unavailable: '↻',
  inProgress: '⏳',
  rateLimited: '⏳',
  seatTaken: '✖',
  invalid: '!',
  sessionExpired: '⏱',
};

/** The booking may have been made, or was not yet tried (429): the dialog offers "try again" (same attempt) and "search other flights". */
const SAME_ATTEMPT_KINDS: BookingErrorKind[] = ['unreachable', 'timeout', 'unavailable', 'inProgress', 'rateLimited'];

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
  const fieldMessage = useFieldMessage();
  const tooManyRequests = useTooManyRequestsText();
  const [copied, setCopied] = useState(false);
  const fareChange = failure.error.fareChange;
  // Words by code, in the reader's language: the server's own texts are never shown.
  const kind = bookingFailureKind(failure);
  const hasServerErrors = failure.error.errors.length > 0;
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
          <p>{hasServerErrors ? t`There is already a booking with the same passenger details.` : byProfile}</p>
          {hasServerErrors && <p>{t`Please write to ${mailbox} with the subject "Reserva Duplicada" stating the passenger names, the booking e-mail, the route, the dates and a contact phone number.`}</p>}
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
          {agencyView && <p>{t`To change your extra charge first, go back to the form: the new totals will be shown again before you book.`}</p>}
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
    case 'unreachable':
      title = t`Your booking is not confirmed yet`;
      body = (
        <p>{t`The connection was lost before your booking was confirmed. Check your connection and try again: if the booking was already made, trying again will not book it twice.`}</p>
      );
      break;
    case 'timeout':
      title = t`Your booking is not confirmed yet`;
      body = <p>{t`The airline did not answer in time. Please try again in a moment: if the booking was already made, trying again will not book it twice.`}</p>;
      break;
    case 'unavailable':
      title = t`Your booking is not confirmed yet`;
      body = <p>{t`Our booking system could not finish your booking. Please try again: if the booking was already made, trying again will not book it twice.`}</p>;
      break;
    case 'inProgress':
      title = t`Your booking is not confirmed yet`;
      body = <p>{t`Your booking is still being processed. Wait a moment and try again: it will not be booked twice.`}</p>;
      break;
    case 'rateLimited': {
      // Issue 36: what happened and when to try again, from the answer's own Retry-After.
      const words = tooManyRequests(failure.error.retryAfterSeconds ?? null);
      title = words.title;
      body = <p>{words.text}</p>;
      break;
    }
    case 'seatTaken':
      body = <p>{t`This seat is already assigned, please choose another one!`}</p>;
      break;
    case 'invalid': {
      const messages = [...new Set(failure.error.errors.map((item) => fieldMessage(item.value) ?? ''))].filter(Boolean);
      body = (
        <>
          <p>{t`Some details of the booking were not accepted. Please check the form and try again.`}</p>
          {messages.length > 0 && (
            <ul>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </>
      );
      break;
    }
    case 'sessionExpired':
      title = t`Your session has expired`;
      body = <p>{t`Please search for your flights again.`}</p>;
      break;
    case 'other':
      title = t`Warning: The booking could not be completed`;
      body = <p>{t`The booking could not be completed. Please try again later or search for other flights.`}</p>;
      break;
  }

  return (
    // Only the fare change closes with Escape (back to the form); the other dialogs need their answer.
    <ModalOverlay className="modal-overlay" isOpen isDismissable={false} isKeyboardDismissDisabled={kind !== 'fareChange'} onOpenChange={(open) => !open && onClose()}>
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
                <Button variant="secondary" onPress={onClose}>
                  {t`Back to the form`}
                </Button>
                <Button onPress={onAcceptFareChange}>{t`Accept the new fare and continue`}</Button>
              </>
            ) : kind === 'providerError' || SAME_ATTEMPT_KINDS.includes(kind) ? (
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
