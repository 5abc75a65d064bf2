/**
 * Cuotéalo BCP (137) on the booking's payment tab (spec 3 §2): a pending order asks the server for its
 * encrypted form; with it, 'Pagar con Cuotealo' posts it to the bank's page. The server refusing it
 * (the order no longer waits for payment) is its own screen; any other failure offers a retry.
 */
import { assign, setup } from 'xstate';
import { PaymentProvider } from '../src/contract/checkout.ts';
import type { Language } from '../src/contract/common.ts';
import type { CuotealoForm } from '../src/contract/cuotealo.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid } from './order-result.rules.ts';

export interface CuotealoAccess {
  orderNumber: string;
  token: string;
  /** The booking's session: the order is read with this browser's proof of it before the form is asked for. */
  sessionID: string;
}

/** The Cuotéalo payment of a whole, unpaid 137 booking whose answer carries the order's token; null otherwise. */
export function cuotealoAccessOf(session: Pick<Session, 'sessionID' | 'booking' | 'paymentWasProcessed'> | null): CuotealoAccess | null {
  const details = completeBookingOf(session)?.paymentDetails;
  if (!details || details.providerCode !== PaymentProvider.instalmentBank || !details.pageToken || bookingPaid(session)) return null;
  return { orderNumber: details.orderNumber, token: details.pageToken, sessionID: session?.sessionID ?? '' };
}

export type CuotealoInput = CuotealoAccess & { language: Language };
export type CuotealoEvent = { type: 'form.retry' };
/** How the form call ended: the form, or the server's refusal (the order is not waiting for payment). */
export type CuotealoFormAnswer = { kind: 'form'; form: CuotealoForm } | { kind: 'notPending' };

export const cuotealoPaymentMachine = setup({
  types: {
    context: {} as CuotealoInput & { form: CuotealoForm | null },
    events: {} as CuotealoEvent,
    input: {} as CuotealoInput,
  },
  actors: {
    /** GET /api/engines/orderNumber/{n}, then, while it waits for payment, POST /api/engines/getFormEncrypted (spec 3 §7). */
    loadForm: notProvided<CuotealoFormAnswer, CuotealoInput>('loadForm'),
  },
}).createMachine({
  id: 'cuotealoPayment',
  context: ({ input }) => ({ ...input, form: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ orderNumber: context.orderNumber, token: context.token, sessionID: context.sessionID, language: context.language }),
        onDone: [
          { guard: ({ event }) => event.output.kind === 'form', target: 'ready', actions: assign({ form: ({ event }) => (event.output.kind === 'form' ? event.output.form : null) }) },
          { target: 'notPending' },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    notPending: {},
    failed: { on: { 'form.retry': 'loading' } },
  },
});
