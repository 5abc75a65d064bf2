import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { priceBreakdown, toCents } from '../../machines/price-breakdown.ts';
import { recommendationCardMachine } from '../../machines/recommendation-card.machine.ts';
import { displayedTotal, withCustomFee } from '../../machines/selection.ts';
import type { Recommendation } from '../../src/contract/search.ts';
import { limCuzRecommendation } from '../../src/contract/fixtures/checkout.ts';
import { pending, sessionID } from './plans.ts';

/** Every line of a breakdown, in cents. */
const linesSum = (breakdown: ReturnType<typeof priceBreakdown>) =>
  [...breakdown.lines, ...breakdown.bookingLines].reduce((sum, line) => sum + line.amount, 0);

/** 2 adults, 1 child, 1 infant with a service fee that divides evenly among the 3 seated passengers. */
const family: Recommendation = {
  ...limCuzRecommendation,
  pricing: { ...limCuzRecommendation.pricing, total: 657.69, fees: [{ description: 'PAX', amount: 36 }] },
};

describe('price breakdown per passenger type (issue 20)', () => {
  it('reads per type × count = amount and adds up to the card total to the cent, fees shared among seated passengers', () => {
    const breakdown = priceBreakdown(family, family.pricing.fees, []);
    expect(breakdown.lines.map((line) => [line.type, line.quantity, line.base, line.taxes, line.fees, line.unit, line.amount])).toEqual([
      ['ADT', 2, 17000, 4726, 1200, 22926, 45852],
      ['CHD', 1, 12750, 3961, 1200, 17911, 17911],
      ['INF', 1, 1700, 306, 0, 2006, 2006],
    ]);
    expect(breakdown.bookingLines).toEqual([]);
    expect(breakdown.total).toBe(toCents(displayedTotal(family, family.pricing.fees, [])));
    expect(linesSum(breakdown)).toBe(65769);
    expect(breakdown.passengerCount).toBe(4);
  });

  it('shows a fee that does not divide evenly once for the booking, still adding up', () => {
    const breakdown = priceBreakdown(limCuzRecommendation, limCuzRecommendation.pricing.fees, []);
    expect(breakdown.lines.every((line) => line.fees === 0)).toBe(true);
    expect(breakdown.bookingLines).toEqual([{ kind: 'serviceFees', amount: 2000 }]);
    expect(linesSum(breakdown)).toBe(breakdown.total);
    expect(breakdown.total).toBe(64169);
  });

  it("adds the agency's markups and extra charge as booking lines, and the total they make", () => {
    const fees = withCustomFee(family.pricing.fees, '25.10')!;
    const markups = [
      { id: 'm1', amount: 15.33, description: 'PAX' as const, rph: 1, name: 'Margen agencia', brandedFares: [] },
      { id: 'm2', amount: 4.1, description: 'CUSTOM' as const, rph: 2, name: 'Fee de emisión', brandedFares: [] },
    ];
    const breakdown = priceBreakdown(family, fees, markups);
    expect(breakdown.bookingLines).toEqual([
      { kind: 'markups', amount: 1943 },
      { kind: 'extraCharge', amount: 2510 },
    ]);
    expect(breakdown.total).toBe(65769 + 1943 + 2510);
    expect(linesSum(breakdown)).toBe(breakdown.total);
  });

  it('names what a supplier total holds beyond its parts instead of hiding it', () => {
    const odd: Recommendation = { ...family, pricing: { ...family.pricing, total: 657.7 } };
    const breakdown = priceBreakdown(odd, odd.pricing.fees, []);
    expect(breakdown.bookingLines).toEqual([{ kind: 'adjustment', amount: 1 }]);
    expect(linesSum(breakdown)).toBe(breakdown.total);
  });

  it('a single adult is one line equal to the total', () => {
    const single: Recommendation = {
      ...family,
      pricing: { ...family.pricing, total: 229.26, fees: [{ description: 'PAX', amount: 12 }], passengers: { adults: { quantity: 1, base: 170, taxes: 47.26, total: 217.26 }, children: null, infants: null } },
    };
    const breakdown = priceBreakdown(single, single.pricing.fees, []);
    expect(breakdown.lines).toHaveLength(1);
    expect(breakdown.lines[0]!.amount).toBe(breakdown.total);
  });

  it('the card machine opens the breakdown for agencies and lets consumers open it', () => {
    const machine = recommendationCardMachine.provide({ actors: { loadMarkups: pending(), loadCommission: pending(), saveSelection: pending() } });
    const consumer = createActor(machine, { input: { recommendation: family, sessionID, isAgencyView: false, showsCommission: false } }).start();
    const agency = createActor(machine, { input: { recommendation: family, sessionID, isAgencyView: true, showsCommission: false } }).start();
    expect([consumer.getSnapshot().context.breakdownOpen, agency.getSnapshot().context.breakdownOpen]).toEqual([false, true]);
    consumer.send({ type: 'breakdown.toggle' });
    expect(consumer.getSnapshot().context.breakdownOpen).toBe(true);
  });
});
