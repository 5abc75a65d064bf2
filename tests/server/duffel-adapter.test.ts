/**
 * The Duffel adapter (issue 17) against Duffel's recorded answers (MSW in node): a round trip and a
 * multi-city searched and mapped onto the contract, a price change (1002), an expired offer (1001), a seat
 * map, a hold order paid later and its cancellation quote, a 429 retried, a 5xx retried then failing, and a
 * timeout (ours, and Duffel's own 504) as the search's 504.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { recommendationSchema, type Recommendation } from '../../src/contract/search.ts';
import { DuffelFailure } from '../../src/server/supply/duffel/client.ts';
import { createDuffelSupplier } from '../../src/server/supply/duffel/index.ts';
import { recommendationOf } from '../../src/server/supply/duffel/map.ts';
import { toMinorUnits } from '../../src/server/supply/money.ts';
import { OfferUnavailable, SupplierTimeout, type BookingRequest, type SupplierSearchQuery } from '../../src/server/supply/port.ts';
import { startTestApi } from '../support/server.ts';
import { answer, calls, callsTo, duffelAnswers, duffelConfig, duffelServer } from './duffel-support.ts';
import gatewayTimeout from './duffel-recorded/error-gateway-timeout.json' with { type: 'json' };
import airlineUnknown from './duffel-recorded/error-airline-unknown.json' with { type: 'json' };
import offerGone from './duffel-recorded/error-offer-gone.json' with { type: 'json' };
import rateLimited from './duffel-recorded/error-rate-limit.json' with { type: 'json' };
import offerRequest from './duffel-recorded/offer-request.json' with { type: 'json' };
import roundTripOffer from './duffel-recorded/offer-round-trip.json' with { type: 'json' };
import multiCityOffers from './duffel-recorded/offers-multi-city.json' with { type: 'json' };
import roundTripOffers from './duffel-recorded/offers-round-trip.json' with { type: 'json' };
import cancellation from './duffel-recorded/order-cancellation.json' with { type: 'json' };
import holdOrder from './duffel-recorded/order-hold.json' with { type: 'json' };
import paidOrder from './duffel-recorded/order-hold-paid.json' with { type: 'json' };
import payment from './duffel-recorded/payment.json' with { type: 'json' };
import seatMaps from './duffel-recorded/seat-maps.json' with { type: 'json' };

const OFFER = roundTripOffer.data.id;
const OFFER_ID = `duf.${OFFER}.103220`;
const NOW = Date.parse('2026-11-21T15:00:00Z');

const query = (overrides: Partial<SupplierSearchQuery> = {}): SupplierSearchQuery => ({
  legs: [
    { origin: 'LHR', destination: 'JFK', date: '2026-12-10' },
    { origin: 'JFK', destination: 'LHR', date: '2026-12-17' },
  ],
  passengers: { adults: 1, children: 0, infants: 0 },
  cabin: 'Y',
  airline: null,
  corporateCode: null,
  today: '2026-11-21',
  now: NOW,
  agency: false,
  flexible: false,
  ...overrides,
});

const booking = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  reference: 'b-duffel-1',
  selection: { offerId: OFFER_ID, today: '2026-11-21', now: NOW, agency: false },
  passengers: [{ type: 'ADT', firstName: 'Ana', lastName: 'Quispe', birthdate: '1990-04-12', gender: 'F', email: 'ana@example.pe', phone: '+51987654321' }],
  seats: [],
  attempt: 1,
  acceptFareChange: false,
  ...overrides,
});

/** The recorded offer at another total (the LHR → STN test route raises it on every read). */
const offerAt = (total: string) => ({ data: { ...roundTripOffer.data, total_amount: total } });

beforeAll(() => duffelServer.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
});
afterEach(() => duffelServer.resetHandlers());
afterAll(() => duffelServer.close());

describe('searching Duffel', () => {
  it('a round trip: one offer request (slices, adult, cabin, supplier_timeout, no inline offers), its offers read cheapest first and mapped onto the contract', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const result = await createDuffelSupplier(duffelConfig()).search(query());

    const [request] = callsTo('POST', '/air/offer_requests');
    expect(request?.headers).toEqual({ authorization: 'Bearer duffel_test_vuelos-recorded', version: 'v2' });
    expect(request?.query).toEqual({ return_offers: 'false', supplier_timeout: '5000' });
    expect(request?.body?.data).toEqual({
      slices: [
        { origin: 'LHR', destination: 'JFK', departure_date: '2026-12-10', departure_time: null, arrival_time: null },
        { origin: 'JFK', destination: 'LHR', departure_date: '2026-12-17', departure_time: null, arrival_time: null },
      ],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
    });
    expect(callsTo('GET', '/air/offers')[0]?.query).toEqual({ offer_request_id: offerRequest.data.id, sort: 'total_amount', limit: '200' });

    // The GBP offer is left out: the app sells in US dollars.
    expect(result.offers.map((offer) => offer.id)).toEqual([OFFER_ID, 'duf.off_0000AUde3KZG0aT2xeqSoS.129045']);
    const [offer] = result.offers as [Recommendation];
    expect(recommendationSchema.parse(offer)).toEqual(offer);
    expect(offer.pos).toEqual({ systemProviderCode: 120, providerName: 'Duffel', group: 'NDC' });
    expect(offer.pricing).toMatchObject({ total: 1032.2, base: 812, taxes: 220.2, source: 'NDC', validatingAirline: 'ZZ', commission: null, fees: [] });
    expect(offer.pricing.passengers.adults).toEqual({ quantity: 1, base: 812, taxes: 220.2, total: 1032.2 });
    expect(offer.brandedFares).toEqual(['ECONOMY_LIGHT', 'ECONOMY_LIGHT']);

    const [outbound, inbound] = offer.itinerary;
    expect(outbound).toMatchObject({ origin: { code: 'LHR' }, destination: { code: 'JFK' }, date: '2026-12-10' });
    // Duffel's local times get each airport's offset on the day: London in winter +00:00, New York -05:00, Paris +01:00.
    expect(outbound?.flights[0]).toMatchObject({
      id: 'duf.sli_0000AUde3KZG0aT2xeqSoa',
      departureDateTime: '2026-12-10T09:40:00+00:00',
      arrivalDateTime: '2026-12-10T12:35:00-05:00',
      elapsedTime: '0755',
      stops: 0,
      brandedFare: { brandID: 'ECONOMY_LIGHT', name: 'Economy Light' },
      baggage: { pieces: 1, weight: null },
      handBaggage: { pieces: 1, weight: null },
    });
    expect(outbound?.flights[0]?.inclusions).toMatchObject({ checkedBag: { state: 'INC', pieces: 1 }, changes: { state: 'CHA' }, refund: { state: 'NOF' }, seat: { state: 'CHA' } });
    expect(outbound?.flights[0]?.segments[0]).toMatchObject({ flightNumber: '1', marketingAirline: { code: 'ZZ', name: 'Duffel Airways' }, bookingClass: { code: 'Y' }, cabin: 'Y', equipment: [{ airEquipType: '380' }] });
    // The return connects in Paris, and its second segment stops there on the ground for 25 minutes.
    expect(inbound?.flights[0]).toMatchObject({ departureDateTime: '2026-12-17T18:00:00-05:00', arrivalDateTime: '2026-12-18T09:20:00+00:00', elapsedTime: '1020', stops: 2 });
    expect(inbound?.flights[0]?.segments.map((segment) => [segment.departureDateTime, segment.arrivalDateTime, segment.stopLocation])).toEqual([
      ['2026-12-17T18:00:00-05:00', '2026-12-18T07:30:00+01:00', []],
      ['2026-12-18T09:00:00+01:00', '2026-12-18T09:20:00+00:00', [{ locationCode: 'CDG', codeContext: '0025' }]],
    ]);
  });

  it('a multi-city in business with a child: the child goes by age, three slices come back as three legs, each with its own bags and conditions', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201));
    duffelAnswers('get', '/air/offers', answer(multiCityOffers));
    const legs = [
      { origin: 'LHR', destination: 'JFK', date: '2026-12-10' },
      { origin: 'JFK', destination: 'MIA', date: '2026-12-14' },
      { origin: 'MIA', destination: 'LHR', date: '2026-12-20' },
    ];
    const result = await createDuffelSupplier(duffelConfig()).search(query({ legs, cabin: 'C', passengers: { adults: 1, children: 1, infants: 0 }, agency: true }));

    expect(callsTo('POST', '/air/offer_requests')[0]?.body?.data).toMatchObject({ passengers: [{ type: 'adult' }, { age: 8 }], cabin_class: 'business', slices: legs.map((leg) => ({ origin: leg.origin, destination: leg.destination, departure_date: leg.date })) });
    const [offer] = result.offers as [Recommendation];
    expect(offer.itinerary.map((leg) => [leg.origin.code, leg.destination.code, leg.date])).toEqual([
      ['LHR', 'JFK', '2026-12-10'],
      ['JFK', 'MIA', '2026-12-14'],
      ['MIA', 'LHR', '2026-12-20'],
    ]);
    expect(offer.itinerary.map((leg) => leg.flights[0]?.baggage.pieces)).toEqual([1, 0, 0]);
    expect(offer.itinerary[2]?.flights[0]).toMatchObject({ departureDateTime: '2026-12-20T20:30:00-05:00', arrivalDateTime: '2026-12-21T10:40:00+00:00', brandedFare: null });
    expect(offer.itinerary[2]?.flights[0]?.inclusions?.changes.state).toBe('NOF');
    expect(offer.brandedFares).toEqual(['ECONOMY_LIGHT', '', '']);
    // Duffel prices the party: 2105.31 in cents shared, the odd cent to the adult; agencies see no commission from Duffel.
    expect(offer.pricing.passengers).toEqual({ adults: { quantity: 1, base: 850, taxes: 202.66, total: 1052.66 }, children: { quantity: 1, base: 850, taxes: 202.65, total: 1052.65 }, infants: null });
    expect(offer.pricing.total).toBe(2105.31);
    expect(offer.pricing.commission).toBe(0);
  });
});

describe('Duffel’s money', () => {
  it('decimal strings are read as integer minor units, exactly', () => {
    expect(toMinorUnits('1032.20', 'USD')).toBe(103220);
    expect(toMinorUnits('0.1', 'USD')).toBe(10);
    expect(toMinorUnits('1290.45', 'USD')).toBe(129045);
    expect(toMinorUnits('15000', 'JPY')).toBe(15000);
    expect(toMinorUnits('1.250', 'KWD')).toBe(1250);
    expect(() => toMinorUnits('1.234', 'USD')).toThrow('more decimals');
    expect(() => toMinorUnits('-5.00', 'USD')).toThrow('not a decimal amount');
  });

  it('a party of three adults shares a total that does not split evenly in whole cents', () => {
    const adult = roundTripOffer.data.passengers[0] as (typeof roundTripOffer.data.passengers)[number];
    const party = { ...roundTripOffer.data, total_amount: '1000.00', base_amount: '800.00', passengers: [adult, { ...adult, id: 'pas_2' }, { ...adult, id: 'pas_3' }] };
    const offer = recommendationOf(party as never, { agency: false }) as Recommendation;
    expect(offer.pricing.total).toBe(1000);
    expect(offer.pricing.passengers.adults).toEqual({ quantity: 3, base: 266.67, taxes: 66.66, total: 333.33 });
  });
});

describe('pricing and booking a Duffel offer', () => {
  it('a price change: the offer read again costs more, so price() names the shown total and booking answers 1002 until the traveller accepts it', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(offerAt('1042.20')));
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const duffel = createDuffelSupplier(duffelConfig());

    const priced = await duffel.price(booking().selection);
    expect(priced.previousTotal).toBe(1032.2);
    expect(priced.offer.pricing.total).toBe(1042.2);
    expect(priced.offer.id).toBe(`duf.${OFFER}.104220`);
    expect(callsTo('GET', `/air/offers/${OFFER}`)[0]?.query).toEqual({ return_available_services: 'true' });

    const refused = await duffel.book(booking());
    expect(refused).toMatchObject({ kind: 'fare-changed', code: 1002, previousTotal: 1032.2, offer: { pricing: { total: 1042.2 } } });
    expect(callsTo('POST', '/air/orders')).toHaveLength(0);

    const booked = await duffel.book(booking({ acceptFareChange: true }));
    expect(booked).toMatchObject({ kind: 'confirmed', locator: 'RZPNX8' });
    const order = callsTo('POST', '/air/orders')[0]?.body?.data;
    expect(order).toMatchObject({
      type: 'instant',
      selected_offers: [OFFER],
      payments: [{ type: 'balance', amount: '1042.20', currency: 'USD' }],
      passengers: [{ id: 'pas_0000AUde3KY1SptM6ABSfU', title: 'ms', gender: 'f', given_name: 'Ana', family_name: 'Quispe', born_on: '1990-04-12', email: 'ana@example.pe', phone_number: '+51987654321' }],
    });
  });

  it('a cheaper or equal price is no fare change', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(offerAt('1032.2')));
    expect((await createDuffelSupplier(duffelConfig()).price(booking().selection)).previousTotal).toBeNull();
  });

  it('an expired offer (422 offer_no_longer_available): booking answers 1001 without ordering, pricing throws the 1001 OfferUnavailable', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(offerGone, 422));
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const duffel = createDuffelSupplier(duffelConfig());
    expect(await duffel.book(booking())).toEqual({ kind: 'segments-unavailable', code: 1001 });
    await expect(duffel.price(booking().selection)).rejects.toSatisfy((error) => error instanceof OfferUnavailable && error.code === 1001);
    expect(callsTo('POST', '/air/orders')).toHaveLength(0);
    // A 422 is Duffel's answer, not a failure to retry.
    expect(callsTo('GET', `/air/offers/${OFFER}`)).toHaveLength(2);
  });

  it('an id of another supplier is not Duffel’s', async () => {
    await expect(createDuffelSupplier(duffelConfig()).price({ ...booking().selection, offerId: 'sbx.eyJwIjoxMDd9' })).rejects.toThrow('not one Duffel issued');
  });

  it('the seat map: one segment, seats for sale free at their price, the others taken, an aisle between the sections; bags from the offer’s services', async () => {
    duffelAnswers('get', '/air/seat_maps', answer(seatMaps));
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(roundTripOffer));
    const duffel = createDuffelSupplier(duffelConfig());
    const [segment, ...others] = await duffel.seatMap(booking().selection);
    expect(callsTo('GET', '/air/seat_maps')[0]?.query).toEqual({ offer_id: OFFER });
    expect(others).toEqual([]);
    expect(segment).toEqual({
      origin: 'LHR',
      destination: 'JFK',
      aircraft: '380',
      rows: [
        {
          rowNumber: 1,
          seats: [
            { letter: 'A', status: 'A', price: 20 },
            { letter: 'B', status: 'T', price: 0 },
            { letter: 'C', status: 'A', price: 20 },
            { letter: '', status: 'S', price: 0 },
            { letter: 'D', status: 'A', price: 20 },
            { letter: 'E', status: 'A', price: 20 },
            { letter: 'F', status: 'T', price: 0 },
          ],
        },
        {
          rowNumber: 2,
          seats: [
            { letter: 'A', status: 'A', price: 35.5 },
            { letter: 'B', status: 'T', price: 0 },
            { letter: 'C', status: 'A', price: 35.5 },
            { letter: '', status: 'S', price: 0 },
          ],
        },
      ],
    });
    const extras = await duffel.extras(booking().selection);
    expect(extras.baggage).toEqual([
      { code: 'ase_00009UhD4ongolulWAAA', description: 'Checked bag', legIndex: 0, pieces: 1, weight: 23, price: 45 },
      { code: 'ase_00009UhD4ongolulWBBB', description: 'Checked bag', legIndex: 1, pieces: 1, weight: 23, price: 50 },
    ]);
  });

  it('a traveller paying later gets a hold order: no payment until payment_required_by, then paid from the balance for exactly what it owes; cancelling it is quoted, then confirmed', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer({ data: { ...roundTripOffer.data, payment_requirements: { requires_instant_payment: false, payment_required_by: '2026-11-24T15:00:00Z', price_guarantee_expires_at: '2026-11-23T15:00:00Z' } } }));
    duffelAnswers('post', '/air/orders', answer(holdOrder, 201));
    const duffel = createDuffelSupplier(duffelConfig());
    // The agency pays only once the traveller has: the earlier deadline (the price guarantee) is the one to pay by.
    expect(await duffel.book(booking({ payLater: true }))).toEqual({ kind: 'confirmed', locator: 'RZPNX8', total: 1032.2, supplierOrder: { id: 'duf.ord_0000AUdeHOLD1SptM6ABSfH', held: true, payBy: '2026-11-23T15:00:00Z' } });
    const created = callsTo('POST', '/air/orders')[0]?.body?.data;
    expect(created).toMatchObject({ type: 'hold', selected_offers: [OFFER], metadata: { vuelos_booking: 'b-duffel-1' } });
    expect(created).not.toHaveProperty('payments');

    duffelAnswers('get', '/air/orders/ord_0000AUdeHOLD1SptM6ABSfH', answer(holdOrder), answer(paidOrder));
    duffelAnswers('post', '/air/payments', answer(payment, 201));
    const paid = await duffel.payHeld('duf.ord_0000AUdeHOLD1SptM6ABSfH');
    expect(callsTo('POST', '/air/payments').map((call) => call.body?.data)).toEqual([{ order_id: 'ord_0000AUdeHOLD1SptM6ABSfH', payment: { type: 'balance', amount: '1032.20', currency: 'USD' } }]);
    expect(paid).toMatchObject({ awaitingPayment: false, paymentRequiredBy: null, locator: 'RZPNX8' });
    // Paying again asks nothing more of Duffel: it is paid.
    await duffel.payHeld('duf.ord_0000AUdeHOLD1SptM6ABSfH');
    expect(callsTo('POST', '/air/payments')).toHaveLength(1);

    duffelAnswers('post', '/air/order_cancellations', answer(cancellation, 201));
    expect(await duffel.cancellationQuote('duf.ord_0000AUdeHOLD1SptM6ABSfH')).toEqual({ id: 'ore_00009qzZWzjDipIkqpaUAj', refund: 992.2, currency: 'USD', refundTo: 'balance', expiresAt: '2026-11-22T10:30:00Z' });
    expect(callsTo('POST', '/air/order_cancellations')[0]?.body?.data).toEqual({ order_id: 'ord_0000AUdeHOLD1SptM6ABSfH' });
    duffelAnswers('post', '/air/order_cancellations/ore_00009qzZWzjDipIkqpaUAj/actions/confirm', answer({ data: { ...cancellation.data, confirmed_at: '2026-11-22T10:05:00Z' } }));
    expect(await duffel.cancelOrder('duf.ord_0000AUdeHOLD1SptM6ABSfH')).toBe(true);
    expect(callsTo('POST', '/air/order_cancellations/ore_00009qzZWzjDipIkqpaUAj/actions/confirm')).toHaveLength(1);
  });

  it('an offer that must be paid at once is ordered and paid at once even when the traveller pays later; an order Duffel will not cancel is said so', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(roundTripOffer));
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const duffel = createDuffelSupplier(duffelConfig());
    expect(await duffel.book(booking({ payLater: true }))).toMatchObject({ kind: 'confirmed', supplierOrder: { held: false, payBy: null } });
    expect(callsTo('POST', '/air/orders')[0]?.body?.data).toMatchObject({ type: 'instant', payments: [{ type: 'balance', amount: '1032.20', currency: 'USD' }] });

    duffelAnswers('get', '/air/orders/ord_0000AUdeHOLD1SptM6ABSfH', answer({ data: { ...paidOrder.data, available_actions: [] } }));
    expect(await duffel.cancelOrder('duf.ord_0000AUdeHOLD1SptM6ABSfH')).toBe(false);
    expect(callsTo('POST', '/air/order_cancellations')).toHaveLength(0);
  });
});

describe('Duffel failing', () => {
  it('a 429 is waited out and asked again', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(rateLimited, 429), answer(offerRequest, 201));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const result = await createDuffelSupplier(duffelConfig()).search(query());
    expect(callsTo('POST', '/air/offer_requests')).toHaveLength(2);
    expect(result.offers).toHaveLength(2);
  });

  it('a 5xx on a read is asked again with backoff, and after the retries fails with Duffel’s status and code', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(airlineUnknown, 502));
    const started = Date.now();
    const failure = await createDuffelSupplier(duffelConfig({ backoffMs: 20 })).price(booking().selection).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DuffelFailure);
    expect(failure).toMatchObject({ status: 502, code: 'airline_unknown' });
    expect(callsTo('GET', `/air/offers/${OFFER}`)).toHaveLength(3);
    // 20 ms, then 40 ms between the three calls.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('a 5xx on an order is not asked again: asking twice could sell twice', async () => {
    duffelAnswers('get', `/air/offers/${OFFER}`, answer(roundTripOffer));
    duffelAnswers('post', '/air/orders', answer(airlineUnknown, 502));
    await expect(createDuffelSupplier(duffelConfig()).book(booking())).rejects.toMatchObject({ status: 502, code: 'airline_unknown' });
    expect(callsTo('POST', '/air/orders')).toHaveLength(1);
  });

  it('Duffel’s own gateway timeout (504 gateway_timeout_error) is a supplier timeout, not retried', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(gatewayTimeout, 504));
    await expect(createDuffelSupplier(duffelConfig()).search(query())).rejects.toBeInstanceOf(SupplierTimeout);
    expect(callsTo('POST', '/air/offer_requests')).toHaveLength(1);
  });

  it('a search Duffel does not answer within the time limit is the search API’s 504', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201, 1_500));
    const api = await startTestApi({ supplier: createDuffelSupplier(duffelConfig({ requestTimeoutMs: 200 })) });
    try {
      const started = Date.now();
      const response = await api.json('/api/flights/search', { flightType: 'OW', passengers: { adults: 1 }, itinerary: [{ origin: 'LHR', destination: 'JFK', date: '2026-12-10' }] });
      expect(response.status).toBe(504);
      expect(apiErrorSchema.parse(await response.json())).toMatchObject({ status: 504 });
      expect(Date.now() - started).toBeLessThan(1_400);
    } finally {
      await api.close();
    }
    // Opening the test database takes most of it on a busy machine.
  }, 90_000);
});
