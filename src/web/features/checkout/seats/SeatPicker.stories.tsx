import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import type { SeatMap } from '../../../../contract/checkout.ts';
import { limCuzSeatMap } from '../../../../contract/fixtures/checkout.ts';
import { seatPickerMachine, type SeatPickerContext } from '../../../../../machines/seat-picker.machine.ts';
import type { SeatChoices } from '../../../../../machines/seat-picker.rules.ts';
import { SeatPickerView } from './SeatPicker.tsx';

/** Two adults and a child (the infant gets no seat) on the Lima–Cusco round trip, A320 both ways. */
const map = limCuzSeatMap({ adults: 2, children: 1 });

function seatsIn(value: StateValueFrom<typeof seatPickerMachine>, context: Partial<SeatPickerContext> = {}) {
  return seatPickerMachine.resolveState({
    value,
    context: { map: null, errorMessage: null, activeSegment: 0, activePassenger: null, choices: {}, confirmed: {}, refusedSeat: null, ...context },
  });
}

const picks: SeatChoices = {
  '0:PAX1': { row: 5, column: 'A', offerItemID: 'S0-5A-PAX1', price: 6 },
  '0:PAX3': { row: 5, column: 'B', offerItemID: 'S0-5B-PAX3', price: 6 },
  '1:PAX1': { row: 1, column: 'D', offerItemID: 'S1-1D-PAX1', price: 8 },
};
const loaded = { map, activePassenger: 'PAX2' };
/** The passengers' names as the forms hold them: the second adult has not typed one yet. */
const passengerNames = ['Lucía Quispe', '', 'Mateo Quispe'];
/** A train segment between two flights: no seat map. */
const withGroundSegment: SeatMap = { ...map, segments: [map.segments[0]!, { origin: 'CUZ', destination: 'PEM', rows: [] }] };

const meta = {
  title: 'Checkout/SeatPicker',
  component: SeatPickerView,
  args: { snapshot: seatsIn('closed'), send: fn(), passengerNames },
} satisfies Meta<typeof SeatPickerView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

export const Closed: Story = {};
export const ClosedSpanish = spanish(Closed);
/** Confirmed seats listed on the card after finishing. */
export const ClosedWithSeats: Story = { args: { snapshot: seatsIn('closed', { ...loaded, choices: picks, confirmed: picks }) } };
export const ClosedWithSeatsSpanish = spanish(ClosedWithSeats);
/** 'cargando' */
export const Loading: Story = { args: { snapshot: seatsIn('loading') } };
export const LoadingSpanish = spanish(Loading);
export const Failed: Story = { args: { snapshot: seatsIn('failed', { errorMessage: 'El proveedor no respondió a tiempo.' }) } };
export const FailedSpanish = spanish(Failed);
/** 'No se encontraron resultados' */
export const Empty: Story = { args: { snapshot: seatsIn('empty', { map: { passengers: map.passengers, segments: [] } }) } };
export const EmptySpanish = spanish(Empty);
export const Picking: Story = { args: { snapshot: seatsIn('picking', { ...loaded, choices: picks }) } };
export const PickingSpanish = spanish(Picking);
/** The return flight: the last tab, whose button finishes. */
export const PickingLastFlight: Story = { args: { snapshot: seatsIn('picking', { ...loaded, activeSegment: 1, activePassenger: 'PAX1', choices: picks }) } };
export const PickingLastFlightSpanish = spanish(PickingLastFlight);
/** 'No se encontraron asientos' for a segment without a map. */
export const PickingNoSeatsOnSegment: Story = { args: { snapshot: seatsIn('picking', { map: withGroundSegment, activeSegment: 1, activePassenger: 'PAX1' }) } };
export const PickingNoSeatsOnSegmentSpanish = spanish(PickingNoSeatsOnSegment);
/** 'Este asiento ya está asignado, favor de elegir otro !' */
export const Taken: Story = { args: { snapshot: seatsIn('taken', { ...loaded, choices: picks, refusedSeat: '5A' }) } };
export const TakenSpanish = spanish(Taken);
export const Done: Story = { args: { snapshot: seatsIn('done', { ...loaded, choices: picks, confirmed: picks }) } };
export const DoneSpanish = spanish(Done);
