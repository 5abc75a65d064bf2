import type { SeatMap, SelectedSeat } from '../src/contract/checkout.ts';

/** A seat picked for one passenger on one segment, with the offer item that sells it. */
export interface SeatChoice {
  row: number;
  column: string;
  offerItemID: string;
  price: number;
}

/** `${segmentIndex}:${passengerId}` → the seat picked (spec 3 §5: one seat per passenger per segment). */
export type SeatChoices = Record<string, SeatChoice>;

export const seatKey = (segmentIndex: number, passengerId: string) => `${segmentIndex}:${passengerId}`;
export const designatorOf = (seat: { row: number; column: string }) => `${seat.row}${seat.column}`;

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** Nothing to choose: no seated passenger, or no segment with a row ('No se encontraron resultados'). */
export function hasNoSeats(map: SeatMap): boolean {
  return map.passengers.length === 0 || map.segments.every((segment) => segment.rows.length === 0);
}

/** The passenger holding a seat on a segment, if any. */
export function holderOf(map: SeatMap, choices: SeatChoices, segmentIndex: number, seat: { row: number; column: string }): string | null {
  const holder = map.passengers.find((passenger) => {
    const choice = choices[seatKey(segmentIndex, passenger.id)];
    return choice !== undefined && choice.row === seat.row && choice.column === seat.column;
  });
  return holder?.id ?? null;
}

/** The offer item that sells a seat to a passenger on a segment; none for taken seats and aisles. */
export function offerItemFor(map: SeatMap, segmentIndex: number, seat: { row: number; column: string }, passengerId: string) {
  const row = map.segments[segmentIndex]?.rows.find((candidate) => candidate.rowNumber === seat.row);
  return row?.offerItems.find((item) => item.seat === designatorOf(seat) && item.paxID === passengerId) ?? null;
}

/** A real seat of the segment's map (not an aisle, not a seat the map does not have), whoever holds it. */
export function isSeatOnMap(map: SeatMap, segmentIndex: number, seat: { row: number; column: string }): boolean {
  const row = map.segments[segmentIndex]?.rows.find((candidate) => candidate.rowNumber === seat.row);
  return row?.columns.some((column) => column.status !== 'S' && column.value !== '' && column.value === seat.column) ?? false;
}

/**
 * Who is active after a pick (spec 3 §4): the next passenger without a seat on the segment, looking on
 * from the current one; the first passenger when all have one.
 */
export function nextPassenger(map: SeatMap, choices: SeatChoices, segmentIndex: number, current: string | null): string | null {
  const ids = map.passengers.map((passenger) => passenger.id);
  const start = current === null ? 0 : ids.indexOf(current) + 1;
  const inTurn = [...ids.slice(start), ...ids.slice(0, start)];
  return inTurn.find((id) => choices[seatKey(segmentIndex, id)] === undefined) ?? ids[0] ?? null;
}

/** How many passengers have a seat on a segment (the tab reads 'LIM - CUZ 1/2'). */
export function seatsChosenOn(map: SeatMap, choices: SeatChoices, segmentIndex: number): number {
  return map.passengers.filter((passenger) => choices[seatKey(segmentIndex, passenger.id)] !== undefined).length;
}

/** What the seats cost on one segment, or on the whole trip. */
export function seatsTotal(choices: SeatChoices, segmentIndex?: number): number {
  const keys = Object.keys(choices).filter((key) => segmentIndex === undefined || key.startsWith(`${segmentIndex}:`));
  return round2(keys.reduce((sum, key) => sum + (choices[key]?.price ?? 0), 0));
}

/** The book request's `seats` (spec 2 §3 "selected seat"): segment by segment, passengers in order. */
export function selectedSeatsOf(map: SeatMap, choices: SeatChoices): SelectedSeat[] {
  return map.segments.flatMap((_, segmentIndex) =>
    map.passengers.flatMap((passenger) => {
      const choice = choices[seatKey(segmentIndex, passenger.id)];
      if (!choice) return [];
      return [
        {
          row: choice.row,
          column: choice.column,
          indexSegment: segmentIndex,
          passengerSelected: { id: passenger.id, passengerTypeCode: passenger.passengerTypeCode },
          offerItemID: choice.offerItemID,
          price: choice.price,
        },
      ];
    }),
  );
}
