import { describe, expect, it } from 'vitest';
import { pagoEfectivoAccessOf } from '../../machines/pagoefectivo-cip.machine.ts';
import { confirmationSession, PAGOEFECTIVO_PAGE_TOKEN } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('PagoEfectivo CIP machine', () => {
  const { machine, ...plan } = planOf('pagoEfectivoCip');

  it('reaches every state and takes every transition', () => expectFullCoverage('pagoEfectivoCip', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The code and its page show only with the server's CIP.
      expect(snapshot.matches('ready')).toBe(snapshot.context.cip !== null);
    }
  });
});

describe('PagoEfectivo access of a session', () => {
  it('is the order number and token of a whole, unpaid 102 booking whose answer carries the token only', () => {
    expect(pagoEfectivoAccessOf(confirmationSession('pagoEfectivo'))).toEqual({ orderNumber: '1002345678', token: PAGOEFECTIVO_PAGE_TOKEN });
    // An answer without the order's token (a server without PagoEfectivo) shows the bank instructions only.
    expect(pagoEfectivoAccessOf(confirmationSession('cashDeposit'))).toBeNull();
    expect(pagoEfectivoAccessOf(confirmationSession('safetyPay'))).toBeNull();
    expect(pagoEfectivoAccessOf(confirmationSession('failedBooking'))).toBeNull();
    expect(pagoEfectivoAccessOf(null)).toBeNull();
  });
});
