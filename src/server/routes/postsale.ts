import { createRoute, z } from '@hono/zod-openapi';
import { guard, jsonField, orderOfAirBook } from '../access/policy.ts';
import {
  ancillariesByOrderIdRequestSchema,
  ancillariesByOrderIdResponseSchema,
  ancillariesPurchaseRequestSchema,
  baggagesRequestSchema,
  baggagesResponseSchema,
  bookSeatsHttpResponseSchema,
  creditAuthorizersResponseSchema,
  creditLimitParamsSchema,
  creditLimitResponseSchema,
  creditLimitUsaRequestSchema,
  seatsAddRequestSchema,
  seatsAddResponseSchema,
  transactionsByOrderIdRequestSchema,
  transactionsByOrderIdResponseSchema,
} from '../../contract/postsale.ts';
import { errorCodes } from '../../contract/common.ts';
import { derivedSessionOwnerKey } from '../domain/session-owner-key.ts';
import { ApiFailure } from '../errors.ts';
import { createRouter, errorResponse } from '../http.ts';
import {
  creditAuthorizersOf,
  creditLimitOf,
  findOrder,
  findOrderOfAirBook,
  heldSeatsOf,
  orderAncillaries,
  orderBaggages,
  purchaseAncillaries,
  transactionOf,
} from '../services/postsale.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const orderErrors = { 400: errorResponse('Malformed request'), 404: errorResponse('ORDER_NOT_FOUND: no order has this id or record locator') };

const ancillariesRoute = createRoute({
  method: 'post',
  path: '/ancillaries/orderId',
  middleware: guard({ kind: 'booking', level: 'link', booking: (input) => { const id = jsonField(input, 'orderId') ?? jsonField(input, 'recordLocator'); return id ? { orderIdOrLocator: id } : null; } }),
  tags: ['postsale'],
  summary:
    "An order's extras (spec 3 §4): seat map and bags (each [] when it cannot be had), its transaction, earlier attempts (any recorded purchase) and the summary of earlier purchases. By order id (ORD-…) or record locator",
  request: jsonBody(ancillariesByOrderIdRequestSchema),
  responses: { 200: json(ancillariesByOrderIdResponseSchema, 'The order’s ancillaries'), ...orderErrors, 409: errorResponse('BOOKING_CLOSED: the booking expired or was cancelled, no extras are sold') },
});

const transactionsRoute = createRoute({
  method: 'post',
  path: '/transactions/orderId',
  middleware: guard({ kind: 'booking', level: 'link', booking: (input) => { const id = jsonField(input, 'orderId'); return id ? { orderIdOrLocator: id } : null; } }),
  tags: ['postsale'],
  summary: "An order's transaction: its id (the order id) and airBook (terminal and PNR). By order id or record locator",
  request: jsonBody(transactionsByOrderIdRequestSchema),
  responses: { 200: json(transactionsByOrderIdResponseSchema, 'One transaction'), ...orderErrors },
});

const baggagesRoute = createRoute({
  method: 'post',
  path: '/flights/baggages',
  middleware: guard({ kind: 'booking', level: 'link', booking: orderOfAirBook }),
  tags: ['postsale'],
  summary: 'Bags the supplier sells per booked flight and seated passenger of an order (codes of BAGGAGE_CODES; the name is the code)',
  request: jsonBody(baggagesRequestSchema),
  responses: { 200: json(baggagesResponseSchema, 'Bags per flight'), ...orderErrors, 502: errorResponse('The supplier could not price the bags') },
});

const seatsAddRoute = createRoute({
  method: 'post',
  path: '/flights/seats/add',
  middleware: guard({ kind: 'booking', level: 'link', booking: (input) => { const pnr = jsonField(input, 'airReservation', 'bookingReferenceID'); return pnr ? { orderIdOrLocator: pnr } : null; } }),
  tags: ['postsale'],
  summary: 'The seat purchase as an air reservation: answers which of its seats the order holds (the web only logs failures)',
  request: jsonBody(seatsAddRequestSchema),
  responses: { 200: json(seatsAddResponseSchema, 'Held and missing seats'), ...orderErrors },
});

const bookSeatsRoute = createRoute({
  method: 'post',
  path: '/flights/bookSeats',
  middleware: guard({ kind: 'booking', level: 'link', booking: (input) => { const id = jsonField(input, 'transactionId'); return id ? { orderId: id } : null; } }),
  tags: ['postsale'],
  summary:
    'Buy seats and bags for an order with a card (vault token) or the agency credit line. Priced by the server; spec 3 §5 checks in order (400 with their codes); HTTP 200 with transactionStatusCode 1 issued, 2 issued in part, 3 seat taken, 4 card declined, 5 credit short, 6 nothing to issue, and the outcome sessionID. The same idempotencyKey answers the first purchase',
  request: jsonBody(ancillariesPurchaseRequestSchema),
  responses: {
    200: json(bookSeatsHttpResponseSchema, 'The purchase’s outcome'),
    400: errorResponse('ANCILLARIES_NOT_FINISHED, CREDIT_INSUFFICIENT (business / consumer), INVOICE_INCOMPLETE, CARD_INCOMPLETE, NOTHING_CHOSEN, ANCILLARY_NOT_OFFERED, NO_CREDIT_ACCOUNT, UNKNOWN_AUTHORIZER or a malformed body'),
    404: errorResponse('ORDER_NOT_FOUND'),
    409: errorResponse('ORDER_MISMATCH (airBook not the transaction’s), BOOKING_CLOSED (the booking expired or was cancelled: nothing sold, nothing charged), or PURCHASE_IN_PROGRESS with Retry-After: send the same request again'),
    422: errorResponse('IDEMPOTENCY_KEY_REUSED'),
    503: errorResponse('CARD_PAYMENT_UNAVAILABLE: no card gateway configured'),
  },
});

const creditErrors = { 400: errorResponse('Malformed account id'), 404: errorResponse('CREDIT_ACCOUNT_NOT_FOUND (the web shows the empty result)') };

const creditLimitRoute = createRoute({
  method: 'get',
  path: '/engines/creditLimit/{accountId}',
  middleware: guard({ kind: 'agency', account: (input) => input.param.accountId ?? null }),
  tags: ['postsale', 'agency'],
  summary: "An agency's credit line in US$: debts and available (limit − debts). By agency account id or terminal id",
  request: { params: creditLimitParamsSchema },
  responses: { 200: json(creditLimitResponseSchema, 'The credit line'), ...creditErrors },
});

const creditLimitUsaRoute = createRoute({
  method: 'post',
  path: '/engines/creditLimit/USA/{accountId}',
  middleware: guard({ kind: 'agency', account: (input) => input.param.accountId ?? null }),
  tags: ['postsale', 'agency'],
  summary: 'The credit line, as asked by points of sale outside PE (isUSA); same answer',
  request: { params: creditLimitParamsSchema, ...jsonBody(creditLimitUsaRequestSchema) },
  responses: { 200: json(creditLimitResponseSchema, 'The credit line'), ...creditErrors },
});

const authorizersRoute = createRoute({
  method: 'get',
  path: '/engines/creditLimit/{accountId}/authorizers',
  middleware: guard({ kind: 'agency', account: (input) => input.param.accountId ?? null }),
  tags: ['postsale', 'agency'],
  summary: 'Who may authorise a credit-line emission beyond the available credit: ids and role-like display names',
  request: { params: creditLimitParamsSchema },
  responses: { 200: json(creditAuthorizersResponseSchema, 'Authorizers'), ...creditErrors },
});

export const postSaleRoutes = createRouter()
  .openapi(ancillariesRoute, async (c) => {
    const body = c.req.valid('json');
    const order = await findOrder(c.var.deps, 'orderId' in body ? body.orderId : body.recordLocator);
    return c.json({ status: 200 as const, data: { ancillaries: await orderAncillaries(c.var.deps, order, c.var.access!.principal) } }, 200);
  })
  .openapi(transactionsRoute, async (c) => {
    const order = await findOrder(c.var.deps, c.req.valid('json').orderId);
    return c.json({ status: 200 as const, data: { transactions: [transactionOf(order)] } }, 200);
  })
  .openapi(baggagesRoute, async (c) => {
    const order = await findOrderOfAirBook(c.var.deps, c.req.valid('json').airBook);
    return c.json({ status: 200 as const, data: await orderBaggages(c.var.deps, order) }, 200);
  })
  .openapi(seatsAddRoute, async (c) => {
    const { airReservation } = c.req.valid('json');
    const designators = airReservation.travelerInfo.airTraveler.flatMap((traveller) => traveller.seats);
    return c.json({ status: 200 as const, data: await heldSeatsOf(c.var.deps, airReservation.bookingReferenceID, designators) }, 200);
  })
  .openapi(bookSeatsRoute, async (c) => {
    const answer = await purchaseAncillaries(c.var.deps, c.req.valid('json'), c.var.access!);
    const sessionKey = answer.sessionID ? derivedSessionOwnerKey(c.var.deps.bookingLinkSecret, answer.sessionID).key : undefined;
    return c.json({ status: 200 as const, data: { ...answer, sessionKey } }, 200);
  })
  .openapi(creditLimitRoute, async (c) => c.json({ status: 200 as const, data: await creditLimitOf(c.var.deps, c.req.valid('param').accountId) }, 200))
  .openapi(creditLimitUsaRoute, async (c) => {
    const { accountId } = c.req.valid('param');
    if (c.req.valid('json').accountId !== accountId) {
      throw new ApiFailure(400, errorCodes.badRequest, 'The body names another account than the path.', [{ path: 'json.accountId', code: 'mismatch', value: 'Another account' }]);
    }
    return c.json({ status: 200 as const, data: await creditLimitOf(c.var.deps, accountId) }, 200);
  })
  .openapi(authorizersRoute, async (c) => c.json({ status: 200 as const, data: await creditAuthorizersOf(c.var.deps, c.req.valid('param').accountId) }, 200));
