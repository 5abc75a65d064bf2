import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import { filtersMachine } from '../../machines/filters.machine.ts';
import { PROGRESS_HIDE_DELAY_MS, searchMachine } from '../../machines/search.machine.ts';
import { limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';
import { createTraceRecorder, redact, replayTrace, type Trace } from '../../src/web/lib/trace.ts';
import { searchRequest, sessionID } from './plans.ts';

describe('recorded traces', () => {
  it('replay a scripted results session (calls, ticks, timers, filters child) to the same final state', async () => {
    const clock = new SimulatedClock();
    const live = searchMachine.provide({
      actors: {
        saveSearchSession: fromPromise(async () => sessionID),
        searchFlights: fromPromise(async () => limaCuscoRoundTripSearch),
        progressTicker: fromCallback(({ sendBack }) => sendBack({ type: 'progress.tick' })),
      },
    });
    const input = { request: searchRequest };
    const recorder = createTraceRecorder(live, input);
    const actor = createActor(live, { input, clock, inspect: recorder.inspect }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('completing'));
    clock.increment(PROGRESS_HIDE_DELAY_MS);
    const filters = () => actor.getSnapshot().children.filters as ActorRefFrom<typeof filtersMachine>;
    filters().send({ type: 'filter.toggle', key: 'stops', value: 0 });
    filters().send({ type: 'sort.select', order: 'fastest' });
    filters().send({ type: 'list.more' });

    // The trace goes through JSON, as a downloaded file does.
    const trace = JSON.parse(JSON.stringify(recorder.trace)) as Trace;
    const { snapshot, steps } = replayTrace(searchMachine, trace);

    expect(actor.getSnapshot().value).toBe('loaded');
    expect(snapshot.value).toEqual(actor.getSnapshot().value);
    expect(snapshot.context).toEqual(actor.getSnapshot().context);
    const replayedFilters = (snapshot.children.filters as ActorRefFrom<typeof filtersMachine>).getSnapshot();
    expect(replayedFilters.value).toEqual(filters().getSnapshot().value);
    expect(replayedFilters.context).toEqual(filters().getSnapshot().context);
    expect(steps.map(({ step }) => step.event.type)).toContain('xstate.after.progressHide.search.completing');
    expect(steps.filter((step) => step.missingActor)).toEqual([]);
    actor.stop();
  });

  it('redact personal and card data by key name at any depth, and keep the rest', () => {
    const event = {
      type: 'passenger.change',
      index: 0,
      changes: { firstName: 'Ana', lastName: 'Quispe', email: 'ana@example.pe', phoneNumber: '987654321', documentNumber: '45871236', birthdate: { year: 1990, month: 5, day: 12 } },
      card: { cardNumber: '4111111111111111', cvv: '123', expiryMonth: '12', expirationYear: '2030', holderName: 'ANA QUISPE', docNumber: '45871236', brand: 'visa', last4: '1111' },
      insurance: [{ familyName: 'Asistencia Plus', contactEmail: 'x@y.z' }],
    };
    expect(redact(event)).toEqual({
      type: 'passenger.change',
      index: 0,
      changes: { firstName: '[redacted]', lastName: '[redacted]', email: '[redacted]', phoneNumber: '[redacted]', documentNumber: '[redacted]', birthdate: '[redacted]' },
      card: { cardNumber: '[redacted]', cvv: '[redacted]', expiryMonth: '[redacted]', expirationYear: '[redacted]', holderName: '[redacted]', docNumber: '[redacted]', brand: 'visa', last4: '1111' },
      insurance: [{ familyName: 'Asistencia Plus', contactEmail: '[redacted]' }],
    });
  });
});
