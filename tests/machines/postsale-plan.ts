import { fromCallback, fromPromise, type PromiseActorLogic } from 'xstate';
import { postSaleMachine, problemOf, type PostSaleEvent, type PostSaleOrder } from '../../machines/postsale.machine.ts';
import { seatMapOf } from '../../machines/postsale.rules.ts';
import { seatPickerMachine } from '../../machines/seat-picker.machine.ts';
import { storedCard } from '../../src/contract/fixtures/checkout.ts';
import { creditLimit, invoiceData, orderAncillaries, sabreBusinessOrderIdParam } from '../../src/contract/fixtures/postsale.ts';
import { encodePostSaleOrderId } from '../../src/contract/postsale.ts';
import type { PathPlanOptions } from './support/path-plan.ts';

/** The app's own order id, dashes included, as the post-sale link carries it. */
export const appOrderId = 'ORD-20261123-000123';
const idempotencyKey = '7b0e4a8c-2f4d-4c1e-9a3b-5d6e7f809a1b';
export const postSaleInputs = {
  consumer: { orderIdParam: encodePostSaleOrderId(appOrderId), idempotencyKey },
  business: { orderIdParam: sabreBusinessOrderIdParam, idempotencyKey },
  malformed: { orderIdParam: 'not base64!', idempotencyKey },
};

/** Role-like labels, as the server answers them. */
export const authorizers = [
  { id: 'AUT-1', displayName: 'Gerente de cuentas' },
  { id: 'AUT-2', displayName: 'Jefe de counter' },
];

/** The fixture order with an agency credit that covers anything, one that covers nothing, and one with an earlier attempt. */
export const postSaleOrders = {
  covered: { ancillaries: orderAncillaries, credit: creditLimit, authorizers } satisfies PostSaleOrder,
  short: { ancillaries: orderAncillaries, credit: { debts: 5000, available: 0 }, authorizers } satisfies PostSaleOrder,
  earlierAttempt: { ancillaries: { ...orderAncillaries, hasPreviousTryOfBuyAncilliaries: true }, credit: creditLimit, authorizers } satisfies PostSaleOrder,
};

export const postSaleSeatMap = seatMapOf(orderAncillaries);
const lastSegment = postSaleSeatMap.segments.length - 1;
const firstPassenger = postSaleSeatMap.passengers[0]!.id;
const row = postSaleSeatMap.segments[0]!.rows.find((candidate) => candidate.offerItems.some((item) => item.paxID === firstPassenger))!;
const item = row.offerItems.find((candidate) => candidate.paxID === firstPassenger)!;
/** One seat for the first passenger on the first segment, as finishing confirms it. */
export const postSaleSeatChoice = { [`0:${firstPassenger}`]: { row: row.rowNumber, column: item.seat.replace(/\d+/g, ''), offerItemID: item.id, price: item.price } };

/** The seat picker child as the parent sees it: open on the last segment, and closed after finishing with a seat. */
export const seatPickerSnapshots = {
  pickingLast: seatPickerMachine.resolveState({
    value: 'picking',
    context: { map: postSaleSeatMap, errorMessage: null, activeSegment: lastSegment, activePassenger: firstPassenger, choices: postSaleSeatChoice, confirmed: {}, refusedSeat: null },
  }),
  done: seatPickerMachine.resolveState({
    value: 'done',
    context: { map: postSaleSeatMap, errorMessage: null, activeSegment: lastSegment, activePassenger: firstPassenger, choices: postSaleSeatChoice, confirmed: postSaleSeatChoice, refusedSeat: null },
  }),
};

const never = <TOutput, TInput>(): PromiseActorLogic<TOutput, TInput> => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/**
 * The seat picker child stays quiet in the plan (its own plan walks it): the snapshots it would report are
 * sample events, so the graph and a replay agree.
 */
export const postSalePlanMachine = postSaleMachine.provide({ actors: { loadOrder: never(), purchase: never(), seatPicker: fromCallback(() => {}) as never } });

const editingEvents: PostSaleEvent[] = [
  { type: 'summary.open' },
  { type: 'summary.close' },
  { type: 'seats.open' },
  { type: 'seats.finish' },
  { type: 'seat.pick', row: 5, column: 'A' },
  { type: 'bags.toggle', flightIndex: 0, passengerIndex: 0, code: '0C1' },
  { type: 'bags.toggle', flightIndex: 0, passengerIndex: 0, code: 'HBG' },
  { type: 'bags.flight', index: 1 },
  { type: 'bags.flight', index: 9 },
  { type: 'bags.passenger', index: 1 },
  { type: 'bags.passenger', index: 9 },
  { type: 'bags.next' },
  { type: 'bags.finish' },
  { type: 'bags.dismiss' },
  { type: 'method.choose', method: 'CASH' },
  { type: 'card.change', valid: true, stored: storedCard },
  { type: 'authorize.toggle', on: true },
  { type: 'authorizer.choose', authorizerId: 'AUT-1' },
  { type: 'invoice.toggle', on: true },
  { type: 'invoice.change', field: 'ruc', value: invoiceData.ruc },
  { type: 'invoice.change', field: 'companyName', value: invoiceData.companyName },
  { type: 'invoice.change', field: 'companyAddress', value: invoiceData.companyAddress },
  { type: 'purchase.submit' },
  { type: 'problem.dismiss' },
];

/** The post-sale machine's path plan: consumer, business and malformed links; the child's snapshots are sample events. */
export const postSalePlanOptions: PathPlanOptions<typeof postSalePlanMachine> = {
  inputs: [postSaleInputs.consumer, postSaleInputs.business, postSaleInputs.malformed],
  events: (snapshot) =>
    [
      { type: 'xstate.done.actor.loadOrder', output: postSaleOrders.covered },
      { type: 'xstate.done.actor.loadOrder', output: postSaleOrders.short },
      { type: 'xstate.done.actor.loadOrder', output: postSaleOrders.earlierAttempt },
      { type: 'xstate.error.actor.loadOrder', error: new Error('offline') },
      { type: 'xstate.error.actor.loadOrder', error: { status: 409, code: 'BOOKING_CLOSED' } },
      { type: 'order.retry' },
      { type: 'warning.continue' },
      { type: 'warning.decline' },
      ...(snapshot.matches('selecting')
        ? [
            ...editingEvents,
            // The picker told its parent: open on the last flight, then finished with a seat.
            { type: 'xstate.snapshot.seats', snapshot: seatPickerSnapshots.pickingLast },
            { type: 'xstate.snapshot.seats', snapshot: seatPickerSnapshots.done },
            { type: 'xstate.done.actor.purchase', output: { sessionID: '3f0c9a52-6d1e-4d8b-9a57-0b7e2f4c1a10', transactionStatusCode: 1 } },
            { type: 'xstate.error.actor.purchase', error: new Error('Failed to fetch') },
            { type: 'xstate.error.actor.purchase', error: { status: 409, code: 'BOOKING_CLOSED' } },
            { type: 'xstate.error.actor.purchase', error: { status: 400, code: 'CREDIT_INSUFFICIENT', body: { errors: [{ code: 'consumer' }] } } },
          ]
        : []),
    ] as never,
  // What decides the guards: the first failing check (or none), the baggage tab and the seat modal.
  contextKey: ({ context }) =>
    [context.order === null ? '-' : (problemOf(context) ?? 'ok'), context.bagFlight, context.seats.picking, context.form.method, context.form.authorize].join('|'),
};
