/**
 * ACuotaz (125) on the booking's payment tab (spec 3 §2 "Instalment and wallet screens"): a pending order
 * asks the server for the order's ACuotaz page (the server checks the order still waits for payment and
 * quotes its dollars in soles at the exchange rate). The page then shows in a frame on the tab (the
 * payment-frame view), or as a link that opens it in a new tab (the link view); the traveller switches
 * between the two. The server refusing it (the order no longer waits for payment) is its own screen; any
 * other failure offers a retry. ACuotaz returns the whole window to the result page, which reads the
 * outcome from the server.
 */
import { assign, setup } from 'xstate';
import { ACUOTAZ_SANDBOX_PATH, type AcuotazPage } from '../src/contract/acuotaz.ts';
import { PaymentProvider } from '../src/contract/checkout.ts';
import type { Language } from '../src/contract/common.ts';
import type { Session } from '../src/contract/session.ts';
import { completeBookingOf } from './booking-confirmation.rules.ts';
import { notProvided } from './not-provided.ts';
import { bookingPaid } from './order-result.rules.ts';

export interface AcuotazAccess {
  orderNumber: string;
  token: string;
}

/** The ACuotaz payment of a whole, unpaid 125 booking whose answer carries the order's token; null otherwise. */
export function acuotazAccessOf(session: Pick<Session, 'booking' | 'paymentWasProcessed'> | null): AcuotazAccess | null {
  const details = completeBookingOf(session)?.paymentDetails;
  if (!details || details.providerCode !== PaymentProvider.aCuotaz || !details.pageToken || bookingPaid(session)) return null;
  return { orderNumber: details.orderNumber, token: details.pageToken };
}

/** Only the provider page's own address is framed or linked: an answer naming anywhere else is a failure. */
export const isAcuotazPageAddress = (url: string) => url.startsWith(`${ACUOTAZ_SANDBOX_PATH}/`);

export type AcuotazInput = AcuotazAccess & { language: Language };
export type AcuotazEvent = { type: 'page.retry' } | { type: 'view.link' } | { type: 'view.frame' };
/** How the page call ended: the page, or the server's refusal (the order is not waiting for payment). */
export type AcuotazPageAnswer = { kind: 'page'; page: AcuotazPage } | { kind: 'notPending' };

export const acuotazPaymentMachine = setup({
  types: {
    context: {} as AcuotazInput & { page: AcuotazPage | null },
    events: {} as AcuotazEvent,
    input: {} as AcuotazInput,
  },
  actors: {
    /** POST /api/engines/acuotaz/url. */
    loadPage: notProvided<AcuotazPageAnswer, AcuotazInput>('loadPage'),
  },
}).createMachine({
  id: 'acuotazPayment',
  context: ({ input }) => ({ ...input, page: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ orderNumber: context.orderNumber, token: context.token, language: context.language }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'page' && isAcuotazPageAddress(event.output.page.url),
            target: 'framed',
            actions: assign({ page: ({ event }) => (event.output.kind === 'page' ? event.output.page : null) }),
          },
          { guard: ({ event }) => event.output.kind === 'notPending', target: 'notPending' },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    /** The payment-frame view: the provider's page inside the tab. */
    framed: { on: { 'view.link': 'linked' } },
    /** The link view: the provider's page opens in a new tab. */
    linked: { on: { 'view.frame': 'framed' } },
    notPending: {},
    failed: { on: { 'page.retry': 'loading' } },
  },
});
