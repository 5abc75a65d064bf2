/**
 * The post-sale purchase as stories and UI tests see it, answered through the contract's schemas: the
 * fixture order's ancillaries by its order id (dashes and all) or record locator, the same order with an
 * earlier attempt, one selling bags only and one selling seats only; the agencies' credit lines and
 * authorisers; and the purchase, which answers each status by the card's last four (approved otherwise).
 */
import { http, HttpResponse } from 'msw';
import { apiErrorSchema, errorCodes } from '../../contract/common.ts';
import { confirmationSessionIds } from '../../contract/fixtures/confirmation.ts';
import { checkoutSeats } from '../../contract/fixtures/checkout.ts';
import { orderAncillaries } from '../../contract/fixtures/postsale.ts';
import {
  ancillariesByOrderIdRequestSchema,
  ancillariesByOrderIdResponseSchema,
  ancillariesPurchaseRequestSchema,
  bookSeatsHttpResponseSchema,
  creditAuthorizersResponseSchema,
  creditLimitResponseSchema,
  postSaleErrorCodes,
  type AncillariesPurchaseRequest,
  type OrderAncillariesResult,
} from '../../contract/postsale.ts';

/** The app's own order ids of the mock orders (the link carries them base64-encoded). */
export const POSTSALE_ORDERS = {
  /** Seats and bags; the agency of terminal 2113855, whose credit line is short. */
  full: 'ORD-20261123-000123',
  /** The same with an earlier purchase attempt: the 'Advertencia' first. */
  retried: 'ORD-20261123-000124',
  /** Bags only (no seat map). */
  bagsOnly: 'ORD-20261123-000125',
  /** Seats only (no bags). */
  seatsOnly: 'ORD-20261123-000126',
  /** A consumer order on a terminal with plenty of credit. */
  plenty: 'ORD-20261123-000127',
  /** A booking that expired unpaid: the server sells nothing on it (409 BOOKING_CLOSED). */
  closed: 'ORD-20261123-000128',
};
/** Credit lines by account: short (US$ 5 left) and plenty. */
export const SHORT_CREDIT_ACCOUNT = '2113855';
export const PLENTY_CREDIT_ACCOUNT = '9132868';
export const mockAuthorizers = [
  { id: 'AUT-1', displayName: 'Gerente de cuentas' },
  { id: 'AUT-2', displayName: 'Jefe de counter' },
];
/** Last four of a card whose purchase answers status 2 (a bag already held) and 3 (a seat taken). */
export const PARTIAL_CARD_LAST4 = '0004';
export const SEAT_TAKEN_CARD_LAST4 = '0005';

/** The fixture order with its seated passengers named (as the server answers them) and a credit account. */
const withCredit = (account: string | null, change: Partial<OrderAncillariesResult> = {}): OrderAncillariesResult => ({
  ...orderAncillaries,
  seats: { segments: orderAncillaries.seats.segments, passengers: checkoutSeats.passengers },
  creditAccountId: account,
  ...change,
});
const orders: Record<string, OrderAncillariesResult> = {
  [POSTSALE_ORDERS.full]: withCredit(SHORT_CREDIT_ACCOUNT),
  [POSTSALE_ORDERS.retried]: withCredit(SHORT_CREDIT_ACCOUNT, { hasPreviousTryOfBuyAncilliaries: true }),
  [POSTSALE_ORDERS.bagsOnly]: withCredit(SHORT_CREDIT_ACCOUNT, { seats: { segments: [] }, ancillariesSummary: [] }),
  [POSTSALE_ORDERS.seatsOnly]: withCredit(SHORT_CREDIT_ACCOUNT, { baggages: { baggages: [] }, ancillariesSummary: [] }),
  [POSTSALE_ORDERS.plenty]: withCredit(PLENTY_CREDIT_ACCOUNT, { ancillariesSummary: [] }),
  KXQ7TZ: withCredit(SHORT_CREDIT_ACCOUNT),
};

/** The purchases the mock API received, newest last (tests read what the page sent). */
export const postSalePurchases: AncillariesPurchaseRequest[] = [];

const failure = (status: number, code: string, message: string) => HttpResponse.json(apiErrorSchema.parse({ status, code, message, errors: [] }), { status });

export const postSaleHandlers = [
  http.post('/api/ancillaries/orderId', async ({ request }) => {
    const parsed = ancillariesByOrderIdRequestSchema.safeParse(await request.json());
    if (!parsed.success) return failure(400, errorCodes.badRequest, 'The request is not valid.');
    const identifier = 'orderId' in parsed.data ? parsed.data.orderId : parsed.data.recordLocator;
    if (identifier === POSTSALE_ORDERS.closed) return failure(409, postSaleErrorCodes.bookingClosed, 'This booking expired or was cancelled: no extras are sold on it.');
    const ancillaries = orders[identifier];
    if (!ancillaries) return failure(404, postSaleErrorCodes.orderNotFound, 'No order has this id.');
    return HttpResponse.json(ancillariesByOrderIdResponseSchema.parse({ status: 200, data: { ancillaries } }));
  }),
  http.get('/api/engines/creditLimit/:accountId/authorizers', () => HttpResponse.json(creditAuthorizersResponseSchema.parse({ status: 200, data: mockAuthorizers }))),
  http.get('/api/engines/creditLimit/:accountId', ({ params }) =>
    HttpResponse.json(
      creditLimitResponseSchema.parse({ status: 200, data: params.accountId === SHORT_CREDIT_ACCOUNT ? { debts: 75, available: 5 } : { debts: 1840.35, available: 3159.65 } }),
    ),
  ),
  http.post('/api/flights/bookSeats', async ({ request }) => {
    const parsed = ancillariesPurchaseRequestSchema.safeParse(await request.json());
    if (!parsed.success) return failure(400, errorCodes.badRequest, 'The request is not valid.');
    postSalePurchases.push(parsed.data);
    const last4 = parsed.data.paymentCard?.last4;
    const answer =
      last4 === PARTIAL_CARD_LAST4
        ? { transactionStatusCode: 2, sessionID: confirmationSessionIds.seatsWarning, errors: { error: [{ value: 'El pasajero ya tiene esa maleta en ese vuelo.', code: 'BAGGAGE_ALREADY_HELD' }] } }
        : last4 === SEAT_TAKEN_CARD_LAST4
          ? { transactionStatusCode: 3, sessionID: confirmationSessionIds.seatsFailed, errors: { error: [{ value: 'Asiento no disponible', code: 'SEAT_TAKEN' }] } }
          : { transactionStatusCode: 1, sessionID: confirmationSessionIds.seatsBooked, errors: null };
    return HttpResponse.json(bookSeatsHttpResponseSchema.parse({ status: 200, data: answer }));
  }),
];
