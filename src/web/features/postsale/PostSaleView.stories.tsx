import type { Meta, StoryObj } from '@storybook/react-vite';
import { Temporal } from 'temporal-polyfill';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { postSaleContextOf, postSaleMachine, type PostSaleContext, type PostSaleOrder } from '../../../../machines/postsale.machine.ts';
import { emptyPostSaleForm, seatMapOf } from '../../../../machines/postsale.rules.ts';
import { seatPickerMachine } from '../../../../machines/seat-picker.machine.ts';
import { storedCard } from '../../../contract/fixtures/checkout.ts';
import { creditLimit, invoiceData, orderAncillaries } from '../../../contract/fixtures/postsale.ts';
import { decodePostSaleOrderId, encodePostSaleOrderId } from '../../../contract/postsale.ts';
import { PostSaleView } from './PostSaleView.tsx';

const orderIdParam = encodePostSaleOrderId('ORD-20261123-000123');
const businessParam = encodePostSaleOrderId('ORD-20261123-000123', 'b');
const authorizers = [
  { id: 'AUT-1', displayName: 'Gerente de cuentas' },
  { id: 'AUT-2', displayName: 'Jefe de counter' },
];
const order: PostSaleOrder = { ancillaries: orderAncillaries, credit: creditLimit, authorizers };
const shortOrder: PostSaleOrder = { ...order, credit: { debts: 75, available: 5 } };
const map = seatMapOf(orderAncillaries);
const firstPassenger = map.passengers[0]!.id;
const firstRow = map.segments[0]!.rows.find((row) => row.offerItems.some((item) => item.paxID === firstPassenger))!;
const firstItem = firstRow.offerItems.find((item) => item.paxID === firstPassenger)!;
const seatChoice = { [`0:${firstPassenger}`]: { row: firstRow.rowNumber, column: firstItem.seat.replace(/\d+/g, ''), offerItemID: firstItem.id, price: firstItem.price } };
const chosen = {
  seats: { picking: false, activeSegment: map.segments.length - 1, segments: map.segments.length, confirmed: seatChoice },
  seatsFinished: true,
  bags: { '0:0:0C1': true as const },
  bagsFinished: true,
};

/** The page's machine in a state; `param` is the link (the consumer one unless said). */
function pageIn(value: StateValueFrom<typeof postSaleMachine>, context: Partial<PostSaleContext> = {}, param = orderIdParam) {
  return postSaleMachine.resolveState({
    value,
    context: {
      ...postSaleContextOf({ orderIdParam: param, idempotencyKey: '7b0e4a8c-2f4d-4c1e-9a3b-5d6e7f809a1b' }),
      ref: decodePostSaleOrderId(param),
      order: value === 'loading' || value === 'failed' ? null : order,
      seats: { picking: false, activeSegment: 0, segments: map.segments.length, confirmed: {} },
      ...context,
    },
  });
}

/** The seat picker child: closed with what was confirmed. */
const seatsClosed = (confirmed = {}) =>
  seatPickerMachine.resolveState({ value: 'closed', context: { map, errorMessage: null, activeSegment: 0, activePassenger: firstPassenger, choices: confirmed, confirmed, refusedSeat: null } });

const meta = {
  title: 'Post-sale/PostSalePage',
  component: PostSaleView,
  args: { snapshot: pageIn({ selecting: 'editing' }), send: fn(), seats: seatsClosed(), today: Temporal.PlainDate.from('2026-11-21') },
} satisfies Meta<typeof PostSaleView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** A link that is not base64 of an order id. */
export const InvalidLink: Story = { args: { snapshot: pageIn('invalidLink', { ref: null, order: null }, 'not base64!'), seats: null } };
export const InvalidLinkSpanish = spanish(InvalidLink);
export const Loading: Story = { args: { snapshot: pageIn('loading'), seats: null } };
export const Failed: Story = { args: { snapshot: pageIn('failed'), seats: null } };
export const FailedSpanish = spanish(Failed);
/** 'Advertencia': the order had an earlier purchase attempt. */
export const PreviousAttemptWarning: Story = { args: { snapshot: pageIn('warning'), seats: null } };
export const PreviousAttemptWarningSpanish = spanish(PreviousAttemptWarning);
export const WarningDeclined: Story = { args: { snapshot: pageIn('declined'), seats: null } };
export const WarningDeclinedSpanish = spanish(WarningDeclined);
/** The booking expired or was cancelled: the server sells no extras on it (409 BOOKING_CLOSED). */
export const BookingClosed: Story = { args: { snapshot: pageIn('closed'), seats: null } };
export const BookingClosedSpanish = spanish(BookingClosed);
/** The eight blocks, nothing chosen yet, card by default. */
export const Selecting: Story = {};
export const SelectingSpanish = spanish(Selecting);
/** A seat and a bag chosen and finished, the second passenger's bags open on the return flight. */
export const SelectionsMade: Story = { args: { snapshot: pageIn({ selecting: 'editing' }, { ...chosen, bagFlight: 1, bagPassenger: 1 }), seats: seatsClosed(seatChoice) } };
export const SelectionsMadeSpanish = spanish(SelectionsMade);
/** The credit line on an order whose credit does not cover the total: 'Emitir con autorización' and the list. */
export const CreditLineAuthorisation: Story = {
  args: { snapshot: pageIn({ selecting: 'editing' }, { ...chosen, order: shortOrder, form: { ...emptyPostSaleForm, method: 'CASH', authorize: true, authorizerId: 'AUT-1' } }), seats: seatsClosed(seatChoice) },
};
export const CreditLineAuthorisationSpanish = spanish(CreditLineAuthorisation);
/** The business channel's credit line: no authorisation offered. */
export const CreditLineBusiness: Story = {
  args: { snapshot: pageIn({ selecting: 'editing' }, { ...chosen, order: shortOrder, form: { ...emptyPostSaleForm, method: 'CASH' } }, businessParam), seats: seatsClosed(seatChoice) },
};
/** The invoice block ticked: its three fields. */
export const InvoiceRequested: Story = {
  args: { snapshot: pageIn({ selecting: 'editing' }, { ...chosen, form: { ...emptyPostSaleForm, invoiceRequested: true, invoice: invoiceData } }), seats: seatsClosed(seatChoice) },
};
export const InvoiceRequestedSpanish = spanish(InvoiceRequested);
/** 'Resumen de compra anterior' with 'Compra 1'. */
export const PreviousPurchases: Story = { args: { snapshot: pageIn({ selecting: 'summary' }) } };
export const PreviousPurchasesSpanish = spanish(PreviousPurchases);
export const BaggageDone: Story = { args: { snapshot: pageIn({ selecting: 'bagsDone' }, { ...chosen, bagFlight: 1 }), seats: seatsClosed(seatChoice) } };
export const BaggageDoneSpanish = spanish(BaggageDone);
/** The first failed check: seats and baggage not finished. */
export const RefusedUnfinished: Story = { args: { snapshot: pageIn({ selecting: 'refused' }, { problem: 'finishSeatsAndBaggage' }) } };
export const RefusedUnfinishedSpanish = spanish(RefusedUnfinished);
export const RefusedCreditSpanish: Story = spanish({
  args: { snapshot: pageIn({ selecting: 'refused' }, { ...chosen, order: shortOrder, problem: 'creditAuthorize', form: { ...emptyPostSaleForm, method: 'CASH' } }), seats: seatsClosed(seatChoice) },
});
/** 'Comprando... ', the button disabled. */
export const Purchasing: Story = {
  args: { snapshot: pageIn({ selecting: 'purchasing' }, { ...chosen, form: { ...emptyPostSaleForm, card: { valid: true, stored: storedCard } } }), seats: seatsClosed(seatChoice) },
};
export const PurchasingSpanish = spanish(Purchasing);
/** Bought: the page is on its way to the outcome page. */
export const Purchased: Story = { args: { snapshot: pageIn('purchased', { ...chosen, outcome: { sessionID: '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10', transactionStatusCode: 1 } }), seats: null } };
/** An order with nothing to sell: 'No se encontraron asientos' and 'No se encontraron maletas'. */
export const NothingOffered: Story = {
  args: { snapshot: pageIn({ selecting: 'editing' }, { order: { ...order, ancillaries: { ...orderAncillaries, seats: { segments: [] }, baggages: { baggages: [] }, ancillariesSummary: [] } } }), seats: null },
};
export const NothingOfferedSpanish = spanish(NothingOffered);
