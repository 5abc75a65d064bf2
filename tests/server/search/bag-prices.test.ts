import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extrasResponseSchema, fareFamiliesResponseSchema } from '../../../src/contract/fares.ts';
import { searchedOffers, startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const limCuzRoundTrip = {
  flightType: 'RT',
  itinerary: [
    { origin: 'LIM', destination: 'CUZ', date: '2026-12-10' },
    { origin: 'CUZ', destination: 'LIM', date: '2026-12-17' },
  ],
};

describe('bag prices in the search answer (issue 21)', () => {
  it('each sandbox offer names, per leg, the prices its checkout sells the bags at', async () => {
    const offers = await searchedOffers(api, limCuzRoundTrip);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers.slice(0, 5)) {
      expect(offer.baggagePrices).toHaveLength(2);
      const extras = extrasResponseSchema.parse(await (await api.json('/api/flights/extras', { id: offer.id })).json()).data;
      for (const [legIndex, prices] of offer.baggagePrices!.entries()) {
        const sold = (code: string) => extras.baggage.find((bag) => bag.legIndex === legIndex && bag.code === code)?.price;
        expect(prices).toEqual({
          ...(sold('CARRYON10') === undefined ? {} : { carryOn: sold('CARRYON10') }),
          checked: sold('BAG23'),
          twoChecked: sold('BAG23X2'),
        });
      }
    }
    // A domestic basic fare sells its bags at its carrier's prices: LATAM a carry-on 18 and a checked bag 25 per leg,
    // JetSMART 17 and 21 (issue 37: every carrier sells them).
    const basicOf = (carriers: string[]) =>
      offers.find((offer) => carriers.includes(offer.pricing.validatingAirline) && offer.itinerary[0]!.flights[0]!.inclusions?.carryOn.state === 'CHA');
    expect(basicOf(['LA'])?.baggagePrices?.[0]).toEqual({ carryOn: 18, checked: 25, twoChecked: 57.5 });
    expect(basicOf(['JA', 'JZ'])?.baggagePrices?.[0]).toEqual({ carryOn: 17, checked: 21, twoChecked: 48.3 });
  });

  it('each fare family of an offer names the bag prices its own checkout sells them at', async () => {
    const offers = await searchedOffers(api, limCuzRoundTrip);
    const latam = offers.find((offer) => offer.hasMultipleFareFamilies && offer.pricing.validatingAirline === 'LA')!;
    const { fares } = fareFamiliesResponseSchema.parse(await (await api.json('/api/flights/family_fares', { id: latam.id })).json()).data;
    expect(fares.length).toBeGreaterThan(1);
    for (const fare of fares) {
      const extras = extrasResponseSchema.parse(await (await api.json('/api/flights/extras', { id: fare.offerId })).json()).data;
      expect(fare.baggagePrices).toHaveLength(2);
      for (const [legIndex, prices] of fare.baggagePrices!.entries()) {
        expect(prices.carryOn).toBe(extras.baggage.find((bag) => bag.legIndex === legIndex && bag.code === 'CARRYON10')?.price);
        expect(prices.checked).toBe(extras.baggage.find((bag) => bag.legIndex === legIndex && bag.code === 'BAG23')?.price);
      }
    }
    // The basic family sells a carry-on on the way out (18); a family that includes one does not sell another there.
    expect(fares.find((fare) => fare.inclusions.carryOn.state === 'CHA')?.baggagePrices?.[0]?.carryOn).toBe(18);
    expect(fares.find((fare) => fare.inclusions.carryOn.state === 'INC')?.baggagePrices?.[0]?.carryOn).toBeUndefined();
  });
});
