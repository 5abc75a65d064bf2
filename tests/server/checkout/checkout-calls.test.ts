import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ancillaryOptionsResponseSchema,
  couponResponseSchema,
  discountAmount,
  exchangeRateResponseSchema,
  fareRulesResponseSchema,
  insuranceProductsResponseSchema,
  type BookingSuccess,
} from '../../../src/contract/checkout.ts';
import { checkoutPaymentMethods, checkoutPaymentMethodsResponseSchema } from '../../../src/contract/checkout-policy.ts';
import { engineFixtures } from '../../../src/contract/fixtures/engines.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import { seedCheckout, sandboxRate } from '../../../src/server/db/seed/checkout.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import type { Session } from '../../../src/contract/session.ts';
import { eq } from 'drizzle-orm';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, familySearch, flightsOf, searchOffers, withLeadLastName, type ApiErrorBody, type TestApi } from './support.ts';

const adminKey = 'test-operator-key';
let api: TestApi;
let offers: Recommendation[];
let latamNdc: Recommendation;
beforeAll(async () => {
  api = await startTestApi({ adminApiKey: adminKey });
  offers = await searchOffers(api);
  latamNdc = offers.find((offer) => offer.pos.systemProviderCode === 107)!;
});
afterAll(() => api.close());

const get = async <T>(path: string, schema: { parse: (body: unknown) => T }) => {
  const response = await api.request(path);
  expect(response.status).toBe(200);
  return schema.parse(await response.json());
};
const post = async <T>(path: string, body: unknown, schema: { parse: (body: unknown) => T }) => {
  const response = await api.json(path, body);
  expect(response.status).toBe(200);
  return schema.parse(await response.json());
};

describe('payment methods of a checkout', () => {
  const methods = (query: string, terminal = '9132868') =>
    get(`/api/engines/${terminal}/payment_methods/checkout?${query}`, checkoutPaymentMethodsResponseSchema).then((body) => body.data);
  const codes = (listing: { methods: Array<{ onlineCode: number }> }) => listing.methods.map((method) => method.onlineCode);

  it('keeps Banco Ripley (121) only for providers 100/102 and airlines other than UX and AR', async () => {
    expect(codes(await methods('providerCode=100&validatingAirline=LA&startDate=2026-12-18&total=400'))).toContain(121);
    expect(codes(await methods('providerCode=102&validatingAirline=UX&startDate=2026-12-18&total=400'))).not.toContain(121);
    expect(codes(await methods('providerCode=100&validatingAirline=AR&startDate=2026-12-18&total=400'))).not.toContain(121);
    expect(codes(await methods('providerCode=107&validatingAirline=LA&startDate=2026-12-18&total=400'))).not.toContain(121);
  });

  it('hides the bank transfer (130) when the trip starts in less than 3 days', async () => {
    const peru = engineFixtures.find((engine) => engine.id === '9132868')!;
    const policy = (startDate: string) => codes(checkoutPaymentMethods(peru.id, peru.paymentMethods, { systemProviderCode: 100, validatingAirline: 'LA', startDate, today: '2026-11-21', total: 400 }));
    expect(policy('2026-11-23')).not.toContain(130);
    expect(policy('2026-11-24')).toContain(130);
    // The server's clock says 2026-11-21 too; with the sandbox gateway 130 has a flow, so only the 3-day rule hides it.
    expect(codes(await methods('providerCode=100&validatingAirline=LA&startDate=2026-11-23&total=400'))).not.toContain(130);
    expect(codes(await methods('providerCode=100&validatingAirline=LA&startDate=2026-11-24&total=400'))).toContain(130);
  });

  it('orders by priority, preselects the cash deposit on 9132868 and flags Yape below US$ 500; no split payment above it (Divídelo is not offered)', async () => {
    const below = await methods('providerCode=100&validatingAirline=LA&startDate=2026-12-18&total=499.99');
    expect(below).toMatchObject({ defaultCode: 102, yapeAvailable: true });
    const priorities = below.methods.map((method) => method.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const above = await methods('providerCode=100&validatingAirline=LA&startDate=2026-12-18&total=500.01');
    expect(above.yapeAvailable).toBe(false);
    const raw = (await (await api.request('/api/engines/9132868/payment_methods/checkout?providerCode=100&validatingAirline=LA&startDate=2026-12-18&total=500.01')).json()) as { data: Record<string, unknown> };
    expect(Object.keys(raw.data)).not.toContain('splitPaymentAvailable');
    expect((await methods('providerCode=100&validatingAirline=LA&startDate=2026-12-18&total=100', '9132869')).defaultCode).toBe(120);
  });
});

describe('USD → PEN exchange rate', () => {
  it('answers yesterday’s rate in Lima, and the last rate before a day without one', async () => {
    const { data } = await get('/api/engines/payment/rates/2026-11-20', exchangeRateResponseSchema);
    expect(data).toEqual({ date: '2026-11-20', from: 'USD', to: 'PEN', rate: sandboxRate('2026-11-20') });
    expect(data.rate).toBeGreaterThan(3.6);
    expect(data.rate).toBeLessThan(3.9);
    expect((await api.request('/api/engines/payment/rates/2026-11-22')).status).toBe(400);
    expect((await api.request('/api/engines/payment/rates/2020-01-01')).status).toBe(404);
    expect((await api.request('/api/engines/payment/rates/20261120')).status).toBe(400);
    expect((await api.request('/api/engines/payment/rates/2026-02-31')).status).toBe(400);
  });

  it('stores an operator’s rate with the admin key, which later seeds never overwrite', async () => {
    const put = (key: string | null, rate: unknown) =>
      api.request('/api/engines/payment/rates/2026-11-19', {
        method: 'PUT',
        body: JSON.stringify({ rate }),
        headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      });
    expect((await put(null, 3.81)).status).toBe(401);
    expect((await put('wrong', 3.81)).status).toBe(401);
    expect((await put(adminKey, -1)).status).toBe(400);
    expect((await put(adminKey, 3.8123)).status).toBe(200);
    await seedCheckout(api.deps.db, api.deps.now());
    expect((await get('/api/engines/payment/rates/2026-11-19', exchangeRateResponseSchema)).data.rate).toBe(3.8123);
  });
});

describe('extra baggage options', () => {
  it('lists the supplier’s bags per leg for adults and children, with the spec’s baggage subcodes', async () => {
    const body = { recommendationId: latamNdc.id, searchParams: familySearch, engine: { id: '9132868' }, pos: latamNdc.pos, flights: flightsOf(latamNdc) };
    const { data } = await post('/api/flights/ancillaries', body, ancillaryOptionsResponseSchema);
    expect(new Set(data.map((option) => option.passengerCode))).toEqual(new Set(['ADT', 'CHD']));
    expect(data.map((option) => `${option.origin}-${option.destination}`)).toEqual(expect.arrayContaining(['LIM-CUZ', 'CUZ-LIM']));
    // Pages name the bag from its type, pieces and weight, in their own language.
    expect(data.find((option) => option.id === 'L0-BAG23-ADT')).toMatchObject({ subcode: '0C3', type: 'BAGGAGE', pieces: 1, weightKg: 23, totalAmount: 25, origin: 'LIM', destination: 'CUZ' });
    const unknown = await api.json('/api/flights/ancillaries', { ...body, recommendationId: 'not-an-offer' });
    expect(unknown.status).toBe(400);
  });

  it('charges the supplier’s price for chosen bags, whatever the client says they cost', async () => {
    const option = { id: 'L0-BAG23-ADT', subcode: '0C3', name: 'x', description: 'x', pieces: 1, weightKg: 23, totalAmount: 0.01, origin: 'LIM', destination: 'CUZ', passengerCode: 'ADT', type: 'BAGGAGE' };
    const request = withLeadLastName(await bookingFor(api, latamNdc), 'Maletas');
    const { result } = await book(api, { ...request, selectedExtras: { baggage: { passengers: [{ options: [{ option, currentIndex: 0, type: 'BAGGAGE' }] }] } } });
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, (result as BookingSuccess).pnr));
    expect(row?.totals?.extras).toBe(25);
    // The session keeps the bag as the supplier sells it, for the confirmation's additional products.
    const saved = (await (await api.request(`/api/sessions?id=${request.sessionID}`)).json()) as { data: Session };
    expect(saved.data.selectedExtras?.baggage.passengers[0]?.options[0]?.option).toMatchObject({ id: 'L0-BAG23-ADT', totalAmount: 25 });
    const forged = await book(api, { ...request, idempotencyKey: crypto.randomUUID(), selectedExtras: { baggage: { passengers: [{ options: [{ option: { ...option, id: 'L0-FREEBAG-ADT' }, currentIndex: 0, type: 'BAGGAGE' }] }] } } });
    expect(forged.status).toBe(400);
  });
});

describe('insurance products', () => {
  const products = (body: Record<string, unknown>) => post('/api/engines/universal', { searchParams: familySearch, engine: { id: '9132868' }, flights: flightsOf(latamNdc), ...body }, insuranceProductsResponseSchema).then((r) => r.data);

  it('offers plan 1 and plan 2 per passenger with price per day and for the trip, 2 decimals', async () => {
    const data = await products({ pos: latamNdc.pos });
    expect(data.map((product) => [product.productId, product.priceDay, product.priceTotal, product.daysOfCoverage])).toEqual([
      ['ASSIST-BASIC', 1.75, 15.75, 9],
      ['ASSIST-PLUS', 2.9, 26.1, 9],
    ]);
    expect(data[1]).toMatchObject({ originCountryCode: 'PE', destinationName: 'Peru', tax: 3.98 });
    expect(data[1]?.atributos.some((attribute) => attribute.description.includes('más de 6 horas'))).toBe(true);
  });

  it('offers international plans abroad, and nothing to other profiles or with provider 101', async () => {
    const toMiami = (await searchOffers(api, { ...familySearch, itinerary: [{ origin: 'LIM', destination: 'MIA', date: '2026-12-18' }, { origin: 'MIA', destination: 'LIM', date: '2026-12-26' }] }))[0]!;
    const abroad = await products({ flights: flightsOf(toMiami), pos: toMiami.pos });
    expect(abroad[0]?.familyName).toContain('Internacional');
    expect(await products({ engine: { id: '9132871' } })).toEqual([]);
    expect(await products({ pos: { systemProviderCode: 101 } })).toEqual([]);
    const [outbound, ...rest] = flightsOf(latamNdc);
    const impossible = await api.json('/api/engines/universal', { searchParams: familySearch, engine: { id: '9132868' }, flights: [{ ...outbound!, departureDateTime: '2026-13-45T06:00:00-05:00' }, ...rest] });
    expect(impossible.status).toBe(400);
  });
});

describe('fare rules', () => {
  it('gives a tab per route with titled sections, general terms first for consumers and left out for agencies', async () => {
    const consumer = (await post('/api/flights/fare_rules', fx.fareRulesRequest, fareRulesResponseSchema)).data;
    expect(consumer.map((rule) => `${rule.departure}-${rule.arrival}`)).toEqual(['LIM-CUZ', 'CUZ-LIM']);
    expect(consumer[0]?.sections.map((section) => section.title)).toEqual(['Condiciones generales', 'Tarifa', 'Cambios', 'Devoluciones', 'Equipaje', 'No presentación']);
    const agency = (await post('/api/flights/fare_rules?terminalId=2113855', fx.fareRulesRequest, fareRulesResponseSchema)).data;
    expect(agency[0]?.sections.map((section) => section.title)).not.toContain('Condiciones generales');
    expect(agency[0]?.sections).toEqual(consumer[0]?.sections.slice(1));
  });

  it('words the regulations in the language the page asks for: English titles and text for an English page', async () => {
    const english = (await post('/api/flights/fare_rules', { ...fx.fareRulesRequest, language: 'en' }, fareRulesResponseSchema)).data;
    expect(english[0]?.sections.map((section) => section.title)).toEqual(['General terms', 'Fare', 'Changes', 'Refunds', 'Baggage', 'No-show']);
    expect(english[0]?.sections.find((section) => section.title === 'Changes')?.content).toMatch(/^Allowed for a fee of USD \d+\.\d{2}/);
    const spanish = (await post('/api/flights/fare_rules', { ...fx.fareRulesRequest, language: 'es' }, fareRulesResponseSchema)).data;
    expect(spanish[0]?.sections[0]?.title).toBe('Condiciones generales');
  });
});

describe('coupons', () => {
  const markupRQ = (offer: Recommendation) => ({ engineCode: '9132868', recommendationId: offer.id, flightIds: flightsOf(offer).map((flight) => flight.id) });
  /** The fixture's call on a real offer of this world (LATAM NDC unless told). */
  const coupon = (body: Record<string, unknown>) => post('/api/engines/coupon', { ...fx.couponRequest, markupRQ: markupRQ(latamNdc), ...body }, couponResponseSchema).then((r) => r.data);

  it('normalises the code and answers the discount line', async () => {
    expect(await coupon({})).toMatchObject({ promotionalCode: 'VERANO25', amount: 5, percentage: true, apply: true, paymentType: 102, rph: '100,102,107-102,103-' });
    expect((await coupon({ promotionalCode: 'bienvenida 10', paymentType: 120 })).amount).toBe(10);
  });

  it('rejects unknown, finished and paused codes with the selected payment, so the client shows the invalid message', async () => {
    for (const code of ['NOEXISTE', 'NAVIDAD2025', 'PAUSADO']) {
      expect(await coupon({ promotionalCode: code, paymentType: 102 })).toMatchObject({ apply: false, paymentType: 102, amount: 0 });
    }
  });

  it('rejects a coupon for another payment with that payment’s code: the invalid message shows only when codes match', async () => {
    expect(await coupon({ paymentType: 120 })).toMatchObject({ apply: false, paymentType: 102 });
    expect(await coupon({ promotionalCode: 'OHDESCUENTO', paymentType: 102 })).toMatchObject({ apply: false, paymentType: 122 });
  });

  it('switches the payment to Banco Ripley (121) for the ripley code where the offer is payable with it, and refuses it where not (issue 37)', async () => {
    const gds = offers.find((offer) => [100, 102].includes(offer.pos.systemProviderCode) && !['UX', 'AR'].includes(offer.pricing.validatingAirline))!;
    expect(await coupon({ promotionalCode: ' ripley ', paymentType: 102, markupRQ: markupRQ(gds) })).toMatchObject({ apply: true, promotionalCode: 'RIPLEY', paymentType: 121, amount: 20 });
    expect(await coupon({ promotionalCode: ' ripley ', paymentType: 102 })).toMatchObject({ apply: false, promotionalCode: 'RIPLEY', paymentType: 102, refusal: 'COUPON_PAYMENT_NOT_OFFERED' });
  });

  it('checks the offer’s provider and fare families', async () => {
    const jetsmart = offers.find((offer) => offer.pos.systemProviderCode === 112)!;
    expect((await coupon({ markupRQ: markupRQ(jetsmart) })).apply).toBe(false);
    expect((await coupon({ markupRQ: markupRQ(latamNdc) })).apply).toBe(true);
    const other = await api.json('/api/engines/coupon', { ...fx.couponRequest, profileId: 'AG-ANDES' });
    expect(((await other.json()) as ApiErrorBody).errors[0]?.path).toBe('json.profileId');
  });

  it('takes the percentage off the fare total to 2 decimals at booking', async () => {
    const request = withLeadLastName(await bookingFor(api, latamNdc), 'Cupones');
    const applied = { ...fx.appliedCoupon, promotionalCode: 'VERANO25' };
    const { result } = await book(api, { ...request, bookForm: { ...request.bookForm, coupon: applied } });
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, (result as BookingSuccess).pnr));
    expect(row?.totals?.couponDiscount).toBe(discountAmount({ amount: 5, percentage: true }, latamNdc.pricing.total));
    expect(row?.totals?.total).toBe(Math.round((latamNdc.pricing.total - row!.totals!.couponDiscount - 10 + 104.4) * 100) / 100);
  });
});

describe('the OpenAPI document', () => {
  it('documents every checkout route', async () => {
    const doc = (await (await api.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /engines/{terminalId}/payment_methods/checkout',
        'GET /engines/payment/rates/{date}',
        'PUT /engines/payment/rates/{date}',
        'POST /flights/ancillaries',
        'POST /flights/seats',
        'POST /engines/universal',
        'POST /flights/fare_rules',
        'POST /engines/coupon',
        'POST /flights/book',
      ]),
    );
  });
});
