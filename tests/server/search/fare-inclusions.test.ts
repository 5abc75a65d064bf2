import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extrasResponseSchema, fareFamiliesResponseSchema } from '../../../src/contract/fares.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import { forcesOneCarryOn } from '../../../src/server/domain/fare-inclusions.ts';
import { brandsByAirline } from '../../../src/server/supply/sandbox/brands.ts';
import { searchedOffers, startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const offers = (body: Record<string, unknown>) => searchedOffers(api, body);

/** What the card, the fare comparison and the extras say about one offer's entry fare. */
async function everywhere(offer: Recommendation) {
  const flight = offer.itinerary[0]!.flights[0]!;
  const families = fareFamiliesResponseSchema.parse(await (await api.json('/api/flights/family_fares', { id: offer.id })).json()).data;
  const extras = extrasResponseSchema.parse(await (await api.json('/api/flights/extras', { id: offer.id })).json()).data;
  const entry = families.fares.find((fare) => fare.code === flight.brandedFare?.brandID)!;
  const carryOnRow = families.matrix.find((row) => row.code === 'CARRY_ON')!;
  return {
    flight,
    entry,
    matrixCarryOn: carryOnRow.elements[families.fares.indexOf(entry)]!.indicator,
    sellsCarryOn: extras.baggage.some((bag) => bag.code === 'CARRYON10'),
  };
}

const limEze = { itinerary: [{ origin: 'LIM', destination: 'EZE', date: '2026-12-10' }] };
const limCuz = { itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-10' }] };

describe('fare inclusions: one answer per fare (spec 1 §5, "force 1 carry-on except …")', () => {
  it('a basic fare outside the exceptions (Aerolíneas Argentinas Promo) carries 1 carry-on on the card, in the comparison and in extras alike', async () => {
    const offer = (await offers({ ...limEze, airline: { code: 'AR' } }))[0]!;
    const seen = await everywhere(offer);
    expect(seen.flight.brandedFare?.brandID).toBe('PROMO');
    expect(seen.flight.inclusions?.carryOn).toEqual({ state: 'INC', pieces: 1, weight: null });
    expect(seen.flight.handBaggage).toEqual({ pieces: 1, weight: null });
    expect(seen.entry.inclusions).toEqual(seen.flight.inclusions);
    expect(seen.entry.handBaggage).toEqual(seen.flight.handBaggage);
    expect(seen.matrixCarryOn).toBe('INC');
    // Nobody sells a carry-on the fare already includes.
    expect(seen.sellsCarryOn).toBe(false);
  });

  it('a basic fare the spec excepts (LATAM QP, Sky ZERO) has no carry-on anywhere and sells one', async () => {
    for (const airline of ['LA', 'H2']) {
      const offer = (await offers({ ...limCuz, airline: { code: airline } }))[0]!;
      const seen = await everywhere(offer);
      expect(seen.flight.inclusions?.carryOn).toEqual({ state: 'CHA', pieces: 0, weight: null });
      expect(seen.flight.handBaggage.pieces).toBe(0);
      expect(seen.entry.inclusions).toEqual(seen.flight.inclusions);
      expect(seen.matrixCarryOn).toBe('CHA');
      expect(seen.sellsCarryOn).toBe(true);
    }
  });

  it('sends the comparison as codes and quantities: every fare its inclusions, the legacy matrix agreeing cell by cell', async () => {
    const offer = (await offers({ ...limEze, airline: { code: 'AR' } }))[0]!;
    const families = fareFamiliesResponseSchema.parse(await (await api.json('/api/flights/family_fares', { id: offer.id })).json()).data;
    expect(families.fares.map((fare) => [fare.code, fare.inclusions.carryOn.pieces, fare.inclusions.checkedBag.pieces, fare.inclusions.checkedBag.weight])).toEqual([
      ['PROMO', 1, 0, null],
      ['BASE', 1, 0, null],
      ['PLUS', 1, 1, 15],
      ['FLEX', 1, 1, 15],
    ]);
    const row = (code: string) => families.matrix.find((candidate) => candidate.code === code)!.elements.map((element) => element.indicator);
    expect(row('CHECKED_BAG')).toEqual(families.fares.map((fare) => fare.inclusions.checkedBag.state));
    expect(row('SEAT')).toEqual(families.fares.map((fare) => fare.inclusions.seat.state));
    expect(row('REFUND')).toEqual(families.fares.map((fare) => fare.inclusions.refund.state));
  });

  it('applies the rule to every brand of the catalogue: one piece at least, except the eight listed fares', () => {
    const exceptions = ['H2:ZERO', 'LA:QP', 'UA:ECOBASIC', 'B6:DN', 'AV:XS', 'JA:G3', 'JZ:G3', 'DM:COMFORT'];
    for (const [airline, brands] of Object.entries(brandsByAirline)) {
      for (const brand of brands) {
        const excepted = exceptions.includes(`${airline}:${brand.code}`);
        expect(forcesOneCarryOn(airline, brand.code)).toBe(!excepted);
        expect(brand.inclusions.carryOn.pieces).toBe(excepted ? brand.handBaggage.pieces : Math.max(1, brand.handBaggage.pieces));
      }
    }
    // The three basic fares: all forced to one carry-on.
    const entry = (airline: string) => brandsByAirline[airline]![0]!;
    expect([entry('AR'), entry('DM'), entry('AM')].map((brand) => [brand.code, brand.inclusions.carryOn.state, brand.inclusions.carryOn.pieces])).toEqual([
      ['PROMO', 'INC', 1],
      ['BASIC', 'INC', 1],
      ['BASIC', 'INC', 1],
    ]);
    expect(brandsByAirline['DM']!.find((brand) => brand.code === 'COMFORT')!.inclusions.carryOn).toEqual({ state: 'CHA', pieces: 0, weight: null });
  });
});
