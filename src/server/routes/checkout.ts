import { createRoute, z } from '@hono/zod-openapi';
import { guard, jsonField, orderOfAirBook } from '../access/policy.ts';
import { apiErrorSchema, DEFAULT_TERMINAL_ID, isoDateSchema, terminalIdSchema } from '../../contract/common.ts';
import { bookingRequestSchema } from '../../contract/booking-request.ts';
import {
  ancillaryOptionsRequestSchema,
  ancillaryOptionsResponseSchema,
  bookingResponseSchema,
  couponRequestSchema,
  couponResponseSchema,
  exchangeRateResponseSchema,
  fareRulesRequestSchema,
  fareRulesResponseSchema,
  insuranceProductsRequestSchema,
  insuranceProductsResponseSchema,
  seatMapRequestSchema,
  seatMapResponseSchema,
} from '../../contract/checkout.ts';
import { checkoutPaymentMethodsQuerySchema, checkoutPaymentMethodsResponseSchema } from '../../contract/checkout-policy.ts';
import { createRouter } from '../http.ts';
import { bookFlights } from '../services/booking.ts';
import {
  checkoutAncillaryOptions,
  exchangeRateFor,
  fareRules,
  insuranceProducts,
  listCheckoutPaymentMethods,
  previewCoupon,
  scotiabankLookupOfSession,
  storeExchangeRate,
} from '../services/checkout.ts';
import { scotiabankLookupQuerySchema, scotiabankLookupResponseSchema } from '../../contract/scotiabank.ts';
import { sessionKeyHeadersSchema } from '../../contract/session.ts';
import { findEngine } from '../services/engines.ts';
import { checkoutSeatMap } from '../services/seats.ts';
import { orderRequestSchema, seatsResponseSchema } from '../../contract/postsale.ts';
import { findOrderOfAirBook, orderSeatOffer, transactionOf } from '../services/postsale.ts';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const tokenErrors = {
  401: errorResponse('Agency terminal: invalid or expired search token'),
  402: errorResponse('Agency terminal: no search token'),
  404: errorResponse('Unknown terminal'),
};

const paymentMethodsRoute = createRoute({
  method: 'get',
  path: '/engines/{terminalId}/payment_methods/checkout',
  middleware: guard({ kind: 'public', reason: 'a channel’s payment methods for an offer' }),
  tags: ['checkout'],
  summary: 'Payment methods a checkout offers: 121 only for providers 100/102 and airlines other than UX/AR, 130 only ≥ 3 days ahead; Yape (< US$ 500) and split payment (> US$ 500) flags',
  request: { params: z.object({ terminalId: terminalIdSchema }), query: checkoutPaymentMethodsQuerySchema },
  responses: { 200: json(checkoutPaymentMethodsResponseSchema, 'Methods in priority order'), 400: errorResponse('Bad query'), 404: errorResponse('Unknown terminal') },
});

/** YYYY-MM-DD that names a real day (2026-02-31 is refused with a 400, not a crash). */
const calendarDateSchema = isoDateSchema.refine((text) => {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}, 'The date does not exist');
const rateParams = z.object({ date: calendarDateSchema });
const rateRoute = createRoute({
  method: 'get',
  path: '/engines/payment/rates/{date}',
  middleware: guard({ kind: 'public', reason: 'the published exchange rate of a day' }),
  tags: ['checkout'],
  summary: 'USD → PEN exchange rate of a day (the checkout asks for yesterday in Lima); falls back to the last rate of the 7 days before',
  request: { params: rateParams },
  responses: { 200: json(exchangeRateResponseSchema, 'The rate'), 400: errorResponse('Bad or future date'), 404: errorResponse('No rate stored') },
});

const storeRateRoute = createRoute({
  method: 'put',
  path: '/engines/payment/rates/{date}',
  middleware: guard({ kind: 'operator' }),
  tags: ['checkout', 'operations'],
  summary: 'Store the published USD → PEN rate of a day (operators: x-api-key = ADMIN_API_KEY)',
  request: {
    params: rateParams,
    headers: z.object({ 'x-api-key': z.string().max(200).optional() }),
    ...jsonBody(z.object({ rate: z.number().positive().max(100) })),
  },
  responses: {
    200: json(exchangeRateResponseSchema, 'Stored'),
    400: errorResponse('Bad date or rate'),
    401: errorResponse('Missing or wrong key'),
    403: errorResponse('No ADMIN_API_KEY configured'),
  },
});

const ancillariesRoute = createRoute({
  method: 'post',
  path: '/flights/ancillaries',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['checkout'],
  summary: 'Extra baggage options of the offer per leg and passenger type, priced by the supplier',
  request: jsonBody(ancillaryOptionsRequestSchema),
  responses: { 200: json(ancillaryOptionsResponseSchema, 'Baggage options'), 400: errorResponse('Unknown offer'), ...tokenErrors },
});

const seatsRoute = createRoute({
  method: 'post',
  path: '/flights/seats',
  middleware: guard({ kind: 'booking', level: 'link', unnamedIsPublic: true, booking: orderOfAirBook }),
  tags: ['checkout'],
  summary:
    'Seat map of the chosen flights, one segment per flight in trip order: rows of seats (A free, T taken, S aisle) and, per free seat, an offer item for each seated passenger (PAX1 …, no infants) with its price',
  request: jsonBody(z.union([orderRequestSchema, seatMapRequestSchema])),
  responses: {
    200: json(
      z.union([seatMapResponseSchema, seatsResponseSchema]),
      'The seat map (no segments, or segments without rows, when the flights sell no seats); for an order ({hasOrderId, airBook}) its seat offer with seats sold to anyone taken, airBook and transactionId',
    ),
    400: errorResponse('Bad request or unknown offer'),
    ...tokenErrors,
    404: errorResponse('Unknown terminal or session'),
    410: errorResponse('Session expired'),
  },
});

const insuranceRoute = createRoute({
  method: 'post',
  path: '/engines/universal',
  middleware: guard({ kind: 'public', reason: 'insurance products of a channel' }),
  tags: ['checkout'],
  summary: 'Travel insurance products for the trip: whitelisted profiles only, never with provider 101 (empty list otherwise)',
  request: jsonBody(insuranceProductsRequestSchema),
  responses: { 200: json(insuranceProductsResponseSchema, 'Products (plan 1, plan 2)'), 400: errorResponse('Bad request'), 404: errorResponse('Unknown terminal') },
});

const fareRulesRoute = createRoute({
  method: 'post',
  path: '/flights/fare_rules',
  middleware: guard({ kind: 'terminalSearch' }),
  tags: ['checkout'],
  summary: 'Fare rules per route (departure–arrival) with titled sections; general terms are left out for agency terminals',
  request: { query: z.object({ terminalId: terminalIdSchema.default(DEFAULT_TERMINAL_ID) }), ...jsonBody(fareRulesRequestSchema) },
  responses: { 200: json(fareRulesResponseSchema, 'Rules per route'), 400: errorResponse('Bad request'), 404: errorResponse('Unknown terminal') },
});

const couponRoute = createRoute({
  method: 'post',
  path: '/engines/coupon',
  middleware: guard({ kind: 'public', reason: 'checks a discount code against an offer; limited per client and code' }),
  tags: ['checkout'],
  summary:
    "Check a discount code (spaces removed, upper case) against the offer of markupRQ, with the booking's own rule. 'ripley' switches the payment to 121. A rejected code answers apply: false and its refusal code",
  request: jsonBody(couponRequestSchema),
  responses: { 200: json(couponResponseSchema, 'The discount line'), 400: errorResponse('Bad request or offer'), 404: errorResponse('Unknown terminal') },
});

const scotiabankRoute = createRoute({
  method: 'get',
  path: '/checkout/scotiabank',
  middleware: guard({ kind: 'sessionOwner', session: (input) => input.query.sessionID ?? null }),
  tags: ['checkout'],
  summary:
    "The Scotiabank card's lookup (123) for the session's trip: the first flight's city, country and date pairs, the passenger types and count and the segments, asked of the bank; reservable, or the refusal (the booking asks again)",
  request: { query: scotiabankLookupQuerySchema, headers: sessionKeyHeadersSchema },
  responses: {
    200: json(scotiabankLookupResponseSchema, 'Whether the card can reserve this trip'),
    400: errorResponse('Malformed session id'),
    403: errorResponse('Not the browser that created the session (SESSION_KEY_REQUIRED)'),
    404: errorResponse('Unknown session'),
    409: errorResponse('No flights chosen in the session yet'),
    410: errorResponse('Session expired'),
  },
});

const bookRoute = createRoute({
  method: 'post',
  path: '/flights/book',
  middleware: guard({ kind: 'sessionOwner', session: (input) => jsonField(input, 'sessionID') }),
  tags: ['checkout'],
  summary:
    'Book the checkout: validated and priced again on the server. HTTP 200 with statusCode 1 (booked) or a booking error code (1000 duplicate, 1001 segments, 1002 fare change with its payload, 1007 attempt limit, 1303 provider). The same idempotencyKey answers the first booking.',
  request: jsonBody(bookingRequestSchema),
  responses: {
    200: json(bookingResponseSchema, 'Booking result (statusCode 1 or a booking error code)'),
    400: errorResponse('Invalid booking: the errors list names every field'),
    ...tokenErrors,
    404: errorResponse('Unknown terminal or session'),
    409: errorResponse('The same idempotency key is still being booked (BOOKING_IN_PROGRESS, with Retry-After: send the same request again), or this checkout is booked already (ALREADY_BOOKED, with its booking)'),
    410: errorResponse('Session expired'),
    422: errorResponse('The idempotency key was used for another request'),
  },
});

export const checkoutRoutes = createRouter()
  .openapi(paymentMethodsRoute, async (c) => {
    const { providerCode, ...query } = c.req.valid('query');
    const data = await listCheckoutPaymentMethods(c.var.deps, c.req.valid('param').terminalId, { ...query, systemProviderCode: providerCode });
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(rateRoute, async (c) => c.json({ status: 200 as const, data: await exchangeRateFor(c.var.deps, c.req.valid('param').date) }, 200))
  .openapi(storeRateRoute, async (c) => {
    const data = await storeExchangeRate(c.var.deps, c.req.valid('header')['x-api-key'], c.req.valid('param').date, c.req.valid('json').rate);
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(ancillariesRoute, async (c) => {
    const body = c.req.valid('json');
    const data = await checkoutAncillaryOptions(c.var.deps, {
      recommendationId: body.recommendationId,
      terminalId: body.engine.id,
      token: body.searchParams.token,
      flights: body.flights,
      passengers: body.searchParams.passengers,
    });
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(seatsRoute, async (c) => {
    const body = c.req.valid('json');
    if (!('hasOrderId' in body)) return c.json({ status: 200 as const, data: await checkoutSeatMap(c.var.deps, body) }, 200);
    // After booking (issue 14): the order's own seat map.
    const order = await findOrderOfAirBook(c.var.deps, body.airBook);
    const { id: transactionId, airBook } = transactionOf(order);
    return c.json({ status: 200 as const, data: await orderSeatOffer(c.var.deps, order), airBook, transactionId }, 200);
  })
  .openapi(insuranceRoute, async (c) => {
    const body = c.req.valid('json');
    const engine = await findEngine(c.var.deps, body.engine.id);
    return c.json({ status: 200 as const, data: await insuranceProducts(c.var.deps, engine, body.flights, body.pos?.systemProviderCode) }, 200);
  })
  .openapi(fareRulesRoute, async (c) => {
    const data = await fareRules(c.var.deps, c.req.valid('query').terminalId, c.req.valid('json'));
    return c.json({ status: 200 as const, data }, 200);
  })
  .openapi(couponRoute, async (c) => c.json({ status: 200 as const, data: await previewCoupon(c.var.deps, c.req.valid('json')) }, 200))
  .openapi(scotiabankRoute, async (c) => c.json({ status: 200 as const, data: await scotiabankLookupOfSession(c.var.deps, c.req.valid('query').sessionID) }, 200))
  .openapi(bookRoute, async (c) => c.json({ status: 200 as const, data: await bookFlights(c.var.deps, c.req.valid('json')) }, 200));
