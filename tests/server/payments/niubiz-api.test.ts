/**
 * The card checkout (104, 123) through Niubiz's real API, against its recorded answers (MSW in node):
 * the security token (Basic auth, a bare JWT, kept between calls), the session key, and the authorisation:
 * approved (dataMap), denied as Niubiz does it (HTTP 400, details under `data`), insufficient funds, a
 * refused key and an API that does not answer in time (status '3').
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { NIUBIZ_AUTHORIZATION_PATH, NIUBIZ_CONNECTION_ERROR, NIUBIZ_TOKEN_PATH, niubizAuthorizationResponseSchema, niubizTokenResponseSchema, type NiubizSession } from '../../../src/contract/niubiz.ts';
import { manageBookingResponseSchema } from '../../../src/contract/manage-booking.ts';
import { cardCheckouts } from '../../../src/server/db/schema/index.ts';
import { NIUBIZ_HOSTS, niubizApiGateway, niubizConfigOf, type NiubizConfig } from '../../../src/server/payments/niubiz-api.ts';
import { startTestApi } from '../../support/server.ts';
import { bookPaying, paymentStateOf, type BookForm, type TestApi } from '../checkout/support.ts';
import approved from './recorded/niubiz-authorization-approved.json' with { type: 'json' };
import denied from './recorded/niubiz-authorization-denied.json' with { type: 'json' };
import insufficientFunds from './recorded/niubiz-authorization-insufficient-funds.json' with { type: 'json' };
import recordedSession from './recorded/niubiz-session.json' with { type: 'json' };

const HOST = NIUBIZ_HOSTS.sandbox.api;
const MERCHANT = '456879852';
const USER = 'integraciones@niubiz.com.pe';
const PASSWORD = '_7z3@8fF';

/** A security token as Niubiz answers it: a bare JWT (text/plain) valid for an hour. */
function securityJwt(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: USER, iat, exp: iat + 3600 })}.${'s'.repeat(43)}`;
}

/** What the recorded Niubiz answers, and what it was asked. */
const niubiz = {
  token: securityJwt(),
  securityCalls: 0,
  authorization: { status: 200, body: approved as JsonBodyType },
  authorizationDelayMs: 0,
  refuseCredentials: false,
  authorizations: [] as Array<{ authorization: string | null; body: Record<string, unknown> }>,
  sessions: [] as Array<{ authorization: string | null; body: Record<string, unknown> }>,
};

const server = setupServer(
  http.get(`${HOST}/api.security/v1/security`, ({ request }) => {
    niubiz.securityCalls += 1;
    const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    if (niubiz.refuseCredentials || request.headers.get('authorization') !== expected) return new HttpResponse('Unauthorized access', { status: 401, headers: { 'content-type': 'text/plain' } });
    return new HttpResponse(niubiz.token, { status: 201, headers: { 'content-type': 'text/plain' } });
  }),
  http.post(`${HOST}/api.ecommerce/v2/ecommerce/token/session/:merchantId`, async ({ request, params }) => {
    if (params.merchantId !== MERCHANT || request.headers.get('authorization') !== niubiz.token) return new HttpResponse('Unauthorized access', { status: 401 });
    niubiz.sessions.push({ authorization: request.headers.get('authorization'), body: (await request.json()) as Record<string, unknown> });
    // Each session its own key (the recorded answer's shape, a fresh 64-hex key).
    return HttpResponse.json({ ...recordedSession, sessionKey: randomBytes(32).toString('hex') });
  }),
  http.post(`${HOST}/api.authorization/v3/authorization/ecommerce/:merchantId`, async ({ request, params }) => {
    if (params.merchantId !== MERCHANT || request.headers.get('authorization') !== niubiz.token) return new HttpResponse('Unauthorized access', { status: 401 });
    niubiz.authorizations.push({ authorization: request.headers.get('authorization'), body: (await request.json()) as Record<string, unknown> });
    if (niubiz.authorizationDelayMs) await delay(niubiz.authorizationDelayMs);
    return HttpResponse.json(niubiz.authorization.body, { status: niubiz.authorization.status });
  }),
);

// Complete NIUBIZ_* and no sandbox secret: the card checkout runs through Niubiz alone.
const config: NiubizConfig = { ...niubizConfigOf({ NIUBIZ_USER: USER, NIUBIZ_PASSWORD: PASSWORD, NIUBIZ_MERCHANT_ID: MERCHANT, NIUBIZ_ENV: 'sandbox' })!, timeoutMs: 300 };

let api: TestApi;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  api = await startTestApi({ sandboxPaymentSecret: undefined, niubiz: config });
});
afterEach(() => {
  server.resetHandlers();
  Object.assign(niubiz, { authorization: { status: 200, body: approved }, authorizationDelayMs: 0, refuseCredentials: false });
});
afterAll(async () => {
  server.close();
  await api.close();
});

/** A pending Interbank (104) order, booked without a card at checkout (there is no sandbox vault). */
const bookCardOrder = (lastName: string) => bookPaying(api, lastName, (bookForm) => ({ ...bookForm, contact: { ...bookForm.contact, invoice: false } as BookForm['contact'], payment: 104 }));

async function openCheckout(booked: BookingSuccess): Promise<NiubizSession> {
  const response = await api.json(`/api${NIUBIZ_TOKEN_PATH}`, {
    purchaseNumber: booked.paymentDetails.orderNumber,
    token: booked.paymentDetails.pageToken,
    paymentProviderCode: 104,
    email: 'ana.quispe@correo.pe',
    documentId: '45678912',
  });
  expect(response.status).toBe(200);
  return niubizTokenResponseSchema.parse(await response.json()).data;
}

async function authorize(session: NiubizSession, transactionToken = 'A1B2C3D4E5F60718293A4B5C6D7E8F90') {
  const response = await api.json(`/api${NIUBIZ_AUTHORIZATION_PATH}`, { transactionToken, amount: 1, purchase: session.purchaseNumber, name: 'Ana', lastName: 'Quispe', email: 'ana.quispe@correo.pe', paymentProviderCode: 104, installments: 0 });
  expect(response.status).toBe(200);
  return niubizAuthorizationResponseSchema.parse(await response.json()).data;
}

const checkoutStatus = async (session: NiubizSession) => (await api.deps.db.select().from(cardCheckouts).where(eq(cardCheckouts.purchaseNumber, session.purchaseNumber)))[0]?.status;

describe('the card checkout through Niubiz’s API', () => {
  it('opens a Niubiz session for the order’s amount with the security token, and tells the page to open checkout.js', async () => {
    const booked = await bookCardOrder('Niubizreal');
    expect(booked.paymentDetails.pageToken).toMatch(/^[\w-]{40,}$/);
    const session = await openCheckout(booked);
    expect(session).toMatchObject({
      sessionKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      amount: booked.paymentDetails.totalAmount,
      form: { kind: 'niubiz', scriptUrl: NIUBIZ_HOSTS.sandbox.checkoutScript, merchantId: MERCHANT },
    });
    // Niubiz's session lasts longer than the checkout's 20 minutes: the checkout's limit is kept.
    expect(session.expirationTime).toBe(api.deps.now().getTime() + 20 * 60_000);
    expect(niubiz.sessions.at(-1)!.body).toMatchObject({ channel: 'web', amount: booked.paymentDetails.totalAmount, antifraud: { merchantDefineData: { MDD4: 'ana.quispe@correo.pe' } } });
  });

  it('offers the card checkout in manage-booking with the order’s token (signed without any sandbox secret), which opens a Niubiz session', async () => {
    const booked = await bookCardOrder('Gestionreal');
    const response = await api.app.request('/api/bookings/lookup', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.19' }, body: JSON.stringify({ pnr: booked.pnr, lastName: 'Gestionreal' }) });
    const view = manageBookingResponseSchema.parse(await response.json()).data;
    expect(view.cardCheckout).toEqual({ orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken, providerCode: 104, amount: booked.paymentDetails.totalAmount, checkoutLast4: null });
    const forged = await api.json(`/api${NIUBIZ_TOKEN_PATH}`, { purchaseNumber: booked.paymentDetails.orderNumber, token: 'x'.repeat(43), paymentProviderCode: 104 });
    expect(forged.status).toBe(403);
    expect((await openCheckout(booked)).form.kind).toBe('niubiz');
  });

  it('settles the order on ACTION_CODE 000, with the masked card’s brand and last four, authorising the server’s amount', async () => {
    const booked = await bookCardOrder('Aprobada');
    const session = await openCheckout(booked);
    const answer = await authorize(session);
    expect(answer).toMatchObject({ status: '1', message: 'Aprobado y completado con exito', data: { cardMask: '447411******2240', cardBrand: 'visa', cardType: 'D', authorizationCode: '173424', actionCode: '000', merchandId: MERCHANT } });
    expect(niubiz.authorizations.at(-1)!.body).toMatchObject({ channel: 'web', captureType: 'manual', countable: true, order: { tokenId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', purchaseNumber: session.purchaseNumber, amount: booked.paymentDetails.totalAmount, currency: session.currency } });
    expect(await paymentStateOf(api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('reads a denial from Niubiz’s HTTP 400 `data` (not dataMap): status 2 with its description, the order still pending', async () => {
    niubiz.authorization = { status: 400, body: denied };
    const booked = await bookCardOrder('Denegada');
    const session = await openCheckout(booked);
    expect(await authorize(session)).toMatchObject({ status: '2', message: 'Tarjeta no valida', data: { actionCode: '180', cardMask: '471688******7333', authorizationCode: null, paymentDate: null } });
    expect(await checkoutStatus(session)).toBe('denied');
    expect((await paymentStateOf(api, booked)).order).toBe('PP');
  });

  it('answers insufficient funds (116) with Niubiz’s words', async () => {
    niubiz.authorization = { status: 400, body: insufficientFunds };
    const booked = await bookCardOrder('Sinfondos');
    const session = await openCheckout(booked);
    expect(await authorize(session)).toMatchObject({ status: '2', message: 'Fondos insuficientes', data: { actionCode: '116' } });
    expect((await paymentStateOf(api, booked)).order).toBe('PP');
  });

  it('answers status 3 when Niubiz does not answer in time, and the checkout stays open for another try', async () => {
    const booked = await bookCardOrder('Sinrespuesta');
    const session = await openCheckout(booked);
    niubiz.authorizationDelayMs = 2_000;
    expect(await authorize(session)).toEqual({ status: '3', message: NIUBIZ_CONNECTION_ERROR, data: null });
    expect(await checkoutStatus(session)).toBe('open');
    niubiz.authorizationDelayMs = 0;
    expect((await authorize(session)).status).toBe('1');
  });

  it('keeps one security token across two authorisations', async () => {
    const [first, second] = [await bookCardOrder('Unaclave'), await bookCardOrder('Otraclave')];
    const before = niubiz.securityCalls;
    const sessions = [await openCheckout(first), await openCheckout(second)];
    for (const session of sessions) expect((await authorize(session)).status).toBe('1');
    expect(niubiz.securityCalls - before).toBe(0);
    expect(niubiz.authorizations.slice(-2).map((call) => call.authorization)).toEqual([niubiz.token, niubiz.token]);
  });
});

describe('a security token Niubiz no longer takes', () => {
  it('answers status 3 once, drops the kept token, and the next try fetches a new one and pays', async () => {
    const booked = await bookCardOrder('Clavevieja');
    const session = await openCheckout(booked);
    // Niubiz revoked the kept token (a new one is issued from now on).
    niubiz.token = securityJwt().replace(/.{4}$/, 'new0');
    const before = niubiz.securityCalls;
    expect(await authorize(session)).toEqual({ status: '3', message: NIUBIZ_CONNECTION_ERROR, data: null });
    expect(await authorize(session)).toMatchObject({ status: '1' });
    expect(niubiz.securityCalls - before).toBe(1);
    expect(niubiz.authorizations.at(-1)!.authorization).toBe(niubiz.token);
  });
});

describe('Niubiz refusing the credentials (401 Unauthorized access)', () => {
  it('opens no checkout: a typed 502, the gateway’s own failure saying unauthorized', async () => {
    const booked = await bookCardOrder('Clavemala');
    niubiz.refuseCredentials = true;
    // A configuration of its own: no security token kept from the other tests.
    const refused = { ...config };
    await expect(niubizApiGateway(refused).createSession({ purchaseNumber: booked.paymentDetails.orderNumber, amount: 10, currency: 'USD', expiresAt: api.deps.now() })).rejects.toMatchObject({ failure: 'unauthorized' });
    api.deps.niubiz = refused;
    try {
      const response = await api.json(`/api${NIUBIZ_TOKEN_PATH}`, { purchaseNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken, paymentProviderCode: 104 });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      expect(await api.deps.db.select().from(cardCheckouts).where(eq(cardCheckouts.paymentOrderNumber, booked.paymentDetails.orderNumber))).toEqual([]);
    } finally {
      api.deps.niubiz = config;
    }
  });
});
