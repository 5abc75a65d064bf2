/**
 * PagoEfectivo's CIP API adapter (pagoefectivo-api.ts) against recorded answers (reference §2: the
 * authorisation's 201 with code 100 and a token, the CIP's 201 with cip and cipUrl), served by MSW in node.
 */
import { createHash } from 'node:crypto';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../../src/contract/checkout.ts';
import { PAGOEFECTIVO_CIP_PATH, PAGOEFECTIVO_NOTIFICATION_PATH, PAGOEFECTIVO_SIGNATURE_HEADER, cipResponseSchema, pagoEfectivoNotificationResponseSchema } from '../../../src/contract/pagoefectivo.ts';
import { engineResponseSchema } from '../../../src/contract/engine.ts';
import { bookPaying, paymentStateOf, useLatamNdcOffer } from '../checkout/support.ts';
import authorized from './recorded/pagoefectivo-authorization.json' with { type: 'json' };
import created from './recorded/pagoefectivo-cip-created.json' with { type: 'json' };
import refused from './recorded/pagoefectivo-cip-refused.json' with { type: 'json' };
import { limaOffsetDateTime, pagoEfectivoApiGateway, PagoEfectivoApiError, pagoEfectivoConfigOf, signPagoEfectivoNotification, type PagoEfectivoConfig } from '../../../src/server/payments/pagoefectivo-api.ts';

const HOST = 'https://pre1a.services.pagoefectivo.pe';
const config = (): PagoEfectivoConfig => ({ accessKey: 'AK-test', secretKey: 'SK-test', serviceId: 1234, environment: 'sandbox', timeoutMs: 300 });
const now = new Date('2026-11-25T15:00:00Z');
const clock = { now: () => now };


const received: Array<{ path: string; body: Record<string, unknown>; authorization: string | null }> = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

function record(path: string, answer: () => Response | Promise<Response>) {
  return http.post(`${HOST}${path}`, async ({ request }) => {
    received.push({ path, body: (await request.json()) as Record<string, unknown>, authorization: request.headers.get('authorization') });
    return answer();
  });
}

const request = { orderNumber: '1002345701', amount: 412.5, currency: 'USD' as const, expiresAt: new Date('2026-11-25T21:00:00Z'), concept: 'Vuelos ABC123', payer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Quispe' } };

describe('PagoEfectivo CIP API adapter (recorded answers)', () => {
  it('is on only when all four variables are set, and refuses an unknown environment', () => {
    expect(pagoEfectivoConfigOf({})).toBeUndefined();
    expect(pagoEfectivoConfigOf({ PAGOEFECTIVO_ACCESS_KEY: 'a', PAGOEFECTIVO_SECRET_KEY: 's', PAGOEFECTIVO_SERVICE_ID: '1' })).toBeUndefined();
    expect(pagoEfectivoConfigOf({ PAGOEFECTIVO_ACCESS_KEY: 'a', PAGOEFECTIVO_SECRET_KEY: 's', PAGOEFECTIVO_SERVICE_ID: '1', PAGOEFECTIVO_ENV: 'production' })).toEqual({ accessKey: 'a', secretKey: 's', serviceId: 1, environment: 'production' });
    expect(() => pagoEfectivoConfigOf({ PAGOEFECTIVO_ACCESS_KEY: 'a', PAGOEFECTIVO_SECRET_KEY: 's', PAGOEFECTIVO_SERVICE_ID: '1', PAGOEFECTIVO_ENV: 'live' })).toThrow(/PAGOEFECTIVO_ENV/);
  });

  it('authorises with the hash of service, keys and Lima date, then creates the CIP with the bearer token; the token is reused', async () => {
    server.use(
      record('/v1/authorizations', () => HttpResponse.json(authorized, { status: 201 })),
      record('/v1/cips', () => HttpResponse.json(created, { status: 201 })),
    );
    const gateway = pagoEfectivoApiGateway(config(), clock);
    const code = await gateway.createCode(request);
    expect(code).toEqual({ cip: '2512345', cipUrl: created.data.cipUrl, expiresAt: new Date('2026-11-25T21:00:00Z') });
    const dateRequest = '2026-11-25T10:00:00-05:00';
    expect(limaOffsetDateTime(now)).toBe(dateRequest);
    expect(received[0]).toEqual({
      path: '/v1/authorizations',
      authorization: null,
      body: { accessKey: 'AK-test', idService: 1234, dateRequest, hashString: createHash('sha256').update(`1234.AK-test.SK-test.${dateRequest}`).digest('hex') },
    });
    expect(received[1]).toMatchObject({
      path: '/v1/cips',
      authorization: `Bearer ${authorized.data.token}`,
      body: { currency: 'USD', amount: 412.5, transactionCode: '1002345701', dateExpiry: '2026-11-25T16:00:00-05:00', userEmail: 'ana@example.com', userName: 'Ana', userLastName: 'Quispe' },
    });
    await gateway.createCode({ ...request, orderNumber: '1002345702' });
    expect(received.map((call) => call.path)).toEqual(['/v1/authorizations', '/v1/cips', '/v1/cips']);
  });

  it('a refused authorisation (wrong keys) throws unauthorized and makes no CIP', async () => {
    server.use(
      record('/v1/authorizations', () => HttpResponse.json({ code: '111', message: 'Credenciales inválidas.', data: null }, { status: 400 })),
      record('/v1/cips', () => HttpResponse.json(created, { status: 201 })),
    );
    const failure = await pagoEfectivoApiGateway({ ...config(), accessKey: 'AK-wrong' }, clock).createCode(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PagoEfectivoApiError);
    expect((failure as PagoEfectivoApiError).failure).toBe('unauthorized');
    expect(received.map((call) => call.path)).toEqual(['/v1/authorizations']);
  });

  it('a CIP call that does not answer within the time limit throws unreachable', async () => {
    server.use(
      record('/v1/authorizations', () => HttpResponse.json(authorized, { status: 201 })),
      record('/v1/cips', async () => {
        await delay(2_000);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const failure = await pagoEfectivoApiGateway(config(), clock).createCode(request).catch((error: unknown) => error);
    expect((failure as PagoEfectivoApiError).failure).toBe('unreachable');
  });

  it('a refused CIP (a validation code other than 100) throws rejected with PagoEfectivo’s message', async () => {
    server.use(
      record('/v1/authorizations', () => HttpResponse.json(authorized, { status: 201 })),
      record('/v1/cips', () => HttpResponse.json(refused, { status: 400 })),
    );
    const failure = await pagoEfectivoApiGateway(config(), clock).createCode(request).catch((error: unknown) => error);
    expect(failure).toMatchObject({ failure: 'rejected', message: expect.stringContaining('La fecha de expiración no es válida.') });
  });

  it('asks a CIP’s status with POST /v1/cips/search and reads it by its word', async () => {
    server.use(
      record('/v1/authorizations', () => HttpResponse.json(authorized, { status: 201 })),
      record('/v1/cips/search', () => HttpResponse.json({ code: '100', message: 'Solicitud exitosa.', data: [{ cip: 2512345, status: 'Pagado', amount: 412.5 }] }, { status: 200 })),
    );
    const gateway = pagoEfectivoApiGateway(config(), clock);
    expect(await gateway.status('2512345')).toBe('paid');
    expect(await gateway.status('2512399')).toBeNull();
    expect(received.filter((call) => call.path === '/v1/cips/search').map((call) => call.body)).toEqual([{ data: [{ cip: '2512345' }] }, { data: [{ cip: '2512399' }] }]);
  });

  it('verifies PE-Signature (hex HMAC-SHA256 of the raw body under the secret key) and reads paid and expired events', () => {
    const gateway = pagoEfectivoApiGateway(config(), clock);
    const raw = JSON.stringify({ eventType: 'cip.paid', operationNumber: '8827361', data: { cip: 2512345, currency: 'USD', amount: 412.5, paymentDate: '2026-11-25T11:32:10-05:00', transactionCode: '1002345701' } });
    const signed = (signature: string) => new Headers({ [PAGOEFECTIVO_SIGNATURE_HEADER]: signature });
    expect(gateway.verifyNotification(signed(signPagoEfectivoNotification('SK-test', raw)), raw)).toEqual({
      eventId: 'pagoefectivo:2512345:cip.paid',
      event: 'paid',
      eventType: 'cip.paid',
      cip: '2512345',
      orderNumber: '1002345701',
      amount: 412.5,
      currency: 'USD',
    });
    expect(gateway.verifyNotification(signed(signPagoEfectivoNotification('SK-other', raw)), raw)).toBeNull();
    expect(gateway.verifyNotification(new Headers(), raw)).toBeNull();
    const expired = raw.replace('cip.paid', 'cip.expired');
    expect(gateway.verifyNotification(signed(signPagoEfectivoNotification('SK-test', expired)), expired)).toMatchObject({ event: 'expired' });
  });
});

describe('PagoEfectivo (102) through its real API, configured alone (no sandbox)', () => {
  const world = useLatamNdcOffer({ sandboxPaymentSecret: undefined, pagoEfectivo: config() });

  it('is offered, makes the order’s CIP at PagoEfectivo (its voucher page, not the sandbox’s), and a signed cip.paid replayed pays it once', async () => {
    const { data: engine } = engineResponseSchema.parse(await (await world.api.request('/api/engines/9132868')).json());
    expect(engine.paymentMethods.map((method) => method.onlineCode)).toEqual(expect.arrayContaining([102, 103]));
    server.use(
      record('/v1/authorizations', () => HttpResponse.json(authorized, { status: 201 })),
      http.post(`${HOST}/v1/cips`, async ({ request: call }) => {
        const body = (await call.json()) as { transactionCode: string; amount: number };
        received.push({ path: '/v1/cips', body, authorization: call.headers.get('authorization') });
        return HttpResponse.json({ ...created, data: { ...created.data, transactionCode: body.transactionCode, amount: body.amount } }, { status: 201 });
      }),
    );
    const booked: BookingSuccess = await bookPaying(world.api, 'Efectivo', (bookForm) => ({ ...bookForm, payment: 102 }));
    const asked = await world.api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, { orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken!, language: 'es' });
    expect(asked.status).toBe(200);
    const cip = cipResponseSchema.parse(await asked.json()).data;
    expect(cip).toMatchObject({ cip: '2512345', cipUrl: created.data.cipUrl, amount: booked.paymentDetails.totalAmount });
    expect(received.find((call) => call.path === '/v1/cips')?.body).toMatchObject({ transactionCode: booked.paymentDetails.orderNumber, amount: booked.paymentDetails.totalAmount, currency: 'USD' });
    // No sandbox page exists on this server.
    expect((await world.api.request('/sandbox/pagoefectivo/2512345')).status).toBe(404);

    const raw = JSON.stringify({ eventType: 'cip.paid', operationNumber: '8827361', data: { cip: 2512345, currency: 'USD', amount: booked.paymentDetails.totalAmount, paymentDate: '2026-11-21T11:32:10-05:00', transactionCode: booked.paymentDetails.orderNumber } });
    const deliver = (signature: string) => world.api.request(`/api${PAGOEFECTIVO_NOTIFICATION_PATH}`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', [PAGOEFECTIVO_SIGNATURE_HEADER]: signature } });
    expect((await deliver(signPagoEfectivoNotification('SK-other', raw))).status).toBe(401);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(signPagoEfectivoNotification('SK-test', raw))));
    const bodies = await Promise.all(answers.map(async (answer) => pagoEfectivoNotificationResponseSchema.parse(await answer.json()).data));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(await paymentStateOf(world.api, booked)).toEqual({ order: 'CPO', booking: 3, statusMails: 1 });
  });

  it('answers 502 when PagoEfectivo does not answer in time, and makes the CIP when asked again', async () => {
    let slow = true;
    server.use(
      record('/v1/authorizations', () => HttpResponse.json(authorized, { status: 201 })),
      record('/v1/cips', async () => {
        if (slow) await delay(2_000);
        return HttpResponse.json({ ...created, data: { ...created.data, cip: 2512346 } }, { status: 201 });
      }),
    );
    const booked = await bookPaying(world.api, 'Demora', (bookForm) => ({ ...bookForm, payment: 102 }));
    const ask = () => world.api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, { orderNumber: booked.paymentDetails.orderNumber, token: booked.paymentDetails.pageToken!, language: 'en' });
    const first = await ask();
    expect({ status: first.status, code: ((await first.json()) as { code: string }).code }).toEqual({ status: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    slow = false;
    expect((await ask()).status).toBe(200);
  });
});
