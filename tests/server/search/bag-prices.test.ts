import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extrasResponseSchema } from '../../../src/contract/fares.ts';
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
    // A domestic basic fare sells its bags: a carry-on 18 and a checked bag 25 per leg.
    const basic = offers.find((offer) => offer.itinerary[0]!.flights[0]!.inclusions?.carryOn.state === 'CHA');
    expect(basic?.baggagePrices?.[0]).toEqual({ carryOn: 18, checked: 25, twoChecked: 57.5 });
  });
});
