import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { manageBookingMachine, type ManageBookingAnswer } from '../../machines/manage-booking.machine.ts';
import type { BookingLookupRequest, ManageBookingView } from '../../src/contract/manage-booking.ts';
import { cancelledBooking, foundBooking, MANAGED_LAST_NAME, MANAGED_PNR } from '../../src/contract/fixtures/manage-booking.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('manage booking machine', () => {
  const { machine, ...plan } = planOf('manageBooking');

  it('reaches every state and takes every transition', () => expectFullCoverage('manageBooking', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // A booking is shown exactly when one was found; a cancel is only ever asked of a booking the form found.
      expect(snapshot.context.booking !== null).toBe(snapshot.matches('found'));
      expect(snapshot.matches({ found: 'confirmingCancel' }) && (snapshot.context.query === null || snapshot.context.token !== null)).toBe(false);
    }
  });

  it('looks the booking up with what was typed, then cancels the order it found', async () => {
    const calls: string[] = [];
    const actor = createActor(
      manageBookingMachine.provide({
        actors: {
          lookUpBooking: fromPromise<ManageBookingAnswer, BookingLookupRequest>(async ({ input }) => {
            calls.push(`lookup ${input.pnr} ${input.lastName}`);
            return { kind: 'found', booking: foundBooking };
          }),
          cancelBooking: fromPromise<ManageBookingView, { orderId: string }>(async ({ input }) => {
            calls.push(`cancel ${input.orderId}`);
            return cancelledBooking;
          }),
        },
      }),
      { input: { token: null } },
    ).start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'lookup.submit', query: { pnr: MANAGED_PNR, lastName: MANAGED_LAST_NAME } });
    await waitFor(actor, (snapshot) => snapshot.matches({ found: 'viewing' }));
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ found: 'cancelled' }));
    expect(actor.getSnapshot().context.booking?.status).toEqual({ booking: 5, paymentOrder: 'POC' });
    expect(calls).toEqual([`lookup KXQ7TZ Quispe Mamani`, `cancel ${foundBooking.orderId}`]);
    actor.stop();
  });

  it('tells a cancel refused for too many requests apart from one refused for the booking’s state, with the seconds to wait', async () => {
    const actor = createActor(
      manageBookingMachine.provide({
        actors: {
          lookUpBooking: fromPromise<ManageBookingAnswer, BookingLookupRequest>(async () => ({ kind: 'found', booking: foundBooking })),
          cancelBooking: fromPromise<ManageBookingView, { orderId: string }>(async () => {
            throw Object.assign(new Error('Too many requests: try again in 42 s.'), { status: 429, retryAfterSeconds: 42 });
          }),
        },
      }),
      { input: { token: null } },
    ).start();
    actor.send({ type: 'lookup.submit', query: { pnr: MANAGED_PNR, lastName: MANAGED_LAST_NAME } });
    await waitFor(actor, (snapshot) => snapshot.matches({ found: 'viewing' }));
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ found: 'cancelRateLimited' }));
    expect(actor.getSnapshot().context.retryAfterSeconds).toBe(42);
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().matches({ found: 'viewing' })).toBe(true);
    actor.stop();
  });

  it('never offers the cancel of a booking opened by its link (masked: nothing was proved)', async () => {
    const actor = createActor(
      manageBookingMachine.provide({
        actors: { openLink: fromPromise<ManageBookingAnswer, { token: string }>(async () => ({ kind: 'found', booking: { ...foundBooking, cancellable: true } })) },
      }),
      { input: { token: 'a-token' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ found: 'viewing' }));
    actor.send({ type: 'cancel.request' });
    expect(actor.getSnapshot().matches({ found: 'viewing' })).toBe(true);
    actor.stop();
  });
});
