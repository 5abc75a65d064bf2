import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bankTransferAccessOf, bankTransferMachine } from '../../machines/bank-transfer.machine.ts';
import type { TransferAccount } from '../../src/contract/bank-transfer.ts';
import { transferAccounts } from '../../src/contract/fixtures/bank-transfer.ts';
import { BANK_TRANSFER_PAGE_TOKEN, confirmationSession } from '../../src/contract/fixtures/confirmation.ts';
import { planOf } from './plans.ts';
import { expectFullCoverage, replayPath } from './support/path-plan.ts';

describe('bank transfer machine', () => {
  const { machine, ...plan } = planOf('bankTransfer');

  it('reaches every state and takes every transition', () => expectFullCoverage('bankTransfer', plan.coverage));

  it.each(plan.paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    for (const snapshot of replayPath(machine, path)) {
      // The accounts are shown only once some arrived.
      expect(!snapshot.matches('ready') || snapshot.context.accounts.length > 0).toBe(true);
    }
  });

  it('loads the accounts, and after a failed load loads them again on retry', async () => {
    const answers: Array<TransferAccount[] | Error> = [new Error('offline'), transferAccounts];
    const actor = createActor(
      bankTransferMachine.provide({
        actors: {
          loadAccounts: fromPromise<TransferAccount[], void>(async () => {
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
      }),
      { input: { orderNumber: '1002345678', token: null } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'accounts.retry' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.accounts).toEqual(transferAccounts);
  });
});

describe('bank transfer access of a session', () => {
  it('is the order number and token of a whole, unpaid bank-transfer booking only', () => {
    expect(bankTransferAccessOf(confirmationSession('bankTransfer'))).toEqual({ orderNumber: '1002345678', token: BANK_TRANSFER_PAGE_TOKEN });
    expect(bankTransferAccessOf(confirmationSession('paidBankTransfer'))).toBeNull();
    expect(bankTransferAccessOf(confirmationSession('payPal'))).toBeNull();
    expect(bankTransferAccessOf(confirmationSession('failedBooking'))).toBeNull();
    expect(bankTransferAccessOf(null)).toBeNull();
  });
});
