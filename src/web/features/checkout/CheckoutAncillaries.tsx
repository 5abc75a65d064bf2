import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../../machines/checkout.machine.ts';
import { missingBagsPerLeg } from '../../../../machines/bag-prices.ts';
import { passengerDrafts } from '../../../../machines/checkout.rules.ts';
import type { SelectedExtras, SelectedSeat } from '../../../contract/checkout.ts';
import type { Session } from '../../../contract/session.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { ExtraBaggage, confirmedExtras, extraBaggageInput, extraBaggageLogic } from './extras/ExtraBaggage.tsx';
import { SeatPicker, confirmedSeats, seatPickerLogic } from './seats/SeatPicker.tsx';

/** An extras card of the checkout: what it sells comes confirmed to the page; a 1001 goes to the checkout. */
interface CheckoutCardProps<Chosen> {
  session: Session;
  terminalId: string;
  checkout: ActorRefFrom<typeof checkoutMachine>;
  onConfirmed: (chosen: Chosen, total: number) => void;
}

/** The extra-baggage card: its own actor; confirmed extras go to the booking. */
function CheckoutExtras({ session, terminalId, checkout, onConfirmed }: CheckoutCardProps<SelectedExtras>) {
  const passengerTypes = passengerDrafts(session.searchParams?.passengers ?? { adults: 1, children: 0, infants: 0 }).map((draft) => draft.type);
  // An offer the airline sells no more (1001) opens the checkout's dialog.
  const logic = extraBaggageLogic(terminalId, session, (failure) => checkout.send({ type: 'offer.unavailable', failure }));
  // The bags chosen on the results come added (issue 37), so the checkout's total is the card's.
  const preselected = session.chosenBags && session.flights ? missingBagsPerLeg(session.flights, session.chosenBags) : undefined;
  const actor = useTracedActorRef(logic, { input: extraBaggageInput(session, passengerTypes, preselected) });
  const confirmed = useSelector(actor, (snapshot) => confirmedExtras(snapshot), (a, b) => a.total === b.total && JSON.stringify(a.extras) === JSON.stringify(b.extras));
  useEffect(() => onConfirmed(confirmed.extras, confirmed.total), [confirmed, onConfirmed]);
  return <ExtraBaggage actor={actor} />;
}

/** The seats card (same offer rule as the baggage): its own actor; the confirmed seats go to the pricing box and the booking. */
function CheckoutSeats({ session, terminalId, checkout, onConfirmed }: CheckoutCardProps<SelectedSeat[]>) {
  // An offer the airline sells no more (1001) opens the checkout's dialog.
  const actor = useTracedActorRef(seatPickerLogic(terminalId, session, (failure) => checkout.send({ type: 'offer.unavailable', failure })));
  // Seated travellers (not infants) in form order, as the seat map's PAX1, PAX2 …
  const names = useSelector(
    checkout,
    ({ context }) => context.draft.passengers.filter((passenger) => passenger.type !== 'INF').map((passenger) => `${passenger.firstName ?? ''} ${passenger.lastName ?? ''}`.trim()),
    (a, b) => a.join('|') === b.join('|'),
  );
  const confirmed = useSelector(actor, (snapshot) => confirmedSeats(snapshot), (a, b) => a.total === b.total && JSON.stringify(a.seats) === JSON.stringify(b.seats));
  useEffect(() => onConfirmed(confirmed.seats, confirmed.total), [confirmed, onConfirmed]);
  return <SeatPicker actor={actor} passengerNames={names} />;
}

/** The extras and seats cards of a checkout (CheckoutPage loads this module after the page's first paint). */
export function CheckoutAncillaries({ onExtras, onSeats, ...props }: Omit<CheckoutCardProps<never>, 'onConfirmed'> & {
  onExtras: CheckoutCardProps<SelectedExtras>['onConfirmed'];
  onSeats: CheckoutCardProps<SelectedSeat[]>['onConfirmed'];
}) {
  return (
    <>
      <CheckoutExtras {...props} onConfirmed={onExtras} />
      <CheckoutSeats {...props} onConfirmed={onSeats} />
    </>
  );
}
