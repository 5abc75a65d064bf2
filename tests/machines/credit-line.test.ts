import { describe, expect, it } from 'vitest';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('credit line machine', () => {
  const { machine, ...plan } = planOf('creditLine');

  it('reaches every state and takes every transition', () => expectFullCoverage('creditLine', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // Figures are shown exactly when a credit line was found.
      expect(snapshot.context.credit !== null).toBe(snapshot.matches('shown'));
    }
  });
});
