import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { selectedSeatSchema } from '../../src/contract/checkout.ts';
import { seatPickerMachine } from '../../machines/seat-picker.machine.ts';
import { hasNoSeats, nextPassenger, seatKey, seatsChosenOn, seatsTotal, selectedSeatsOf, type SeatChoices } from '../../machines/seat-picker.rules.ts';
import { planOf, seatPickerMap } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('seat picker machine', () => {
  const { machine: tested, ...plan } = planOf('seatPicker');

  it('reaches every state and takes every transition', () => expectFullCoverage('seatPicker', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(tested, path)) {
      const { choices, confirmed, activePassenger, map, refusedSeat } = snapshot.context;
      // One seat per passenger and one passenger per seat on each segment; never a taken seat.
      const seats = Object.entries(choices).map(([key, choice]) => `${key.split(':')[0]}:${choice.row}${choice.column}`);
      expect(new Set(seats).size).toBe(seats.length);
      expect(seats).not.toContain('0:5E');
      // A closed modal (or the success dialog) keeps nothing unconfirmed.
      const modalClosed = snapshot.matches('closed') || snapshot.matches('done');
      expect(modalClosed && JSON.stringify(choices) !== JSON.stringify(confirmed)).toBe(false);
      expect(!snapshot.matches('picking') || map?.passengers.some((passenger) => passenger.id === activePassenger)).toBe(true);
      expect(snapshot.matches('taken')).toBe(refusedSeat !== null);
      // A failure always says why, and nothing was loaded.
      expect(!snapshot.matches('failed') || (snapshot.context.errorMessage === 'Servicio no disponible' && map === null)).toBe(true);
    }
  });

  it('picks for the active passenger, moves on to the next without a seat, refuses a seat another holds, and confirms on the last flight', async () => {
    const actor = createActor(seatPickerMachine.provide({ actors: { loadSeatMap: fromPromise(async () => seatPickerMap) } })).start();
    actor.send({ type: 'seats.open' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('picking')).toBe(true);
    expect(actor.getSnapshot().context.activePassenger).toBe('PAX1');
    actor.send({ type: 'seat.pick', row: 5, column: 'A' });
    expect(actor.getSnapshot().context.activePassenger).toBe('PAX2');
    actor.send({ type: 'seat.pick', row: 5, column: 'A' });
    expect(actor.getSnapshot().value).toBe('taken');
    expect(actor.getSnapshot().context.refusedSeat).toBe('5A');
    actor.send({ type: 'seats.dismiss' });
    actor.send({ type: 'seat.pick', row: 5, column: 'C' });
    // Everyone has a seat: the first passenger is active again, and picking again moves their seat.
    expect(actor.getSnapshot().context.activePassenger).toBe('PAX1');
    actor.send({ type: 'seat.pick', row: 5, column: 'B' });
    expect(actor.getSnapshot().context.choices[seatKey(0, 'PAX1')]).toMatchObject({ row: 5, column: 'B', offerItemID: 'S0-5B-PAX1', price: 6 });
    actor.send({ type: 'seats.finish' });
    expect(actor.getSnapshot().value).toBe('picking');
    actor.send({ type: 'seats.next' });
    expect(actor.getSnapshot().context).toMatchObject({ activeSegment: 1, activePassenger: 'PAX1' });
    actor.send({ type: 'seats.finish' });
    expect(actor.getSnapshot().value).toBe('done');
    actor.send({ type: 'seats.close' });
    // Reopening shows the confirmed seats, from the first flight.
    actor.send({ type: 'seats.open' });
    expect(actor.getSnapshot().context).toMatchObject({ activeSegment: 0, activePassenger: 'PAX1', choices: actor.getSnapshot().context.confirmed });
    expect(Object.keys(actor.getSnapshot().context.confirmed)).toEqual(['0:PAX1', '0:PAX2']);
    actor.stop();
  });
});

describe('seat rules', () => {
  const choices: SeatChoices = {
    [seatKey(0, 'PAX1')]: { row: 5, column: 'A', offerItemID: 'S0-5A-PAX1', price: 6 },
    [seatKey(1, 'PAX2')]: { row: 5, column: 'F', offerItemID: 'S1-5F-PAX2', price: 6.5 },
  };

  it('makes the next passenger without a seat active, looking on from the current one, else the first', () => {
    const three = { ...seatPickerMap, passengers: [...seatPickerMap.passengers, { id: 'PAX3', passengerTypeCode: 'CHD' as const }] };
    expect(nextPassenger(three, choices, 0, 'PAX1')).toBe('PAX2');
    expect(nextPassenger(three, { ...choices, [seatKey(0, 'PAX2')]: choices['0:PAX1']! }, 0, 'PAX3')).toBe('PAX3');
    expect(nextPassenger(three, choices, 1, 'PAX2')).toBe('PAX3');
    const full = Object.fromEntries(['PAX1', 'PAX2', 'PAX3'].map((id) => [seatKey(0, id), choices['0:PAX1']!]));
    expect(nextPassenger(three, full, 0, 'PAX2')).toBe('PAX1');
  });

  it('counts and prices the seats per flight and for the trip', () => {
    expect([seatsChosenOn(seatPickerMap, choices, 0), seatsChosenOn(seatPickerMap, choices, 1)]).toEqual([1, 1]);
    expect([seatsTotal(choices, 0), seatsTotal(choices, 1), seatsTotal(choices)]).toEqual([6, 6.5, 12.5]);
  });

  it('builds the book request’s seats, which the contract accepts', () => {
    const seats = selectedSeatsOf(seatPickerMap, choices);
    expect(seats.map((seat) => [seat.indexSegment, seat.passengerSelected.id, `${seat.row}${seat.column}`])).toEqual([
      [0, 'PAX1', '5A'],
      [1, 'PAX2', '5F'],
    ]);
    expect(seats.map((seat) => selectedSeatSchema.parse(seat))).toEqual(seats);
  });

  it('reads a map without rows or without seated passengers as no seats', () => {
    expect(hasNoSeats(seatPickerMap)).toBe(false);
    expect(hasNoSeats({ ...seatPickerMap, segments: seatPickerMap.segments.map((segment) => ({ ...segment, rows: [] })) })).toBe(true);
    expect(hasNoSeats({ ...seatPickerMap, passengers: [] })).toBe(true);
  });
});
