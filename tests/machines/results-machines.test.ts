import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyStateMachine, type PromiseActorLogic, type SnapshotFrom } from 'xstate';
import { filtersMachine } from '../../machines/filters.machine.ts';
import { searchMachine, PROGRESS_CAP, PROGRESS_DONE, type SearchEvent } from '../../machines/search.machine.ts';
import { recommendationCardMachine, type RecommendationCardEvent } from '../../machines/recommendation-card.machine.ts';
import { fareFamiliesMachine, type FareFamiliesEvent } from '../../machines/fare-families.machine.ts';
import { airportAutocompleteMachine, type AirportAutocompleteEvent } from '../../machines/airport-autocomplete.machine.ts';
import { forcesOneCarryOn, isUpsellOffered } from '../../machines/fare-families.rules.ts';
import { displayedTotal, withCustomFee } from '../../machines/selection.ts';
import { customFeeOf } from '../../src/contract/checkout-totals.ts';
import { statusOfFailure } from '../../machines/search-errors.ts';
import { latamFamilyFares, limaCuscoRoundTripSearch } from '../../src/contract/fixtures/search.ts';
import { limCuzRecommendation, limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { searchRequestSchema } from '../../src/contract/search.ts';
import { expectFullCoverage, planMachinePaths, replayPath, type PlannedPath } from './support/path-plan.ts';
import { offer } from './support/offers.ts';

/** An invoked call that never settles: the planned path sends its done or error event itself. */
const pending = <TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
const sessionID = '7d3c1f0e-8a4b-4f5e-9c2d-1b6a7e8f9a0b';
const request = searchRequestSchema.parse(limCuzSearchParams);

/** Replays every planned path with actors that never settle: the path's own events drive. */
function replayAll<T extends AnyStateMachine>(machine: T, paths: PlannedPath<T>[], check: (snapshot: ReturnType<T['getInitialSnapshot']>) => void) {
  it.each(paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) check(snapshot as never);
  });
}

describe('search machine', () => {
  const results = limaCuscoRoundTripSearch;
  const events: SearchEvent[] | object[] = [
    { type: 'xstate.done.actor.saveSearchSession', output: sessionID },
    { type: 'xstate.error.actor.saveSearchSession', error: new Error('network down') },
    { type: 'progress.tick' },
    { type: 'xstate.done.actor.searchFlights', output: results },
    { type: 'xstate.done.actor.searchFlights', output: { status: 204, data: [], flexible: null } },
    { type: 'xstate.error.actor.searchFlights', error: { status: 401 } },
    { type: 'xstate.after.progressHide.search.completing' },
    { type: 'tab.select', tab: 1 },
    { type: 'tab.select', tab: 0 },
    { type: 'search.retry' },
  ];
  const plan = planMachinePaths(searchMachine, {
    inputs: [{ request }, { request, initialTab: 1 }],
    events: () => events as never,
    contextKey: ({ context }) => `${context.tab}|${context.errorStatus}|${context.progress >= PROGRESS_DONE}`,
  });
  const testMachine = searchMachine.provide({
    actors: { saveSearchSession: pending(), searchFlights: pending(), progressTicker: fromCallback(() => {}) },
  });

  it('reaches every state and takes every transition', () => expectFullCoverage('search', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // An error status is shown exactly in the error states; results exactly when loaded.
    expect(snapshot.context.errorStatus !== null).toBe(snapshot.matches('failed') || snapshot.matches('empty'));
    expect(snapshot.context.recommendations.length > 0).toBe(snapshot.matches('completing') || snapshot.matches('loaded'));
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

  it('maps a failed save to 504 and an aborted request to 504', () => {
    expect(statusOfFailure({ name: 'AbortError' })).toBe(504);
    expect(statusOfFailure({ status: 402 })).toBe(402);
    expect(statusOfFailure(new Error('boom'))).toBe(500);
  });
});

describe('recommendation card machine', () => {
  const recommendation = limCuzRecommendation;
  const events: RecommendationCardEvent[] | object[] = [
    { type: 'flight.pick', leg: 1, index: 0 },
    { type: 'details.toggle', flightId: recommendation.itinerary[0]!.flights[0]!.id },
    { type: 'fee.custom', value: '12.5' },
    { type: 'card.select' },
    { type: 'card.retry' },
    { type: 'xstate.done.actor.loadMarkups', output: { recommendationId: recommendation.id, markups: [{ id: 'm1', amount: 15, description: 'PAX', rph: 1, name: 'Markup', brandedFares: [] }], error: null } },
    { type: 'xstate.error.actor.loadMarkups', error: new Error('Esta recomendación no aplica markups') },
    { type: 'xstate.done.actor.loadCommission', output: { recommendationId: recommendation.id, details: { isApplied: true, amount: 24.3 } } },
    { type: 'xstate.error.actor.loadCommission', error: new Error('down') },
    { type: 'xstate.done.actor.saveSelection', output: undefined },
    { type: 'xstate.error.actor.saveSelection', error: new Error('down') },
  ];
  const consumer = { recommendation, sessionID, isAgencyView: false, showsCommission: false };
  const usAgency = { recommendation, sessionID, isAgencyView: true, showsCommission: true };
  const plan = planMachinePaths(recommendationCardMachine, {
    inputs: [consumer, usAgency],
    events: () => events as never,
    contextKey: ({ context }) => `${context.fees.length}|${context.expandedFlightIds.length}|${context.commission?.isApplied}`,
  });
  const testMachine = recommendationCardMachine.provide({
    actors: { loadMarkups: pending(), loadCommission: pending(), saveSelection: pending() },
  });

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
  const [firstFare] = latamFamilyFares.fares;
  const otherFare = latamFamilyFares.fares.find((fare) => fare.code !== recommendation.itinerary[0]!.flights[0]!.brandedFare?.brandID)!;
  const events: FareFamiliesEvent[] | object[] = [
    { type: 'modal.open', choice: [0, 0] },
    { type: 'xstate.done.actor.loadFareFamilies', output: latamFamilyFares },
    { type: 'xstate.done.actor.loadFareFamilies', output: { ...latamFamilyFares, fares: [] } },
    { type: 'xstate.error.actor.loadFareFamilies', error: new Error('down') },
    { type: 'fare.choose', code: otherFare.code },
    { type: 'fare.choose', code: firstFare!.code },
    { type: 'modal.accept' },
    { type: 'modal.cancel' },
    { type: 'xstate.done.actor.saveSelection', output: undefined },
    { type: 'xstate.error.actor.saveSelection', error: new Error('down') },
  ];
  const plan = planMachinePaths(fareFamiliesMachine, {
    inputs: [{ recommendation, sessionID, choice: [0, 0] }],
    events: () => events as never,
    contextKey: ({ context }) => `${context.chosenCode}|${context.families?.fares.length}|${context.errorMessage}`,
  });
  const testMachine = fareFamiliesMachine.provide({ actors: { loadFareFamilies: pending(), saveSelection: pending() } });

  it('reaches every state and takes every transition', () => expectFullCoverage('fareFamilies', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // Closing forgets the families (spec 1 §4).
    expect(snapshot.matches('closed') && snapshot.context.families !== null).toBe(false);
  });

  it('offers upsell only on allowed providers, one airline and at most two legs (more for 102)', () => {
    expect(isUpsellOffered(recommendation, [0, 0])).toBe(true);
    expect(isUpsellOffered(offer({ id: 'kiu', provider: 101 }), [0, 0])).toBe(false);
    expect(isUpsellOffered(offer({ id: 'h2-amadeus', provider: 100, airline: 'H2' }), [0, 0])).toBe(false);
    expect(isUpsellOffered(offer({ id: 'jetsmart', provider: 112, airline: 'JA' }), [0, 0])).toBe(false);
    expect(isUpsellOffered(offer({ id: 'mixed', airline: 'LA', returnAirline: 'H2' }), [0, 0])).toBe(false);
  });

  it('forces one carry-on except for the basic fares that have none', () => {
    expect(forcesOneCarryOn('LA', 'SE')).toBe(true);
    for (const [airline, fare] of [['H2', 'ZERO'], ['LA', 'QP'], ['UA', 'ECOBASIC'], ['B6', 'DN'], ['AV', 'XS'], ['JA', 'G3'], ['JZ', 'G3'], ['DM', 'COMFORT']]) {
      expect(forcesOneCarryOn(airline!, fare!)).toBe(false);
    }
  });
});

describe('airport autocomplete machine', () => {
  const lima = { code: 'LIM', name: 'Jorge Chávez', cityName: 'Lima', countryCode: 'PE', countryName: 'Perú', type: 'A' as const };
  const events: AirportAutocompleteEvent[] | object[] = [
    { type: 'query.change', text: 'li' },
    { type: 'query.change', text: 'lim' },
    { type: 'xstate.after.typingPause.airportAutocomplete.waiting' },
    { type: 'xstate.done.actor.suggestAirports', output: [lima] },
    { type: 'xstate.done.actor.suggestAirports', output: [] },
    { type: 'xstate.error.actor.suggestAirports', error: new Error('down') },
    { type: 'suggestion.pick', suggestion: lima },
  ];
  const plan = planMachinePaths(airportAutocompleteMachine, { inputs: [{}], events: () => events as never, contextKey: ({ context }) => context.text });
  const testMachine = airportAutocompleteMachine.provide({ actors: { suggestAirports: pending() } });

  it('reaches every state and takes every transition', () => expectFullCoverage('airportAutocomplete', plan.coverage));

  replayAll(testMachine, plan.paths, (snapshot) => {
    // Nothing is asked for 2 characters or fewer.
    expect(snapshot.context.text.trim().length < 3 && (snapshot.matches('loading') || snapshot.matches('waiting'))).toBe(false);
  });
});
