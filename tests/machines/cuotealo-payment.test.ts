import { describe, expect, it } from 'vitest';
import { cuotealoAccessOf } from '../../machines/cuotealo-payment.machine.ts';
import { confirmationSession, CUOTEALO_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('Cuotéalo payment machine', () => {
  const { machine, ...plan } = planOf('cuotealoPayment');

  it('reaches every state and takes every transition', () => expectFullCoverage('cuotealoPayment', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The button shows only with the server's form.
      expect(!snapshot.matches('ready') || snapshot.context.form !== null).toBe(true);
    }
  });
});

describe('Cuotéalo access of a session', () => {
  it('is the order number and token of a whole, unpaid 137 booking only', () => {
    expect(cuotealoAccessOf(confirmationSession('cuotealo'))).toEqual({ orderNumber: '1002345678', token: CUOTEALO_PAGE_TOKEN, sessionID: confirmationSession('cuotealo').sessionID });
    expect(cuotealoAccessOf(confirmationSession('payPal'))).toBeNull();
    expect(cuotealoAccessOf(confirmationSession('failedBooking'))).toBeNull();
    expect(cuotealoAccessOf(null)).toBeNull();
  });
});
