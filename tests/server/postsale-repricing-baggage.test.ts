import { describe, expect, it } from 'vitest';
import { baggageAppliesInRepricing, type BookingFailure } from '../../src/contract/checkout.ts';
import type { BookingRequest, Supplier } from '../../src/server/supply/port.ts';
import { sandboxSupplier } from '../support/server.ts';
import { book, flightsOf } from './checkout/support.ts';
import { agencyBookingFor, useAgencyOffer } from './postsale-support.ts';

const flight = (airline: string, pieces: number | string) => ({ segments: [{ marketingAirline: { code: airline } }, { marketingAirline: { code: 'LA' } }], baggage: { pieces } });

describe('baggage applicability in repricing requests (spec 3 §5)', () => {
  it('never applies baggage when the flight’s first airline is VV; otherwise when its pieces are not 0', () => {
    expect(baggageAppliesInRepricing(flight('VV', 2))).toBe(false);
    expect(baggageAppliesInRepricing(flight('VV', '1'))).toBe(false);
    expect(baggageAppliesInRepricing(flight('LA', 0))).toBe(false);
    expect(baggageAppliesInRepricing(flight('LA', '0'))).toBe(false);
    expect(baggageAppliesInRepricing(flight('LA', 1))).toBe(true);
    // Only the first airline counts: a VV connection after LA keeps the baggage.
    expect(baggageAppliesInRepricing({ segments: [{ marketingAirline: { code: 'LA' } }, { marketingAirline: { code: 'VV' } }], baggage: { pieces: 1 } })).toBe(true);
  });

  const seen: BookingRequest[] = [];
  const base = sandboxSupplier();
  const supplier: Supplier = {
    ...base,
    book: (request, signal) => {
      seen.push(request);
      return base.book(request, signal);
    },
  };
  const world = useAgencyOffer({ supplier });

  it('tells it per leg in the 1002 table and in the repricing booking the supplier receives', async () => {
    const request = await agencyBookingFor(world.api, world.offer, 'Farechange');
    const refused = (await book(world.api, request)).result as BookingFailure;
    expect(refused.statusCode).toBe(1002);
    const expected = flightsOf(world.offer).map(baggageAppliesInRepricing);
    expect(refused.error.fareChange?.rows.map((row) => row.baggageApplied)).toEqual(expected);
    expect(seen.at(-1)?.applyBaggage).toBeUndefined();
    const accepted = await book(world.api, { ...request, idempotencyKey: crypto.randomUUID(), repricing: true });
    expect(accepted.result.statusCode).toBe(1);
    expect(seen.at(-1)).toMatchObject({ acceptFareChange: true, applyBaggage: expected });
  });
});
