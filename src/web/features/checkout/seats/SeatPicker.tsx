import type { KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BookingFailure, SeatMap, SelectedSeat } from '../../../../contract/checkout.ts';
import { seatPickerMachine, type SeatPickerEvent } from '../../../../../machines/seat-picker.machine.ts';
import {
  designatorOf,
  holderOf,
  offerItemFor,
  seatKey,
  seatsChosenOn,
  seatsTotal,
  selectedSeatsOf,
  type SeatChoices,
} from '../../../../../machines/seat-picker.rules.ts';
import { formatMoney, US_DOLLARS } from '../../../../contract/money.ts';
import { AlertDialog, ModalDialog } from '../../../ui/overlays.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Radio, RadioGroup } from '../../../ui/RadioGroup.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import { usePassengerLabel } from '../passengers/use-passenger-label.ts';
import { seatMapLoader, type SeatSession } from './seats-api.ts';
import '../extras/extras.css';
import './seats.css';

export type SeatPickerSnapshot = SnapshotFrom<typeof seatPickerMachine>;
export type SeatPickerActor = ActorRefFrom<typeof seatPickerMachine>;

const money = (amount: number) => formatMoney(amount, US_DOLLARS, 'detail');

/** The machine for one checkout, calling POST /api/flights/seats; create it with `useActorRef(logic)`. */
export function seatPickerLogic(terminalId: string, session: SeatSession, onOfferUnavailable: (failure: BookingFailure) => void = () => {}) {
  return seatPickerMachine.provide({
    actors: { loadSeatMap: seatMapLoader(terminalId, session) },
    actions: { reportOfferUnavailable: (_, failure) => onOfferUnavailable(failure) },
  });
}

/** What finishing confirmed, as the book request's `seats`, and what it costs (for the pricing box). */
export function confirmedSeats(snapshot: SeatPickerSnapshot): { seats: SelectedSeat[]; total: number } {
  const { map, confirmed } = snapshot.context;
  return map ? { seats: selectedSeatsOf(map, confirmed), total: seatsTotal(confirmed) } : { seats: [], total: 0 };
}

/** Each seated passenger's name, or 'Adulto 1' while the form has none. */
function usePassengerNames(map: SeatMap, names: readonly string[]) {
  const passengerLabel = usePassengerLabel();
  const types = map.passengers.map((passenger) => passenger.passengerTypeCode);
  return map.passengers.map((_, index) => names[index]?.trim() || passengerLabel(types, index));
}

/** Arrow keys move between the seats that can be pressed (taken seats and aisles are skipped). */
function moveBetweenSeats(event: KeyboardEvent) {
  const steps: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = steps[event.key];
  const from = event.target as HTMLElement;
  const grid = from.closest('.seat-map');
  if (!step || !grid || from.dataset['seatRow'] === undefined) return;
  let row = Number(from.dataset['seatRow']);
  let column = Number(from.dataset['seatColumn']);
  for (let tries = 0; tries < 60; tries++) {
    row += step[0];
    column += step[1];
    const next = grid.querySelector<HTMLButtonElement>(`[data-seat-row="${row}"][data-seat-column="${column}"]`);
    if (next && !next.disabled && next.getAttribute('aria-disabled') !== 'true') {
      event.preventDefault();
      next.focus();
      return;
    }
    if (row < 0 || column < 0 || column > 20) return;
  }
}

interface SegmentProps {
  map: SeatMap;
  segmentIndex: number;
  choices: SeatChoices;
  activePassenger: string | null;
  passengerNames: string[];
  send: (event: SeatPickerEvent) => void;
}

/** The seats of one flight as buttons, row by row, an aisle between blocks; wide cabins scroll sideways. */
function SeatGrid({ map, segmentIndex, choices, activePassenger, passengerNames, send }: SegmentProps) {
  const { t } = useLingui();
  const segment = map.segments[segmentIndex]!;
  const nameOf = (passengerId: string) => passengerNames[map.passengers.findIndex((passenger) => passenger.id === passengerId)] ?? passengerId;
  // Seats above the flight's lowest price (front, exit and premium rows) are marked, so the price difference shows at a glance.
  const lowestPrice = Math.min(...segment.rows.flatMap((row) => row.offerItems.map((item) => item.price)));
  return (
    <div className="seat-map-panel">
      <fieldset className="seat-map">
        <legend className="visually-hidden">{t`Seat map ${segment.origin} - ${segment.destination}`}</legend>
        <div className="seat-map__rows">
          {segment.rows.map((row, rowIndex) => (
            <div key={row.rowNumber} className="seat-map__row">
              <span className="seat-map__number" aria-hidden="true">
                {row.rowNumber}
              </span>
              {row.columns.map((column, columnIndex) => {
                if (column.status === 'S' || !column.value) return <span key={`aisle-${columnIndex}`} className="seat-map__aisle" aria-hidden="true" />;
                const seat = { row: row.rowNumber, column: column.value };
                const designator = designatorOf(seat);
                const holder = holderOf(map, choices, segmentIndex, seat);
                const item = activePassenger === null ? null : offerItemFor(map, segmentIndex, seat, activePassenger);
                const free = holder === null && item !== null;
                const label =
                  holder !== null
                    ? t`Seat ${designator}, chosen for ${nameOf(holder)}`
                    : free
                      ? t`Seat ${designator}, available, ${money(item.price)}`
                      : t`Seat ${designator}, taken`;
                const state = holder === null ? (free ? 'free' : 'taken') : holder === activePassenger ? 'mine' : 'held';
                return (
                  <Button
                    key={designator}
                    variant="secondary"
                    aria-label={label}
                    // Taken: out of the keyboard's way (not a tab stop, skipped by the arrows) but still
                    // pressable, so choosing it gives the spec's alert instead of doing nothing.
                    aria-disabled={state === 'taken' ? true : undefined}
                    excludeFromTabOrder={state === 'taken'}
                    data-seat={state}
                    data-tier={free && item.price > lowestPrice ? 'plus' : undefined}
                    // Whose seat it is, as a badge (the name is in the label).
                    data-holder={holder === null ? undefined : map.passengers.findIndex((passenger) => passenger.id === holder) + 1}
                    data-seat-row={rowIndex}
                    data-seat-column={columnIndex}
                    onPress={() => send({ type: 'seat.pick', row: seat.row, column: seat.column })}
                    onKeyDown={moveBetweenSeats}
                  >
                    {column.value}
                  </Button>
                );
              })}
            </div>
          ))}
        </div>
      </fieldset>
      <ul className="seat-map__legend">
        <li>
          <span className="seat-map__swatch" data-seat="free" aria-hidden="true" />
          {t`Available`}
        </li>
        <li>
          <span className="seat-map__swatch" data-seat="free" data-tier="plus" aria-hidden="true" />
          {t`More legroom or up front (higher price)`}
        </li>
        <li>
          <span className="seat-map__swatch" data-seat="mine" aria-hidden="true" />
          {t`Your pick`}
        </li>
        <li>
          <span className="seat-map__swatch" data-seat="taken" aria-hidden="true" />
          {t`Taken`}
        </li>
      </ul>
    </div>
  );
}

/** Who picks (one passenger at a time), each one's seat and price, and what this flight's seats cost. */
function SeatSidePanel({ map, segmentIndex, choices, activePassenger, passengerNames, send }: SegmentProps) {
  const { t } = useLingui();
  const segment = map.segments[segmentIndex]!;
  return (
    <aside className="seats__side" aria-label={t`Passengers and seats`}>
      <RadioGroup
        label={t`Passengers`}
        value={activePassenger}
        onChange={(passengerId) => send({ type: 'seats.passenger', passengerId })}
      >
        {map.passengers.map((passenger, index) => {
          const choice = choices[seatKey(segmentIndex, passenger.id)];
          const type = passenger.passengerTypeCode === 'CHD' ? t`Child` : t`Adult`;
          const name = passengerNames[index] ?? passenger.id;
          const seat = choice ? `${t`Seat ${designatorOf(choice)}`} · ${money(choice.price)}` : t`No seat yet`;
          return (
            <Radio key={passenger.id} value={passenger.id}>
              <span className="seats__passenger">
                <span>{name}</span>
                {/* The supplier's passenger id (PAX1) is no word of ours: the type and the seat are (issue 37). */}
                <span className="seats__passenger-detail">{`${type} · ${seat}`}</span>
              </span>
            </Radio>
          );
        })}
      </RadioGroup>
      <div className="seats__detail">
        <h3>{t`Flight ${segment.origin} - ${segment.destination}`}</h3>
        <p>{t`Seats on this flight: ${money(seatsTotal(choices, segmentIndex))}`}</p>
        <p className="extras__total">{t`Total seats: ${money(seatsTotal(choices))}`}</p>
      </div>
    </aside>
  );
}

export interface SeatPickerViewProps {
  snapshot: SeatPickerSnapshot;
  send: (event: SeatPickerEvent) => void;
  /** The seated travellers' names in form order (adults, then children); empty ones read 'Adulto 1'. */
  passengerNames?: readonly string[];
}

/** The seats card of the checkout (spec 2 §2, §4) with the confirmed seats, the seat picker modal and its dialogs. */
export function SeatPickerView({ snapshot, send, passengerNames = [] }: SeatPickerViewProps) {
  const { t } = useLingui();
  const { map, choices, activeSegment, activePassenger } = snapshot.context;
  const emptyMap: SeatMap = { passengers: [], segments: [] };
  const names = usePassengerNames(map ?? emptyMap, passengerNames);
  const confirmed = confirmedSeats(snapshot);
  const picking = snapshot.matches('picking') || snapshot.matches('taken');
  const open = picking || snapshot.matches('loading') || snapshot.matches('failed') || snapshot.matches('empty');
  const lastSegment = activeSegment >= (map?.segments.length ?? 0) - 1;
  const close = () => send({ type: 'seats.close' });
  return (
    <div className="extras seats">
      <div className="extras__card">
        <p>{t`Choose where you sit on each flight.`}</p>
        <Button variant="secondary" onPress={() => send({ type: 'seats.open' })}>
          {t`Choose seats`}
        </Button>
      </div>
      {map && confirmed.seats.length > 0 && (
        <div className="extras__added">
          <h3>{t`Seats chosen`}</h3>
          <ul>
            {confirmed.seats.map((seat) => {
              const segment = map.segments[seat.indexSegment];
              const name = names[map.passengers.findIndex((passenger) => passenger.id === seat.passengerSelected.id)];
              return (
                <li key={`${seat.indexSegment}-${seat.passengerSelected.id}`}>
                  {`${name} · ${segment?.origin} - ${segment?.destination} · ${t`Seat ${designatorOf(seat)}`}: ${money(seat.price)}`}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <ModalDialog isOpen={open} onOpenChange={(isOpen) => !isOpen && close()} title={t`Seat selection`} size="wide">
        {snapshot.matches('loading') && <Spinner label={t`Loading`} />}
        {snapshot.matches('failed') && (
          <div role="alert">
            <p>{t`The seat map could not be loaded.`}</p>
            <Button onPress={() => send({ type: 'seats.retry' })}>{t`Try again`}</Button>
          </div>
        )}
        {snapshot.matches('empty') && <p role="alert">{t`No results were found`}</p>}
        {picking && map && (
          <Tabs selectedKey={String(activeSegment)} onSelectionChange={(key) => send({ type: 'seats.segment', index: Number(key) })}>
            <TabList aria-label={t`Flights`}>
              {map.segments.map((segment, index) => (
                <Tab key={`${segment.origin}-${segment.destination}-${index}`} id={String(index)}>
                  {`${segment.origin} - ${segment.destination} ${seatsChosenOn(map, choices, index)}/${map.passengers.length}`}
                </Tab>
              ))}
            </TabList>
            {map.segments.map((segment, index) => {
              const props = { map, segmentIndex: index, choices, activePassenger, passengerNames: names, send };
              return (
                <TabPanel key={`${segment.origin}-${segment.destination}-${index}`} id={String(index)}>
                  <div className="seats__layout">
                    {segment.rows.length === 0 ? <p>{t`No seats were found`}</p> : <SeatGrid {...props} />}
                    <SeatSidePanel {...props} />
                  </div>
                </TabPanel>
              );
            })}
          </Tabs>
        )}
        <div className="extras__actions">
          <Button variant="secondary" onPress={close}>
            {t`Cancel`}
          </Button>
          {picking &&
            (lastSegment ? (
              <Button onPress={() => send({ type: 'seats.finish' })}>{t`Finish seat selection`}</Button>
            ) : (
              <Button onPress={() => send({ type: 'seats.next' })}>{t`Next flight`}</Button>
            ))}
        </div>
      </ModalDialog>
      <AlertDialog
        isOpen={snapshot.matches('taken')}
        title={t`Seat not available`}
        actionLabel={t`Accept`}
        onAction={() => send({ type: 'seats.dismiss' })}
      >
        <p>{t`This seat is already assigned, please choose another one!`}</p>
      </AlertDialog>
      <AlertDialog isOpen={snapshot.matches('done')} title={t`Seats selected`} actionLabel={t`Accept`} onAction={close}>
        <p>{t`Your seats were selected. Their price is added to your purchase.`}</p>
      </AlertDialog>
    </div>
  );
}

/** The seats card and modal bound to an actor of `seatPickerLogic(...)`. */
export function SeatPicker({ actor, passengerNames }: { actor: SeatPickerActor; passengerNames?: readonly string[] }) {
  const snapshot = useSelector(actor, (current) => current);
  return <SeatPickerView snapshot={snapshot} send={(event) => actor.send(event)} {...(passengerNames ? { passengerNames } : {})} />;
}
