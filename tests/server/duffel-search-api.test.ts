/**
 * The app with DUFFEL_ACCESS_TOKEN set (configuredSupplier: the sandbox and the real Duffel adapter), Duffel
 * answering as recorded (MSW in node): a round-trip search answers Duffel's offers through the packed wire
 * format with their own badge beside the sandbox's, and a Duffel offer's extras and fare families are
 * Duffel's; a Duffel failing its search leaves the sandbox's offers, named as unavailable.
 */
import { describe, expect, it } from 'vitest';
import { extrasResponseSchema, fareFamiliesResponseSchema } from '../../src/contract/fares.ts';
import { searchResponseFromWireSchema } from '../../src/contract/search.ts';
import { answer, callsTo, duffelAnswers, useSandboxAndDuffelApi } from './duffel-support.ts';
import airlineUnknown from './duffel-recorded/error-airline-unknown.json' with { type: 'json' };
import offerRequest from './duffel-recorded/offer-request.json' with { type: 'json' };
import roundTripOffer from './duffel-recorded/offer-round-trip.json' with { type: 'json' };
import roundTripOffers from './duffel-recorded/offers-round-trip.json' with { type: 'json' };

const OFFER_ID = `duf.${roundTripOffer.data.id}.103220`;
const apiOf = useSandboxAndDuffelApi();

const roundTrip = (origin: string, destination: string) => ({
  flightType: 'RT',
  passengers: { adults: 1 },
  itinerary: [
    { origin, destination, date: '2026-12-10' },
    { origin: destination, destination: origin, date: '2026-12-17' },
  ],
});

describe('searching with Duffel switched on', () => {
  it('answers Duffel’s offers with the Duffel badge beside the sandbox’s, cheapest first, through the packed wire format', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(offerRequest, 201));
    duffelAnswers('get', '/air/offers', answer(roundTripOffers));
    const response = await apiOf().json('/api/flights/search', roundTrip('AQP', 'MIA'));
    expect(response.status).toBe(200);
    const body = searchResponseFromWireSchema.parse(await response.json());
    expect(body.unavailableSuppliers).toBeUndefined();
    const duffelOffers = body.data.filter((offer) => offer.id.startsWith('duf.'));
    const sandboxOffers = body.data.filter((offer) => offer.id.startsWith('sbx.'));
    expect(duffelOffers.map((offer) => offer.id)).toEqual([OFFER_ID, 'duf.off_0000AUde3KZG0aT2xeqSoS.129045']);
    expect(sandboxOffers.length).toBeGreaterThan(0);
    expect(duffelOffers.every((offer) => offer.pos.providerName === 'Duffel' && offer.pos.group === 'NDC')).toBe(true);
    expect(sandboxOffers.every((offer) => offer.pos.providerName !== 'Duffel')).toBe(true);
    const totals = body.data.map((offer) => offer.pricing.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    // Duffel was asked for the searched legs.
    expect(callsTo('POST', '/air/offer_requests')[0]?.body?.data?.slices).toMatchObject([
      { origin: 'AQP', destination: 'MIA', departure_date: '2026-12-10' },
      { origin: 'MIA', destination: 'AQP', departure_date: '2026-12-17' },
    ]);
  });

  it('a Duffel offer’s extras and fare families come from Duffel: its bag services, its one fare', async () => {
    duffelAnswers('get', `/air/offers/${roundTripOffer.data.id}`, answer(roundTripOffer));
    const extras = await apiOf().json('/api/flights/extras', { id: OFFER_ID });
    expect(extras.status).toBe(200);
    expect(extrasResponseSchema.parse(await extras.json()).data.baggage.map((bag) => [bag.code, bag.legIndex, bag.price])).toEqual([
      ['ase_00009UhD4ongolulWAAA', 0, 45],
      ['ase_00009UhD4ongolulWBBB', 1, 50],
    ]);
    const families = await apiOf().json('/api/flights/family_fares', { id: OFFER_ID });
    expect(families.status).toBe(200);
    const fares = fareFamiliesResponseSchema.parse(await families.json()).data;
    expect(fares.fares.map((fare) => [fare.name, fare.offerId, fare.pricing.total])).toEqual([['Economy Light', OFFER_ID, 1032.2]]);
    expect(fares.hasMultipleFareFamilies).toBe(false);
  });

  it('Duffel failing its search (5xx after the retries) leaves the sandbox’s offers, and the answer names Duffel as failed', async () => {
    duffelAnswers('post', '/air/offer_requests/', answer(airlineUnknown, 502));
    const response = await apiOf().json('/api/flights/search', roundTrip('LIM', 'CUZ'));
    expect(response.status).toBe(200);
    const body = searchResponseFromWireSchema.parse(await response.json());
    expect(body.unavailableSuppliers).toEqual([{ supplier: 'duffel', reason: 'error' }]);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((offer) => offer.id.startsWith('sbx.'))).toBe(true);
    expect(callsTo('POST', '/air/offer_requests')).toHaveLength(3);
  });
});
