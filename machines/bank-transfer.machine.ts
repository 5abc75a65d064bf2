/**
 * Bank transfer (provider 130) on the booking's payment tab (issue #13): a pending transfer order loads
 * the accounts to pay into from the server, then shows them with the order code to quote; a failed load
 * offers a retry. The order stays pending until the bank's notification reaches the server.
 */
import { assign, setup } from 'xstate';
import type { TransferAccount } from '../src/contract/bank-transfer.ts';
import { PaymentProvider } from '../src/contract/checkout.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid } from './order-result.rules.ts';

/** The order a transfer pays, and the sandbox bank page's token when the server gave one. */
export interface BankTransferAccess {
  orderNumber: string;
  token: string | null;
}

/** The transfer of a whole, unpaid bank-transfer booking; null otherwise. */
export function bankTransferAccessOf(session: Pick<Session, 'booking' | 'paymentWasProcessed'> | null): BankTransferAccess | null {
  const details = completeBookingOf(session)?.paymentDetails;
  if (!details || details.providerCode !== PaymentProvider.bankTransfer || bookingPaid(session)) return null;
  return { orderNumber: details.orderNumber, token: details.pageToken ?? null };
}

export type BankTransferEvent = { type: 'accounts.retry' };

export const bankTransferMachine = setup({
  types: {
    context: {} as BankTransferAccess & { accounts: TransferAccount[] },
    events: {} as BankTransferEvent,
    input: {} as BankTransferAccess,
  },
  actors: {
    /** GET /api/payments/bank-transfer/accounts. */
    loadAccounts: notProvided<TransferAccount[], void>('loadAccounts'),
  },
}).createMachine({
  id: 'bankTransfer',
  context: ({ input }) => ({ ...input, accounts: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: [
          { guard: ({ event }) => event.output.length > 0, target: 'ready', actions: assign({ accounts: ({ event }) => event.output }) },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    failed: { on: { 'accounts.retry': 'loading' } },
  },
});
