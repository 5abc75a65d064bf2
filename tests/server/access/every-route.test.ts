/**
 * Issue 36's proof: every route of the app (the OpenAPI document's, the providers' and the sandbox's pages)
 * that reads or changes a booking, order, session, alert or credit line, called as a stranger, as another
 * traveller (another session's key and grant) and as another agency: 401/403/404 with the typed body and the
 * database unchanged, row for row. The rightful caller (the booking's browser, its grant, its agency) gets through.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_TOKEN_HEADER, BOOKING_GRANT_HEADER } from '../../../src/contract/access.ts';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import { manageBookingResponseSchema } from '../../../src/contract/manage-booking.ts';
import { SESSION_KEY_HEADER } from '../../../src/contract/session-save.ts';
import { assertEveryRouteGuarded, bookingNamed, describePolicy, type AccessPolicy } from '../../../src/server/access/policy.ts';
import { issueBookingLinkToken } from '../../../src/server/domain/booking-link.ts';
import { paymentPageToken } from '../../../src/server/payments/sandbox.ts';
import { agencyTokenOf, ownerKeyOf } from '../../support/credentials.ts';
import { book, bookingFor, flightsOf, saveToSession, useLatamNdcOffer, withLeadLastName } from '../checkout/support.ts';
import { AGENCY, agencyBookingFor, purchaseOf, useAgencyOffer } from '../postsale-support.ts';
import type { OrderAncillariesResult } from '../../../src/contract/postsale.ts';

const consumer = useLatamNdcOffer();
const agency = useAgencyOffer();

type Made = { sessionId: string; bookingId: string; booking: BookingSuccess; key: string; grant: string };
let mine: Made;
let other: Made;
let agencyOrder: Made;
let freshSession: string;

async function made(api: typeof consumer.api, request: Awaited<ReturnType<typeof bookingFor>>, offer: typeof consumer.offer): Promise<Made> {
  await saveToSession(api, request.sessionID, { flights: flightsOf(offer), recommendation: offer, searchParams: request.searchParams });
  const booked = await book(api, request);
  expect(booked.result.statusCode).toBe(1);
  const booking = booked.result as BookingSuccess;
  const found = await api.app.request('/api/bookings/lookup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pnr: booking.pnr, lastName: request.bookForm.passengers[0]!.lastName }),
  });
  const grant = manageBookingResponseSchema.parse(await found.json()).grant.token;
  const bookingId = (await bookingNamed(api.deps, { sessionId: request.sessionID }))!.id;
  return { sessionId: request.sessionID, bookingId, booking, key: ownerKeyOf(request.sessionID), grant };
}

beforeAll(async () => {
  const api = consumer.api;
  mine = await made(api, withLeadLastName(await bookingFor(api, consumer.offer), 'Duenna'), consumer.offer);
  other = await made(api, withLeadLastName(await bookingFor(api, consumer.offer), 'Ajena'), consumer.offer);
  agencyOrder = await made(agency.api, await agencyBookingFor(agency.api, agency.offer, 'Agenciada'), agency.offer);
  freshSession = (await bookingFor(api, consumer.offer)).sessionID;
});
afterAll(() => undefined);

/** Every row of every table, as text: what "the database is unchanged" compares. */
async function snapshot(api: typeof consumer.api): Promise<string> {
  const rowsOf = (answer: unknown) => (answer as { rows: unknown[] }).rows;
  const tables = rowsOf(
    await api.deps.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not in ('rate_limit_counters', '__drizzle_migrations') order by table_name`,
    ),
  ) as Array<{ table_name: string }>;
  const parts: string[] = [];
  for (const { table_name } of tables) {
    parts.push(`${table_name}:${JSON.stringify(rowsOf(await api.deps.db.execute(sql.raw(`select * from "${table_name}" order by 1`))))}`);
  }
  return parts.join('\n');
}

type Call = { method: string; path: string; body?: unknown; headers?: Record<string, string> };
type Caller = 'stranger' | 'another traveller' | 'another agency' | 'rightful';

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * The request each guarded route gets, aimed at a booking that is not the caller's, and the headers of each
 * caller. `api` is the world the booking lives in (consumer or agency). A route with a resource policy and no
 * case here fails the enumeration test below: a new route ships with its attack case.
 */
function casesOf(): Record<string, { world: 'consumer' | 'agency'; call: (caller: Caller) => Call }> {
  const order = () => mine.booking;
  const airBook = () => ({ pos: { isocountry: 'PE', requestorID: { id: '9132868' } }, bookingReferenceID: { id: order().pnr } });
  const travellerHeaders = (caller: Caller, target: Made): Record<string, string> =>
    caller === 'rightful'
      ? { [SESSION_KEY_HEADER]: target.key }
      : caller === 'another traveller'
        ? { [SESSION_KEY_HEADER]: other.key, [BOOKING_GRANT_HEADER]: other.grant }
        : caller === 'another agency'
          ? { [AGENCY_TOKEN_HEADER]: agencyTokenOf(consumer.api.deps, '7200983') }
          : {};
  const booking = (method: string, path: string, body: () => unknown) => ({
    world: 'consumer' as const,
    call: (caller: Caller) => ({ method, path, body: body(), headers: travellerHeaders(caller, mine) }),
  });
  const session = (method: string, path: () => string, body?: () => unknown) => ({
    world: 'consumer' as const,
    call: (caller: Caller) => ({ method, path: path(), ...(body ? { body: body() } : {}), headers: travellerHeaders(caller, mine) }),
  });
  const credit = (method: string, path: string, body?: unknown) => ({
    world: 'agency' as const,
    call: (caller: Caller): Call => ({
      method,
      path,
      ...(body ? { body } : {}),
      headers:
        caller === 'rightful'
          ? { [AGENCY_TOKEN_HEADER]: agencyTokenOf(agency.api.deps, AGENCY.terminalId) }
          : caller === 'another agency'
            ? { [AGENCY_TOKEN_HEADER]: agencyTokenOf(agency.api.deps, '7200983') }
            : caller === 'another traveller'
              ? { [SESSION_KEY_HEADER]: agencyOrder.key, [BOOKING_GRANT_HEADER]: agencyOrder.grant }
              : {},
    }),
  });
  /** A payment call on my order: the rightful payer has its page token, the others another order's or none. */
  const payment = (path: string, body: (token: string, orderNumber: string) => unknown) => ({
    world: 'consumer' as const,
    call: (caller: Caller) => {
      const secret = consumer.api.deps.sandboxPaymentSecret!;
      const number = order().paymentDetails.orderNumber;
      const token = caller === 'rightful' ? paymentPageToken(secret, number) : caller === 'stranger' ? 'A'.repeat(43) : paymentPageToken(secret, other.booking.paymentDetails.orderNumber);
      return { method: 'POST', path, body: body(token, number) };
    },
  });
  const notification = (path: string, header: string) => ({
    world: 'consumer' as const,
    call: (caller: Caller) => ({
      method: 'POST',
      path,
      body: { orderNumber: order().paymentDetails.orderNumber, cip: '1', status: 'paid', amount: 1, operationId: 'X', id: 'X', event_type: 'PAYMENT.CAPTURE.COMPLETED' },
      headers: caller === 'stranger' ? {} : { [header]: 'forged-signature' },
    }),
  });
  /** My booking's manage link as each caller could forge it: a made-up signature, another booking's, another server's. */
  const forgedLinkOf = (caller: Caller) => {
    const secret = consumer.api.deps.bookingLinkSecret;
    if (caller === 'stranger') return `${mine.bookingId}.${'A'.repeat(43)}`;
    if (caller === 'another traveller') return `${mine.bookingId}.${issueBookingLinkToken(other.bookingId, secret).split('.')[1]}`;
    if (caller === 'another agency') return issueBookingLinkToken(mine.bookingId, 'another server’s secret');
    return issueBookingLinkToken(mine.bookingId, secret);
  };
  /** A price alert's mailed link: its tokens are random (only their hashes are stored), so each caller can only guess one. */
  const signedPath = (prefix: string) => ({ world: 'consumer' as const, call: (caller: Caller): Call => ({ method: 'POST', path: `${prefix}${caller.replace(/\W/g, '').padEnd(43, 'x')}` }) });
  return {
    'POST /api/sessions/save': session('POST', () => `/api/sessions/save?id=${mine.sessionId}`, () => ({ searchParams: { terminalId: '9132868' } })),
    'GET /api/sessions': session('GET', () => `/api/sessions?id=${mine.sessionId}`),
    'POST /api/flights/book': {
      world: 'consumer',
      call: (caller) => ({ method: 'POST', path: '/api/flights/book', body: { sessionID: freshSession }, headers: caller === 'rightful' ? { [SESSION_KEY_HEADER]: ownerKeyOf(freshSession) } : travellerHeaders(caller, mine) }),
    },
    'GET /api/checkout/scotiabank': session('GET', () => `/api/checkout/scotiabank?sessionID=${mine.sessionId}`),
    'GET /api/bookings/session/:sessionId/link': session('GET', () => `/api/bookings/session/${mine.sessionId}/link`),
    'POST /api/bookings/cancel': booking('POST', '/api/bookings/cancel', () => ({ orderId: order().orderID.id })),
    'POST /api/ancillaries/orderId': booking('POST', '/api/ancillaries/orderId', () => ({ orderId: order().orderID.id })),
    'POST /api/transactions/orderId': booking('POST', '/api/transactions/orderId', () => ({ orderId: order().orderID.id })),
    'POST /api/flights/baggages': booking('POST', '/api/flights/baggages', () => ({ hasOrderId: true, airBook: airBook() })),
    'POST /api/flights/seats': booking('POST', '/api/flights/seats', () => ({ hasOrderId: true, airBook: airBook() })),
    'POST /api/flights/seats/add': booking('POST', '/api/flights/seats/add', () => ({
      airReservation: {
        fulfillment: { paymentDetails: { paymentType: 'CASH', amount: 0 } },
        travelerInfo: { airTraveler: [] },
        arrangerInfo: { offerId: 'x', orderId: 'x', responseId: 'x' },
        bookingReferenceID: order().pnr,
      },
    })),
    'POST /api/flights/bookSeats': booking('POST', '/api/flights/bookSeats', () =>
      purchaseOf({ transactionId: order().orderID.id, airBook: airBook() } as OrderAncillariesResult),
    ),
    'GET /api/engines/orderNumber/:orderNumber': session('GET', () => `/api/engines/orderNumber/${order().paymentDetails.orderNumber}`),
    'GET /api/engines/orderNumber/:orderNumber/provider': session('GET', () => `/api/engines/orderNumber/${order().paymentDetails.orderNumber}/provider`),
    'GET /api/engines/order/:id': session('GET', () => `/api/engines/order/${order().orderID.id}`),
    'GET /api/engines/payme/:id': session('GET', () => `/api/engines/payme/${order().orderID.id}`),
    'GET /api/engines/creditLimit/:accountId': credit('GET', `/api/engines/creditLimit/${AGENCY.accountId}`),
    'POST /api/engines/creditLimit/USA/:accountId': credit('POST', `/api/engines/creditLimit/USA/${AGENCY.accountId}`, { accountId: AGENCY.accountId, isUSA: true }),
    'GET /api/engines/creditLimit/:accountId/authorizers': credit('GET', `/api/engines/creditLimit/${AGENCY.accountId}/authorizers`),
    'POST /api/payments/paypal/orders': payment('/api/payments/paypal/orders', (token, orderNumber) => ({ orderNumber, token, language: 'es' })),
    'POST /api/payments/paypal/capture': payment('/api/payments/paypal/capture', (token, orderNumber) => ({ orderNumber, token })),
    'POST /api/engines/niubiz/token': payment('/api/engines/niubiz/token', (token, orderNumber) => ({ purchaseNumber: orderNumber, token, paymentProviderCode: 104 })),
    'POST /api/engines/getFormEncrypted': payment('/api/engines/getFormEncrypted', (token, orderNumber) => ({ orderNumber, token })),
    'POST /api/payments/pagoefectivo/cip': payment('/api/payments/pagoefectivo/cip', (token, orderNumber) => ({ orderNumber, token })),
    'POST /api/engines/acuotaz/url': payment('/api/engines/acuotaz/url', (token, orderNumber) => ({ orderNumber, token })),
    'POST /api/payments/paypal/notifications': notification('/api/payments/paypal/notifications', 'paypal-transmission-sig'),
    'POST /api/payments/bank-transfer/notifications': notification('/api/payments/bank-transfer/notifications', 'x-bank-signature'),
    'POST /api/payments/cuotealo/notifications': notification('/api/payments/cuotealo/notifications', 'x-cuotealo-signature'),
    'POST /api/payments/pagoefectivo/notifications': notification('/api/payments/pagoefectivo/notifications', 'pe-signature'),
    'POST /api/payments/redirect/notifications': notification('/api/payments/redirect/notifications', 'x-provider-signature'),
    'POST /api/payments/acuotaz/notifications': notification('/api/payments/acuotaz/notifications', 'x-acuotaz-signature'),
    'GET /api/bookings/link/:token': {
      world: 'consumer',
      call: (caller): Call => ({ method: 'GET', path: `/api/bookings/link/${forgedLinkOf(caller)}` }),
    },
    'POST /api/price-alerts/confirm/:token': signedPath('/api/price-alerts/confirm/'),
    'POST /api/price-alerts/unsubscribe/:token': signedPath('/api/price-alerts/unsubscribe/'),
    'POST /api/engines/niubiz/pay/authorization': {
      world: 'consumer',
      call: (caller): Call => ({
        method: 'POST',
        path: '/api/engines/niubiz/pay/authorization',
        body: { transactionToken: `forged-by-${caller.replace(' ', '-')}`, purchase: order().paymentDetails.orderNumber, name: 'Ana', lastName: 'Duenna', email: 'ana@example.com', paymentProviderCode: 104, installments: 0 },
      }),
    },
    'PUT /api/engines/payment/rates/:date': {
      world: 'consumer',
      call: (caller): Call => ({ method: 'PUT', path: '/api/engines/payment/rates/2026-11-21', body: { rate: 0.01 }, headers: caller === 'rightful' ? {} : { 'x-api-key': 'a-guess' } }),
    },
  };
}

/** Policies that name something of someone's: each of their routes needs an attack case. */
const RESOURCE_KINDS: ReadonlyArray<AccessPolicy['kind']> = ['sessionOwner', 'booking', 'agency', 'paymentOrder', 'provider', 'operator', 'signedLink'];

const send = (api: typeof consumer.api, call: Call) =>
  api.app.request(call.path, {
    method: call.method,
    headers: { ...(call.body === undefined ? {} : JSON_HEADERS), ...call.headers },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });

describe('one access policy per route (issue 36)', () => {
  it('every route of the app declares a policy, and every route naming someone’s booking, order, session or credit line has an attack case', () => {
    const routes = assertEveryRouteGuarded(consumer.api.app);
    expect(routes.length).toBeGreaterThan(50);
    const cases = casesOf();
    const needing = routes.filter((route) => RESOURCE_KINDS.includes(route.policy.kind)).map((route) => `${route.method} ${route.path}`);
    expect(needing.filter((route) => !(route in cases))).toEqual([]);
    for (const route of routes) expect(describePolicy(route.policy).length).toBeGreaterThan(5);
  });

  it.each(Object.keys(casesOf()))('%s: a stranger, another traveller and another agency get 401/403/404 with the typed body and change nothing', async (route) => {
    const attack = casesOf()[route]!;
    const api = attack.world === 'consumer' ? consumer.api : agency.api;
    const before = await snapshot(api);
    for (const caller of ['stranger', 'another traveller', 'another agency'] as const) {
      const call = attack.call(caller);
      if (route.startsWith('PUT /api/engines/payment/rates') && caller !== 'stranger') continue;
      const response = await send(api, call);
      expect([401, 403, 404], `${caller}: ${call.method} ${call.path} answered ${response.status}`).toContain(response.status);
      expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
    }
    expect(await snapshot(api)).toBe(before);
  });

  it.each(['GET /api/sessions', 'GET /api/checkout/scotiabank', 'GET /api/bookings/session/:sessionId/link', 'GET /api/bookings/link/:token', 'POST /api/ancillaries/orderId', 'POST /api/transactions/orderId', 'POST /api/flights/baggages', 'POST /api/flights/seats', 'GET /api/engines/orderNumber/:orderNumber', 'GET /api/engines/orderNumber/:orderNumber/provider', 'GET /api/engines/order/:id', 'GET /api/engines/creditLimit/:accountId', 'GET /api/engines/creditLimit/:accountId/authorizers', 'POST /api/engines/creditLimit/USA/:accountId'])(
    '%s: the rightful caller still gets 200',
    async (route) => {
      const attack = casesOf()[route]!;
      const response = await send(attack.world === 'consumer' ? consumer.api : agency.api, attack.call('rightful'));
      expect(response.status).toBe(200);
    },
  );

  it('every sandbox page that acts on an order refuses a caller without the order’s token (4xx) and changes nothing', async () => {
    const api = consumer.api;
    const number = mine.booking.paymentDetails.orderNumber;
    const pages = assertEveryRouteGuarded(api.app).filter((route) => route.policy.kind === 'sandbox' && route.path.startsWith('/sandbox/') && route.path.includes(':'));
    expect(pages.length).toBeGreaterThan(5);
    const before = await snapshot(api);
    for (const page of pages) {
      // Each parameter filled as a guesser would: my order's number, a provider code, a result's first choice.
      const path = page.path.replace(/:(\w+)(\{([^}]*)\})?/g, (_, name: string, _group, pattern: string | undefined) =>
        pattern && !pattern.startsWith('\\') ? pattern.split('|')[0]! : name === 'code' ? '105' : number,
      );
      const response = await api.app.request(path, { method: page.method === 'ALL' ? 'POST' : page.method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: page.method === 'GET' ? null : 'token=forged' });
      expect([400, 401, 403, 404, 409], `${page.method} ${path} answered ${response.status}`).toContain(response.status);
    }
    expect(await snapshot(api)).toBe(before);
  });

  it('a traveller with the grant of the PNR + last name check reads and cancels the booking; the mailed link’s grant reads but may not cancel', async () => {
    const api = consumer.api;
    const target = await made(api, withLeadLastName(await bookingFor(api, consumer.offer), 'Cancelable'), consumer.offer);
    const read = await send(api, { method: 'POST', path: '/api/ancillaries/orderId', body: { orderId: target.booking.orderID.id }, headers: { [BOOKING_GRANT_HEADER]: target.grant } });
    expect(read.status).toBe(200);
    const linkToken = ((await (await send(api, { method: 'GET', path: `/api/bookings/session/${target.sessionId}/link`, headers: { [SESSION_KEY_HEADER]: target.key } })).json()) as { data: { token: string } }).data.token;
    const linkGrant = manageBookingResponseSchema.parse(await (await send(api, { method: 'GET', path: `/api/bookings/link/${linkToken}` })).json()).grant.token;
    const weak = await send(api, { method: 'POST', path: '/api/bookings/cancel', body: { orderId: target.booking.orderID.id }, headers: { [BOOKING_GRANT_HEADER]: linkGrant } });
    expect(weak.status).toBe(403);
    const cancelled = await send(api, { method: 'POST', path: '/api/bookings/cancel', body: { orderId: target.booking.orderID.id }, headers: { [BOOKING_GRANT_HEADER]: target.grant } });
    expect(cancelled.status).toBe(200);
    expect(manageBookingResponseSchema.parse(await cancelled.json()).data.status.paymentOrder).toBe('POC');
  });

  it('a grant expires: after its lifetime the same call answers 401 BOOKING_GRANT_EXPIRED', async () => {
    const api = consumer.api;
    const target = await made(api, withLeadLastName(await bookingFor(api, consumer.offer), 'Caduca'), consumer.offer);
    api.clock.advanceMinutes(121);
    const late = await send(api, { method: 'POST', path: '/api/transactions/orderId', body: { orderId: target.booking.orderID.id }, headers: { [BOOKING_GRANT_HEADER]: target.grant } });
    expect(late.status).toBe(401);
    expect(apiErrorSchema.parse(await late.json()).code).toBe('BOOKING_GRANT_EXPIRED');
  });

  it('a consumer is never offered the credit line and may not spend it: no account named, and CASH is 403 CREDIT_LINE_AGENCY_ONLY', async () => {
    const api = consumer.api;
    const answer = (await (await send(api, { method: 'POST', path: '/api/ancillaries/orderId', body: { orderId: mine.booking.orderID.id }, headers: { [SESSION_KEY_HEADER]: mine.key } })).json()) as {
      data: { ancillaries: { creditAccountId: string | null } };
    };
    expect(answer.data.ancillaries.creditAccountId).toBeNull();
    const before = await snapshot(api);
    const cash = await send(api, casesOf()['POST /api/flights/bookSeats']!.call('rightful'));
    expect(cash.status).toBe(403);
    expect(apiErrorSchema.parse(await cash.json()).code).toBe('CREDIT_LINE_AGENCY_ONLY');
    expect(await snapshot(api)).toBe(before);
  });
});
