/** Bank transfer's side effect in the browser: the server's accounts to pay into. */
import { fromPromise } from 'xstate';
import { bankTransferMachine } from '../../../../machines/bank-transfer.machine.ts';
import { BANK_TRANSFER_ACCOUNTS_PATH, transferAccountsResponseSchema, type TransferAccount } from '../../../contract/bank-transfer.ts';
import { apiGet } from '../../lib/api.ts';

export const bankTransferLogic = bankTransferMachine.provide({
  actors: {
    loadAccounts: fromPromise<TransferAccount[], void>(({ signal }) => apiGet(BANK_TRANSFER_ACCOUNTS_PATH, transferAccountsResponseSchema, signal).then((answer) => answer.data.accounts)),
  },
});
