/**
 * PagoEfectivo (102) on the booking's payment tab (issue #13): a pending order asks the server for its CIP
 * (made once per order at PagoEfectivo, until the order's deadline); with it the tab shows the code, the
 * amount, the expiry and a link to PagoEfectivo's voucher page. The server refusing it (the order no
 * longer waits for payment) is its own screen; any other failure offers a retry.
 */
import { assign, setup } from 'xstate';
import { PaymentProvider } from '../src/contract/checkout.ts';
import type { Language } from '../src/contract/common.ts';
import type { Cip } from '../src/contract/pagoefectivo.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid } from './order-result.rules.ts';

export interface PagoEfectivoAccess {
  orderNumber: string;
  token: string;
}

/** The CIP of a whole, unpaid 102 booking whose answer carries the order's token; null otherwise. */
export function pagoEfectivoAccessOf(session: Pick<Session, 'booking' | 'paymentWasProcessed'> | null): PagoEfectivoAccess | null {
  const details = completeBookingOf(session)?.paymentDetails;
  if (!details || details.providerCode !== PaymentProvider.pagoEfectivo || !details.pageToken || bookingPaid(session)) return null;
  return { orderNumber: details.orderNumber, token: details.pageToken };
}

export type PagoEfectivoInput = PagoEfectivoAccess & { language: Language };
export type PagoEfectivoEvent = { type: 'cip.retry' };
/** How the CIP call ended: the CIP, or the server's refusal (the order is not waiting for payment). */
export type CipAnswer = { kind: 'cip'; cip: Cip } | { kind: 'notPending' };

export const pagoEfectivoCipMachine = setup({
  types: {
    context: {} as PagoEfectivoInput & { cip: Cip | null },
    events: {} as PagoEfectivoEvent,
    input: {} as PagoEfectivoInput,
  },
  actors: {
    /** POST /api/payments/pagoefectivo/cip. */
    loadCip: notProvided<CipAnswer, PagoEfectivoInput>('loadCip'),
  },
}).createMachine({
  id: 'pagoEfectivoCip',
  context: ({ input }) => ({ ...input, cip: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCip',
        src: 'loadCip',
        input: ({ context }) => ({ orderNumber: context.orderNumber, token: context.token, language: context.language }),
        onDone: [
          { guard: ({ event }) => event.output.kind === 'cip', target: 'ready', actions: assign({ cip: ({ event }) => (event.output.kind === 'cip' ? event.output.cip : null) }) },
          { target: 'notPending' },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    notPending: {},
    failed: { on: { 'cip.retry': 'loading' } },
  },
});
