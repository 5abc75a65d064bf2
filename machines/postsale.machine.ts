import { assertEvent, assign, enqueueActions, not, setup, type SnapshotFrom } from 'xstate';
import {
  BOOK_SEATS_CLIENT_FAILURE_CODE,
  decodePostSaleOrderId,
  type AncillariesPurchaseRequest,
  type CreditAuthorizer,
  type CreditLimit,
  type OrderAncillariesResult,
  type PostSaleOrderRef,
} from '../src/contract/postsale.ts';
import type { StoredCard } from '../src/contract/checkout.ts';
import { notProvided } from './not-provided.ts';
import {
  bagKey,
  baggageOffered,
  bagsTotal,
  emptyPostSaleForm,
  purchaseBaggagesOf,
  isBookingClosedRefusal,
  problemOfRefusal,
  purchaseProblem,
  seatMapOf,
  seatsOffered,
  type BagChoices,
  type PostSaleForm,
  type PurchaseProblem,
} from './postsale.rules.ts';
import { seatPickerMachine, type SeatPickerEvent } from './seat-picker.machine.ts';
import { seatsTotal, selectedSeatsOf, type SeatChoices } from './seat-picker.rules.ts';

/** What loading an order answers: its ancillaries and, for the credit line, the agency's credit (null when unknown). */
export interface PostSaleOrder {
  ancillaries: OrderAncillariesResult;
  credit: CreditLimit | null;
  /** Who may authorise a credit-line emission beyond the available credit (empty without a credit line). */
  authorizers: CreditAuthorizer[];
}

/** What the purchase answered (spec 3 §4 "Seat booking outcome"). */
export interface PurchaseAnswer {
  /** The outcome's session; none when the server kept none (the error page then shows the fallback). */
  sessionID: string | null;
  transactionStatusCode: number;
}

export interface PostSaleInput {
  /** The route's base64 `orderId` parameter. */
  orderIdParam: string;
  /** One per visit: a double submit charges once (the server answers the first purchase again). */
  idempotencyKey: string;
}

/** What the seat picker child last showed: enough to know its finish and what it confirmed. */
export interface SeatsView {
  /** The seat modal is open on a segment (the finish button shows on the last one). */
  picking: boolean;
  activeSegment: number;
  segments: number;
  confirmed: SeatChoices;
}

export interface PostSaleContext extends PostSaleInput {
  ref: PostSaleOrderRef | null;
  order: PostSaleOrder | null;
  seats: SeatsView;
  seatsFinished: boolean;
  /** Baggage tabs: the open flight and the passenger of the stepper. */
  bagFlight: number;
  bagPassenger: number;
  bags: BagChoices;
  bagsFinished: boolean;
  form: PostSaleForm;
  problem: PurchaseProblem | null;
  /** Where the purchase went: the answer's session and status, or the client failure's 1003. */
  outcome: { sessionID: string | null; transactionStatusCode: number | null } | null;
}

export type PostSaleEvent =
  | { type: 'order.retry' }
  | { type: 'warning.continue' }
  | { type: 'warning.decline' }
  | { type: 'summary.open' }
  | { type: 'summary.close' }
  | SeatPickerEvent
  | { type: 'bags.toggle'; flightIndex: number; passengerIndex: number; code: string }
  | { type: 'bags.flight'; index: number }
  | { type: 'bags.passenger'; index: number }
  | { type: 'bags.next' }
  | { type: 'bags.finish' }
  | { type: 'bags.dismiss' }
  | { type: 'method.choose'; method: PostSaleForm['method'] }
  | { type: 'card.change'; valid: boolean; stored: StoredCard | null }
  | { type: 'authorize.toggle'; on: boolean }
  | { type: 'authorizer.choose'; authorizerId: string | null }
  | { type: 'invoice.toggle'; on: boolean }
  | { type: 'invoice.change'; field: keyof PostSaleForm['invoice']; value: string }
  | { type: 'purchase.submit' }
  | { type: 'problem.dismiss' };

const orderOf = (context: PostSaleContext) => context.order as PostSaleOrder;
const flightsOf = (context: PostSaleContext) => context.order?.ancillaries.baggages.baggages ?? [];

/** Seats and bags chosen, in USD. */
/** The page before its link is read: nothing chosen, nothing loaded. */
export const postSaleContextOf = (input: PostSaleInput): PostSaleContext => ({
  ...input,
  ref: null,
  order: null,
  seats: { picking: false, activeSegment: 0, segments: 0, confirmed: {} },
  seatsFinished: false,
  bagFlight: 0,
  bagPassenger: 0,
  bags: {},
  bagsFinished: false,
  form: emptyPostSaleForm,
  problem: null,
  outcome: null,
});

export const postSaleTotal = (context: Pick<PostSaleContext, 'seats' | 'bags' | 'order'>) =>
  Math.round((seatsTotal(context.seats.confirmed) + bagsTotal(context.order?.ancillaries.baggages.baggages ?? [], context.bags)) * 100) / 100;

/** The purchase request (ancillariesPurchaseRequestSchema) for what the page holds. */
export function purchaseRequestOf(context: PostSaleContext): AncillariesPurchaseRequest {
  const { ancillaries } = orderOf(context);
  const { form } = context;
  const isBusiness = context.ref?.isBusiness ?? false;
  return {
    idempotencyKey: context.idempotencyKey,
    transactionId: ancillaries.transactionId ?? '',
    airBook: ancillaries.airBook!,
    seats: selectedSeatsOf(seatMapOf(ancillaries), context.seats.confirmed),
    baggages: purchaseBaggagesOf(ancillaries.baggages.baggages, context.bags),
    confirmed: { seats: context.seatsFinished, baggages: context.bagsFinished },
    paymentOption: form.method,
    paymentCard: form.method === 'CARD' ? form.card.stored : null,
    authorization: form.method === 'CASH' && !isBusiness && form.authorize && form.authorizerId ? { authorizerId: form.authorizerId } : null,
    invoice: form.invoiceRequested ? { ruc: form.invoice.ruc.trim(), companyName: form.invoice.companyName.trim(), companyAddress: form.invoice.companyAddress.trim() } : null,
    isBusiness,
  };
}

/** The first purchase check that fails for what the page holds (spec 3 §5), or null. */
export const problemOf = (context: PostSaleContext) => {
  const ancillaries = context.order?.ancillaries;
  return purchaseProblem({
    seatsOffered: ancillaries ? seatsOffered(ancillaries) : false,
    seatsFinished: context.seatsFinished,
    baggageOffered: baggageOffered(flightsOf(context)),
    baggageFinished: context.bagsFinished,
    total: postSaleTotal(context),
    isBusiness: context.ref?.isBusiness ?? false,
    credit: context.order?.credit ?? null,
    form: context.form,
  });
};

const withForm = (context: PostSaleContext, change: Partial<PostSaleForm>) => ({ form: { ...context.form, ...change } });

/**
 * The post-sale ancillaries purchase page (spec 3 §2, §4, §5; issue 14): the link is decoded, the
 * order's seats, baggage and earlier purchases load; an order with an earlier attempt shows the
 * 'Advertencia' pop-up first (declining ends there). Then seats (the checkout's seat picker, as a child
 * actor fed the order's map), baggage flight by flight, payment method, card or credit line, invoice;
 * buying runs the checks in order (the first failure is shown and nothing is sent), then the purchase,
 * whose status picks the outcome page.
 */
export const postSaleMachine = setup({
  types: { context: {} as PostSaleContext, events: {} as PostSaleEvent, input: {} as PostSaleInput },
  actors: {
    /** POST /api/ancillaries/orderId (+ the agency's credit line) */
    loadOrder: notProvided<PostSaleOrder, PostSaleOrderRef>('loadOrder'),
    /** The ancillaries purchase */
    purchase: notProvided<PurchaseAnswer, AncillariesPurchaseRequest>('purchase'),
    seatPicker: seatPickerMachine,
  },
  actions: {
    decode: assign({ ref: ({ context }) => decodePostSaleOrderId(context.orderIdParam) }),
    storeOrder: assign({ order: ({ event }) => (event as unknown as { output: PostSaleOrder }).output }),
    copySeats: assign({
      seats: ({ event }) => {
        const snapshot = (event as unknown as { snapshot: SnapshotFrom<typeof seatPickerMachine> }).snapshot;
        return {
          picking: snapshot.matches('picking'),
          activeSegment: snapshot.context.activeSegment, segments: snapshot.context.map?.segments.length ?? 0, confirmed: snapshot.context.confirmed };
      },
    }),
    /** Seat events go to the picker; its last segment's finish also finishes the seats for the checks (with or without a seat). */
    forwardSeats: enqueueActions(({ context, event, enqueue }) => {
      enqueue.sendTo('seats', event);
      if (event.type === 'seats.finish' && context.seats.picking && context.seats.activeSegment >= context.seats.segments - 1) enqueue.assign({ seatsFinished: true });
    }),
    toggleBag: assign({
      bags: ({ context, event }) => {
        assertEvent(event, 'bags.toggle');
        const key = bagKey(event.flightIndex, event.passengerIndex, event.code);
        const { [key]: chosen, ...others } = context.bags;
        return chosen ? others : { ...others, [key]: true as const };
      },
    }),
    showBagFlight: assign(({ context, event }) => {
      assertEvent(event, ['bags.flight', 'bags.next']);
      return { bagFlight: event.type === 'bags.flight' ? event.index : context.bagFlight + 1, bagPassenger: 0 };
    }),
    showBagPassenger: assign({
      bagPassenger: ({ event }) => {
        assertEvent(event, 'bags.passenger');
        return event.index;
      },
    }),
    finishBags: assign({ bagsFinished: true }),
    chooseMethod: assign(({ context, event }) => {
      assertEvent(event, 'method.choose');
      return withForm(context, { method: event.method });
    }),
    storeCard: assign(({ context, event }) => {
      assertEvent(event, 'card.change');
      return withForm(context, { card: { valid: event.valid, stored: event.stored } });
    }),
    toggleAuthorize: assign(({ context, event }) => {
      assertEvent(event, 'authorize.toggle');
      return withForm(context, { authorize: event.on, authorizerId: event.on ? context.form.authorizerId : null });
    }),
    chooseAuthorizer: assign(({ context, event }) => {
      assertEvent(event, 'authorizer.choose');
      return withForm(context, { authorizerId: event.authorizerId });
    }),
    toggleInvoice: assign(({ context, event }) => {
      assertEvent(event, 'invoice.toggle');
      return withForm(context, { invoiceRequested: event.on });
    }),
    changeInvoice: assign(({ context, event }) => {
      assertEvent(event, 'invoice.change');
      return withForm(context, { invoice: { ...context.form.invoice, [event.field]: event.value } });
    }),
    noteProblem: assign({ problem: ({ context }) => problemOf(context) }),
    forgetProblem: assign({ problem: null }),
    storeOutcome: assign({
      outcome: ({ event }) => {
        const answer = (event as unknown as { output: PurchaseAnswer }).output;
        return { sessionID: answer.sessionID, transactionStatusCode: answer.transactionStatusCode };
      },
    }),
    /** Spec 3 §4: a thrown failure goes to error/0 with 1003 recorded. */
    storeClientFailure: assign({ outcome: { sessionID: null, transactionStatusCode: BOOK_SEATS_CLIENT_FAILURE_CODE } }),
  },
  guards: {
    decoded: ({ context }) => context.ref !== null,
    /** A snapshot of the seat picker (a stand-in child, as in the path plan, reports none). */
    fromSeatPicker: ({ event }) => {
      const snapshot = (event as unknown as { snapshot?: { context?: { confirmed?: unknown } } }).snapshot;
      return snapshot?.context?.confirmed !== undefined;
    },
    hadEarlierAttempt: ({ event }) => (event as unknown as { output: PostSaleOrder }).output.ancillaries.hasPreviousTryOfBuyAncilliaries,
    hasSummary: ({ context }) => (context.order?.ancillaries.ancillariesSummary.length ?? 0) > 0,
    isBagOffer: ({ context, event }) => {
      assertEvent(event, 'bags.toggle');
      const passenger = flightsOf(context)[event.flightIndex]?.passengers[event.passengerIndex];
      return passenger?.baggagesByPassenger.some((item) => item.code === event.code) ?? false;
    },
    isBagFlight: ({ context, event }) => {
      assertEvent(event, 'bags.flight');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < flightsOf(context).length;
    },
    isBagPassenger: ({ context, event }) => {
      assertEvent(event, 'bags.passenger');
      return Number.isInteger(event.index) && event.index >= 0 && event.index < (flightsOf(context)[context.bagFlight]?.passengers.length ?? 0);
    },
    hasNextBagFlight: ({ context }) => context.bagFlight + 1 < flightsOf(context).length,
    purchasable: ({ context }) => problemOf(context) === null,
  },
}).createMachine({
  id: 'postSale',
  context: ({ input }) => postSaleContextOf(input),
  initial: 'decoding',
  states: {
    /** The link's base64 order id: an order id or a Sabre record locator, and the business marker. */
    decoding: {
      entry: 'decode',
      always: [{ guard: 'decoded', target: 'loading' }, { target: 'invalidLink' }],
    },
    /** A link that does not decode: a translated error, nothing is asked of the server. */
    invalidLink: { type: 'final' },
    /** The spinner. */
    loading: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => context.ref as PostSaleOrderRef,
        onDone: [
          { guard: 'hadEarlierAttempt', target: 'warning', actions: 'storeOrder' },
          { target: 'selecting', actions: 'storeOrder' },
        ],
        onError: [{ guard: ({ event }) => isBookingClosedRefusal(event.error), target: 'closed' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'order.retry': 'loading' } },
    /** The booking expired or was cancelled (the server's BOOKING_CLOSED): nothing is sold on it. */
    closed: { type: 'final' },
    /** 'Advertencia': this order has earlier purchase attempts. */
    warning: { on: { 'warning.continue': 'selecting', 'warning.decline': 'declined' } },
    /** The warning was declined: nothing is shown to buy. */
    declined: { type: 'final' },
    /** The page's eight blocks; the seat picker lives as long as them. */
    selecting: {
      invoke: {
        id: 'seats',
        src: 'seatPicker',
        input: ({ context }) => ({ map: seatMapOf(orderOf(context).ancillaries) }),
        onSnapshot: { guard: 'fromSeatPicker', actions: 'copySeats' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'summary.open': { guard: 'hasSummary', target: 'summary' },
            'seats.*': { actions: 'forwardSeats' },
            'seat.pick': { actions: 'forwardSeats' },
            'bags.toggle': { guard: 'isBagOffer', actions: 'toggleBag' },
            'bags.flight': { guard: 'isBagFlight', actions: 'showBagFlight' },
            'bags.passenger': { guard: 'isBagPassenger', actions: 'showBagPassenger' },
            'bags.next': { guard: 'hasNextBagFlight', actions: 'showBagFlight' },
            'bags.finish': { guard: not('hasNextBagFlight'), target: 'bagsDone', actions: 'finishBags' },
            'method.choose': { actions: 'chooseMethod' },
            'card.change': { actions: 'storeCard' },
            'authorize.toggle': { actions: 'toggleAuthorize' },
            'authorizer.choose': { actions: 'chooseAuthorizer' },
            'invoice.toggle': { actions: 'toggleInvoice' },
            'invoice.change': { actions: 'changeInvoice' },
            'purchase.submit': 'validating',
          },
        },
        /** Spec 3 §5's checks in order; the first failure stops. */
        validating: {
          always: [{ guard: 'purchasable', target: 'purchasing', actions: 'forgetProblem' }, { target: 'refused', actions: 'noteProblem' }],
        },
        /** 'Resumen de compra anterior'. */
        summary: { on: { 'summary.close': 'editing' } },
        /** The baggage success message. */
        bagsDone: { on: { 'bags.dismiss': 'editing' } },
        /** The first failed check's message; nothing was sent. */
        refused: { on: { 'problem.dismiss': { target: 'editing', actions: 'forgetProblem' } } },
        /** 'Comprando... ', the buy button disabled. */
        purchasing: {
          invoke: {
            id: 'purchase',
            src: 'purchase',
            input: ({ context }) => purchaseRequestOf(context),
            onDone: { target: '#postSale.purchased', actions: 'storeOutcome' },
            onError: [
              // The booking closed while the page was open: nothing was bought.
              { guard: ({ event }) => isBookingClosedRefusal(event.error), target: '#postSale.closed' },
              // The server's own spec 3 §5 check refused it: its message, on the page, as the page's own checks show theirs.
              { guard: ({ event }) => problemOfRefusal(event.error) !== null, target: 'refused', actions: assign({ problem: ({ event }) => problemOfRefusal(event.error) }) },
              { target: '#postSale.purchased', actions: 'storeClientFailure' },
            ],
          },
        },
      },
    },
    /** The outcome: the page goes to process, warning or error by the status (error/0 for a client failure). */
    purchased: { type: 'final' },
  },
});

export type PostSaleSnapshot = SnapshotFrom<typeof postSaleMachine>;