import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { bookingFailureKind } from '../../machines/booking-failures.ts';
import { fareFamiliesMachine } from '../../machines/fare-families.machine.ts';
import { nearbyNoteMachine } from '../../machines/nearby-note.machine.ts';
import { priceCalendarRequest } from '../../src/contract/fixtures/price-calendar.ts';
import type { NearbyAlternative, NearbyAlternativesResponse } from '../../src/contract/nearby-alternatives.ts';
import { filtersMachine } from '../../machines/filters.machine.ts';
import { PROGRESS_CAP, PROGRESS_DONE } from '../../machines/search.machine.ts';
import { cheapestFareForBags, isUpsellOffered } from '../../machines/fare-families.rules.ts';
import { NO_BAGS } from '../../machines/bag-prices.ts';
import type { ComparedFare } from '../../src/contract/fares.ts';
import { displayedTotal, withCustomFee } from '../../machines/selection.ts';
import { customFeeOf } from '../../src/contract/checkout-totals.ts';
import { refusalOf, statusOfFailure } from '../../machines/search-errors.ts';
import { latamFamilyFares, limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';
import type { BookingFailure } from '../../src/contract/checkout.ts';
import { limCuzRecommendation } from '../../src/contract/fixtures/checkout.ts';
import { pending, planOf, searchRequest as request, segmentsUnavailableAnswer, sessionID } from './plans.ts';
import { expectFullCoverage, replayPath, type PlannedPath } from './support/path-plan.ts';
import { offer } from './support/offers.ts';

/** Replays every planned path with actors that never settle: the path's own events drive. */
const ezeiza: NearbyAlternative = { end: 'destination', origin: 'LIM', destination: 'EZE', airportCode: 'EZE', cityName: 'Buenos Aires', distanceKm: 31, total: 259, saving: 80 };

function replayAll<T extends AnyStateMachine>(machine: T, paths: PlannedPath<T>[], check: (snapshot: ReturnType<T['getInitialSnapshot']>) => void) {
  it.each(paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) check(snapshot as never);
  });
}

describe('search machine', () => {
  const results = limaCuscoRoundTripSearch;
  const { machine: testMachine, ...plan } = planOf('search');

  it('reaches every state and takes every transition', () => expectFullCoverage('search', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // An error status is shown exactly in the error states; results exactly when loaded.
    expect(snapshot.context.errorStatus !== null).toBe(snapshot.matches('failed') || snapshot.matches('empty'));
    expect(snapshot.context.recommendations.length > 0).toBe(snapshot.matches('completing') || snapshot.matches('loaded') || snapshot.matches({ searching: 'partial' }));
    // Suppliers are pending exactly while the first offers show; the filters live exactly while offers show.
    expect(snapshot.context.pendingSuppliers.length > 0).toBe(snapshot.matches({ searching: 'partial' }));
    expect(snapshot.children.filters !== undefined).toBe(snapshot.matches('loaded') || snapshot.matches({ searching: 'partial' }));
    expect(snapshot.context.progress <= PROGRESS_CAP || snapshot.context.progress === PROGRESS_DONE).toBe(true);
  });

  it('restores a shared URL’s filters and sort on the first results, and drops them when the tab changes', () => {
    const actor = createActor(testMachine, { input: { request, restoredFilters: { criteria: { stops: 0 }, sort: 'cheapest' } } }).start();
    actor.send({ type: 'xstate.done.actor.saveSearchSession', output: sessionID } as never);
    actor.send({ type: 'xstate.done.actor.searchFlights', output: results } as never);
    actor.send({ type: 'xstate.after.progressHide.search.completing' } as never);
    const filtersOf = () => (actor.getSnapshot().children.filters!.getSnapshot() as SnapshotFrom<typeof filtersMachine>).context;
    expect(filtersOf()).toMatchObject({ criteria: { stops: 0 }, sort: 'cheapest' });
    actor.send({ type: 'tab.select', tab: 1 });
    actor.send({ type: 'xstate.done.actor.searchFlights', output: results } as never);
    actor.send({ type: 'xstate.after.progressHide.search.completing' } as never);
    expect(filtersOf()).toMatchObject({ criteria: {}, sort: 'best' });
  });

  it('keeps the suppliers an answer names unavailable while its results show (issue 17), and forgets them on the next search', () => {
    const actor = createActor(testMachine, { input: { request } }).start();
    actor.send({ type: 'xstate.done.actor.saveSearchSession', output: sessionID } as never);
    actor.send({ type: 'xstate.done.actor.searchFlights', output: { ...results, unavailableSuppliers: [{ supplier: 'duffel', reason: 'timeout' }] } } as never);
    actor.send({ type: 'xstate.after.progressHide.search.completing' } as never);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.unavailableSuppliers).toEqual([{ supplier: 'duffel', reason: 'timeout' }]);
    actor.send({ type: 'tab.select', tab: 1 });
    expect(actor.getSnapshot().context.unavailableSuppliers).toEqual([]);
    actor.send({ type: 'xstate.done.actor.searchFlights', output: results } as never);
    expect(actor.getSnapshot().context.unavailableSuppliers).toEqual([]);
  });

  it('shows the fastest supplier’s offers while the others are asked (issue 17), grows them in the same filters, and ends loaded on the whole answer', () => {
    const actor = createActor(testMachine, { input: { request } }).start();
    actor.send({ type: 'xstate.done.actor.saveSearchSession', output: sessionID } as never);
    const [first, second, ...rest] = results.data;
    // A supplier that answered no offers yet changes nothing.
    actor.send({ type: 'search.partial', answer: { status: 204, data: [], flexible: null, pendingSuppliers: ['sandbox'] } });
    expect(actor.getSnapshot().value).toEqual({ searching: 'waiting' });
    actor.send({ type: 'search.partial', answer: { status: 200, data: [first!], flexible: null, pendingSuppliers: ['duffel', 'other'] } });
    expect(actor.getSnapshot().value).toEqual({ searching: 'partial' });
    expect(actor.getSnapshot().context.pendingSuppliers).toEqual(['duffel', 'other']);
    const filtersRef = actor.getSnapshot().children.filters!;
    const filtersOf = () => (filtersRef.getSnapshot() as SnapshotFrom<typeof filtersMachine>).context;
    expect(filtersOf().data).toEqual([first]);
    filtersRef.send({ type: 'sort.select', order: 'cheapest' });
    actor.send({ type: 'search.partial', answer: { status: 200, data: [first!, second!], flexible: null, unavailableSuppliers: [{ supplier: 'other', reason: 'error' }], pendingSuppliers: ['duffel'] } });
    expect(filtersOf()).toMatchObject({ data: [first, second], sort: 'cheapest' });
    expect(actor.getSnapshot().context.unavailableSuppliers).toEqual([{ supplier: 'other', reason: 'error' }]);
    actor.send({ type: 'xstate.done.actor.searchFlights', output: { ...results, unavailableSuppliers: [{ supplier: 'other', reason: 'error' }] } } as never);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({ progress: PROGRESS_DONE, pendingSuppliers: [], recommendations: results.data });
    // The same filters child, now with every offer, still sorted as chosen.
    expect(actor.getSnapshot().children.filters).toBe(filtersRef);
    expect(filtersOf()).toMatchObject({ data: [first, second, ...rest], sort: 'cheapest' });
  });

  it('keeps the first offers when the search call breaks after them, naming the suppliers still asked as failed', () => {
    const actor = createActor(testMachine, { input: { request } }).start();
    actor.send({ type: 'xstate.done.actor.saveSearchSession', output: sessionID } as never);
    actor.send({ type: 'search.partial', answer: { ...results, pendingSuppliers: ['duffel'] } });
    actor.send({ type: 'xstate.error.actor.searchFlights', error: new TypeError('network error') } as never);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({ recommendations: results.data, unavailableSuppliers: [{ supplier: 'duffel', reason: 'error' }], pendingSuppliers: [], errorStatus: null });
  });

  it('maps a failed save to 504 and an aborted request to 504', () => {
    expect(statusOfFailure({ name: 'AbortError' })).toBe(504);
    expect(statusOfFailure({ status: 402 })).toBe(402);
    expect(statusOfFailure(new Error('boom'))).toBe(500);
  });

  it('reads why a 400 refused the search: the unknown airport by the leg and end it names', () => {
    const itinerary = [
      { origin: 'LIM', destination: 'CUZ' },
      { origin: 'CUZ', destination: 'XYZ' },
    ];
    const refused = (code: string, path = 'body.itinerary.1.destination') => ({ status: 400, body: { status: 400, errors: [{ code, path, value: 'x' }] } });
    expect(refusalOf(refused('unknown_airport'), itinerary)).toEqual({ kind: 'unknownAirport', code: 'XYZ' });
    expect(refusalOf(refused('unknown_airport', 'body.itinerary.0.origin'), itinerary)).toEqual({ kind: 'unknownAirport', code: 'LIM' });
    expect(refusalOf(refused('same_airport'), itinerary)).toEqual({ kind: 'sameAirport' });
    expect(refusalOf(refused('past_date', 'body.itinerary.0.date'), itinerary)).toEqual({ kind: 'pastDate' });
    expect(refusalOf(refused('too_big', 'body.passengers'), itinerary)).toEqual({ kind: 'other' });
    expect(refusalOf({ status: 504 }, itinerary)).toBeNull();
  });
});

describe('recommendation card machine', () => {
  const recommendation = limCuzRecommendation;
  const { machine: testMachine, ...plan } = planOf('recommendationCard');

  it('reaches every state and takes every transition', () => expectFullCoverage('recommendationCard', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // Consumers never see agency markups or commission.
    expect(!snapshot.context.isAgencyView && snapshot.context.markups.length > 0).toBe(false);
    expect(!snapshot.context.showsCommission && snapshot.context.commission !== null).toBe(false);
  });

  it('adds, replaces and removes the CUSTOM extra charge; ignores text that is not a number', () => {
    const fees = recommendation.pricing.fees;
    const added = withCustomFee(fees, '12.345')!;
    expect(customFeeOf(added)).toBe(12.35);
    expect(customFeeOf(withCustomFee(added, '20')!)).toBe(20);
    expect(withCustomFee(added, '0')).toEqual(fees);
    expect(withCustomFee(added, '')).toEqual(fees);
    expect(withCustomFee(added, 'abc')).toBeNull();
    expect(displayedTotal(recommendation, added, [])).toBe(Math.round((recommendation.pricing.total + 12.35) * 100) / 100);
  });
});

describe('fare families machine', () => {
  const recommendation = limCuzRecommendation;
  const { machine: testMachine, ...plan } = planOf('fareFamilies');

  it('reaches every state and takes every transition', () => expectFullCoverage('fareFamilies', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // Closing forgets the families (spec 1 §4).
    expect(snapshot.matches('closed') && snapshot.context.families !== null).toBe(false);
  });

  it('a 409 code 1001 from the family fares call is the checkout’s 1001, not the modal’s own error; accepting it closes on the results', async () => {
    const actor = createActor(
      fareFamiliesMachine.provide({ actors: { loadFareFamilies: fromPromise(() => Promise.reject(segmentsUnavailableAnswer)), saveSelection: pending() } }),
      { input: { recommendation, sessionID, choice: [0, 0] } },
    ).start();
    actor.send({ type: 'modal.open', choice: [0, 0], bags: NO_BAGS });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('offerUnavailable');
    expect(bookingFailureKind(actor.getSnapshot().context.failure as BookingFailure)).toBe('segmentsCancelled');
    actor.send({ type: 'modal.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('offers upsell only on allowed providers, one airline and at most two legs (more for 102)', () => {
    expect(isUpsellOffered(recommendation, [0, 0])).toBe(true);
    expect(isUpsellOffered(offer({ id: 'kiu', provider: 101 }), [0, 0])).toBe(false);
    expect(isUpsellOffered(offer({ id: 'h2-amadeus', provider: 100, airline: 'H2' }), [0, 0])).toBe(false);
    expect(isUpsellOffered(offer({ id: 'jetsmart', provider: 112, airline: 'JA' }), [0, 0])).toBe(false);
    expect(isUpsellOffered(offer({ id: 'mixed', airline: 'LA', returnAirline: 'H2' }), [0, 0])).toBe(false);
  });

  // LATAM Lima–Cusco round trip, 2 adults and a child: QP 415.46 sells both bags (carry-on 18, checked 25, two 57.50 per
  // traveller and leg), SL 441.42 includes a carry-on, SE 473.28 a carry-on and a checked bag, SF 551.16 two checked bags.
  const fares = latamFamilyFares.fares;
  const only = (...codes: string[]) => fares.filter((fare) => codes.includes(fare.code));

  it('marks the cheapest family that carries the chosen bags, counting the bags it sells at its own prices (issue 21)', () => {
    expect(cheapestFareForBags(fares, 2, NO_BAGS)).toBeNull();
    expect(cheapestFareForBags(fares, 2, { carryOn: 1, checked: 0 })).toEqual({ code: 'SL', total: 441.42, extra: 0 });
    expect(cheapestFareForBags(fares, 2, { carryOn: 1, checked: 1 })).toEqual({ code: 'SE', total: 473.28, extra: 0 });
    // SE with a second bag bought (623.28) costs more than SF, which includes both.
    expect(cheapestFareForBags(fares, 2, { carryOn: 0, checked: 2 })).toEqual({ code: 'SF', total: 551.16, extra: 0 });
    // Basic plus one checked bag × 2 legs × 3 travellers (565.46) beats Light plus the same bags (591.42).
    expect(cheapestFareForBags(only('QP', 'SL'), 2, { carryOn: 0, checked: 1 })).toEqual({ code: 'QP', total: 565.46, extra: 150 });
  });

  it('passes over a family that does not sell a needed bag or whose bag price is unknown', () => {
    const [basic, light] = only('QP', 'SL') as [ComparedFare, ComparedFare];
    const notSold = { ...basic, inclusions: { ...basic.inclusions, checkedBag: { state: 'NOF' as const, pieces: 0, weight: null } } };
    const unpriced = { ...basic, baggagePrices: undefined };
    expect(cheapestFareForBags([notSold, light], 2, { carryOn: 0, checked: 1 })).toEqual({ code: 'SL', total: 591.42, extra: 150 });
    expect(cheapestFareForBags([unpriced, light], 2, { carryOn: 0, checked: 1 })).toEqual({ code: 'SL', total: 591.42, extra: 150 });
    expect(cheapestFareForBags([notSold, unpriced], 2, { carryOn: 0, checked: 1 })).toBeNull();
  });

  it('keeps the bags of the card that opened it and the family to mark once the fares load', async () => {
    const actor = createActor(fareFamiliesMachine.provide({ actors: { loadFareFamilies: fromPromise(async () => latamFamilyFares), saveSelection: pending() } }), {
      input: { recommendation, sessionID, choice: [0, 0] },
    }).start();
    actor.send({ type: 'modal.open', choice: [0, 0], bags: { carryOn: 1, checked: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.fareForBags).toEqual({ code: 'SE', total: 473.28, extra: 0 });
    actor.send({ type: 'modal.cancel' });
    expect(actor.getSnapshot().context.fareForBags).toBeNull();
    actor.send({ type: 'modal.open', choice: [0, 0], bags: NO_BAGS });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.fareForBags).toBeNull();
  });
});

describe('nearby note machine (issue 21)', () => {
  const { machine: testMachine, ...plan } = planOf('nearbyNote');

  it('reaches every state and takes every transition', () => expectFullCoverage('nearbyNote', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // The note shows only with a cheaper airport to offer.
    expect(snapshot.matches('shown') && snapshot.context.alternative === null).toBe(false);
  });

  it('follows the cheaper airport with the alternative it shows, and stays dismissed', async () => {
    const followed: string[] = [];
    const alternatives = [ezeiza, { ...ezeiza, airportCode: 'AEP', destination: 'AEP', saving: 10, total: 329 }];
    const actor = createActor(
      nearbyNoteMachine.provide({
        actors: { loadAlternatives: fromPromise(async (): Promise<NearbyAlternativesResponse> => ({ status: 200, data: { total: 339, alternatives } })) },
        actions: { followAlternative: (_, { alternative }) => followed.push(alternative.airportCode) },
      }),
      { input: { request: priceCalendarRequest(null), language: 'en' } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('shown');
    actor.send({ type: 'note.follow' });
    expect(followed).toEqual(['EZE']);
    actor.send({ type: 'note.dismiss' });
    actor.send({ type: 'note.follow' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(followed).toEqual(['EZE']);
  });
});

describe('airport autocomplete machine', () => {
  const { machine: testMachine, ...plan } = planOf('airportAutocomplete');

  it('reaches every state and takes every transition', () => expectFullCoverage('airportAutocomplete', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // Nothing is asked for 2 characters or fewer.
    expect(snapshot.context.text.trim().length < 3 && (snapshot.matches('loading') || snapshot.matches('waiting'))).toBe(false);
  });
});
