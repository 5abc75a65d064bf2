import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { searchFormMachine } from '../../machines/search-form.machine.ts';
import { canDecrement, canIncrement, findSearchProblem, nextLeg, type SearchFormValues } from '../../machines/search-form.rules.ts';
import { emptySearchFormValues } from '../../machines/search-form.machine.ts';
import { places, planOf, today } from './plans.ts';
import { expectFullCoverage } from './support/path-plan.ts';

const { lima, cusco, arequipa } = places;

describe('search form rules', () => {
  it('allows up to 9 seated passengers and at most 4 infants, never more infants than adults', () => {
    expect(canIncrement({ adults: 8, children: 0, infants: 0 }, 'adults')).toBe(true);
    expect(canIncrement({ adults: 9, children: 0, infants: 0 }, 'adults')).toBe(false);
    expect(canIncrement({ adults: 5, children: 4, infants: 0 }, 'children')).toBe(false);
    expect(canIncrement({ adults: 1, children: 7, infants: 0 }, 'children')).toBe(true);
    expect(canIncrement({ adults: 1, children: 8, infants: 0 }, 'children')).toBe(false);
    expect(canIncrement({ adults: 5, children: 0, infants: 3 }, 'infants')).toBe(true);
    expect(canIncrement({ adults: 5, children: 0, infants: 4 }, 'infants')).toBe(false);
    expect(canIncrement({ adults: 1, children: 0, infants: 1 }, 'infants')).toBe(false);
  });

  it('disables minus at one adult and at zero children or infants', () => {
    expect(canDecrement({ adults: 1, children: 0, infants: 0 }, 'adults')).toBe(false);
    expect(canDecrement({ adults: 2, children: 0, infants: 0 }, 'adults')).toBe(true);
    expect(canDecrement({ adults: 2, children: 0, infants: 2 }, 'adults')).toBe(false);
    expect(canDecrement({ adults: 2, children: 0, infants: 0 }, 'children')).toBe(false);
    expect(canDecrement({ adults: 2, children: 0, infants: 0 }, 'infants')).toBe(false);
  });

  it('checks origin, destination, start date and return date in that order, the first failure stops', () => {
    const values: SearchFormValues = { ...emptySearchFormValues };
    expect(findSearchProblem(values, today)).toEqual({ kind: 'originMissing' });
    expect(findSearchProblem({ ...values, origin: lima }, today)).toEqual({ kind: 'destinationMissing' });
    expect(findSearchProblem({ ...values, origin: lima, destination: cusco }, today)).toEqual({ kind: 'startDateMissing' });
    expect(findSearchProblem({ ...values, origin: lima, destination: cusco, startDate: '2026-12-01' }, today)).toEqual({
      kind: 'endDateMissing',
    });
    expect(
      findSearchProblem({ ...values, flightType: 'OW', origin: lima, destination: cusco, startDate: '2026-12-01' }, today),
    ).toBeNull();
  });

  it('treats a past date, a return before departure or the same origin and destination as bad parameters', () => {
    const base: SearchFormValues = { ...emptySearchFormValues, origin: lima, destination: cusco, startDate: '2026-12-01', endDate: '2026-12-08' };
    expect(findSearchProblem(base, today)).toBeNull();
    expect(findSearchProblem({ ...base, startDate: '2026-11-20' }, today)).toEqual({ kind: 'invalidParameters' });
    expect(findSearchProblem({ ...base, endDate: '2026-11-30' }, today)).toEqual({ kind: 'invalidParameters' });
    expect(findSearchProblem({ ...base, destination: lima }, today)).toEqual({ kind: 'invalidParameters' });
  });

  it('checks every multi-city leg in turn and names the leg', () => {
    const values: SearchFormValues = {
      ...emptySearchFormValues,
      flightType: 'MC',
      legs: [
        { origin: lima, destination: cusco, date: '2026-12-01' },
        { origin: cusco, destination: null, date: '2026-12-06' },
      ],
    };
    expect(findSearchProblem(values, today)).toEqual({ kind: 'destinationMissing', leg: 1 });
  });

  it('starts a new leg at the previous destination five days later', () => {
    expect(nextLeg({ origin: lima, destination: cusco, date: '2026-12-29' })).toEqual({ origin: cusco, destination: null, date: '2027-01-03' });
  });
});

describe('search form machine', () => {
  const start = (openInNewWindow = false) => {
    const navigate = vi.fn<() => void>();
    const openWindow = vi.fn<() => void>();
    const actor = createActor(searchFormMachine.provide({ actions: { navigateToResults: navigate, openResultsInNewWindow: openWindow } }), {
      input: { today, openInNewWindow },
    }).start();
    return { actor, navigate, openWindow };
  };

  it('forces a round trip when a date range is chosen and keeps one way for a single date', () => {
    const { actor } = start();
    actor.send({ type: 'trip.type', flightType: 'OW' });
    actor.send({ type: 'dates.change', startDate: '2026-12-01', endDate: null });
    expect(actor.getSnapshot().context.flightType).toBe('OW');
    actor.send({ type: 'dates.change', startDate: '2026-12-01', endDate: '2026-12-05' });
    expect(actor.getSnapshot().context.flightType).toBe('RT');
  });

  it('switches to multi-city from the simple trip, adds legs up to 5 and removes down to 2', () => {
    const { actor } = start();
    actor.send({ type: 'origin.select', place: lima });
    actor.send({ type: 'destination.select', place: cusco });
    actor.send({ type: 'dates.change', startDate: '2026-12-01', endDate: null });
    actor.send({ type: 'trip.type', flightType: 'MC' });
    expect(actor.getSnapshot().context.legs).toEqual([
      { origin: lima, destination: cusco, date: '2026-12-01' },
      { origin: cusco, destination: null, date: '2026-12-06' },
    ]);
    for (let i = 0; i < 5; i++) actor.send({ type: 'leg.add' });
    expect(actor.getSnapshot().context.legs).toHaveLength(5);
    for (let i = 0; i < 5; i++) actor.send({ type: 'leg.remove' });
    expect(actor.getSnapshot().context.legs).toHaveLength(2);
  });

  it('keeps the corporate code only for LATAM, upper-cased without spaces', () => {
    const { actor } = start();
    actor.send({ type: 'airline.select', airline: { code: 'LA', name: 'LATAM Airlines' } });
    actor.send({ type: 'corporateCode.change', value: ' ab 12c ' });
    expect(actor.getSnapshot().context.corporateCode).toBe('AB12C');
    actor.send({ type: 'airline.select', airline: { code: 'AV', name: 'Avianca' } });
    expect(actor.getSnapshot().context.corporateCode).toBeNull();
  });

  it('shows the first problem in a dialog and does not navigate', () => {
    const { actor, navigate } = start();
    actor.send({ type: 'origin.select', place: lima });
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'destinationMissing' });
    expect(navigate).not.toHaveBeenCalled();
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('navigates to the results, or opens a new window when embedded', () => {
    for (const embedded of [false, true]) {
      const { actor, navigate, openWindow } = start(embedded);
      actor.send({ type: 'origin.select', place: lima });
      actor.send({ type: 'destination.select', place: arequipa });
      actor.send({ type: 'dates.change', startDate: '2026-12-01', endDate: '2026-12-08' });
      actor.send({ type: 'search.submit' });
      expect(actor.getSnapshot().value).toBe('submitted');
      expect(navigate).toHaveBeenCalledTimes(embedded ? 0 : 1);
      expect(openWindow).toHaveBeenCalledTimes(embedded ? 1 : 0);
    }
  });

  describe('every path', () => {
    const plan = planOf('searchForm');

    it('reaches every state and takes every transition', () => {
      expectFullCoverage('searchForm', plan.coverage);
    });

    it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
      const navigate = vi.fn<() => void>();
      const openWindow = vi.fn<() => void>();
      const actor = createActor(searchFormMachine.provide({ actions: { navigateToResults: navigate, openResultsInNewWindow: openWindow } }), {
        input: path.input as { today: string },
      }).start();
      for (const step of path.steps.slice(1)) {
        actor.send(step.event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        // The dialog shows exactly when there is a problem to tell.
        expect(snapshot.context.problem !== null).toBe(snapshot.matches('invalid'));
      }
      const searches = path.steps.filter((step) => step.event.type === 'search.submit' && step.state.matches('submitted')).length;
      expect(navigate.mock.calls.length + openWindow.mock.calls.length).toBe(searches);
    });
  });
});
