import type { z } from 'zod';
import type { appliedMarkupSchema, commissionResponseSchema, markupResponseSchema } from '../src/contract/agency.ts';
import type { Fare } from '../src/contract/fares.ts';
import type { BagChoice, Fee, Flight, Recommendation } from '../src/contract/search.ts';
import { customFeeOf } from '../src/contract/checkout-totals.ts';

export type AppliedMarkup = z.infer<typeof appliedMarkupSchema>;
export type MarkupResult = z.infer<typeof markupResponseSchema>['data'];
export type CommissionResult = z.infer<typeof commissionResponseSchema>['data'];

/** The saved selection payload of spec 1 §3, written into the session before checkout. */
export interface SelectionToSave {
  sessionID: string;
  recommendation: Recommendation;
  flights: Flight[];
  originalFee: Fee[];
  originalDiscounts: Recommendation['pricing']['discounts'];
  selectedFare: Fare | null;
  /** The bags chosen on the results: the checkout starts with the ones the fare lacks added (issue 37). */
  chosenBags: BagChoice;
}

/** The flights chosen per leg (an index per leg; the first flight by default). */
export function chosenFlights(recommendation: Recommendation, choice: number[]): Flight[] {
  return recommendation.itinerary.map((leg, index) => leg.flights[choice[index] ?? 0] ?? leg.flights[0]!);
}

export function selectionPayload(
  sessionID: string,
  recommendation: Recommendation,
  choice: number[],
  fees: Fee[],
  selectedFare: Fare | null,
  chosenBags: BagChoice,
): SelectionToSave {
  return {
    sessionID,
    recommendation: { ...recommendation, pricing: { ...recommendation.pricing, fees } },
    flights: chosenFlights(recommendation, choice),
    originalFee: recommendation.pricing.fees,
    originalDiscounts: recommendation.pricing.discounts,
    selectedFare,
    chosenBags,
  };
}

const CUSTOM = 'CUSTOM';

/**
 * The agency's extra charge (spec 1 §4, spec 2 §4): a number ≥ 0 adds or replaces the CUSTOM fee
 * rounded to 2 decimals; 0 or empty removes it; anything else is ignored (answers null).
 */
export function withCustomFee(fees: Fee[], text: string): Fee[] | null {
  const trimmed = text.trim().replace(',', '.');
  const others = fees.filter((fee) => fee.description !== CUSTOM);
  if (trimmed === '') return others;
  if (!/^\d+(\.\d*)?$/.test(trimmed)) return null;
  const amount = Math.round(Number(trimmed) * 100) / 100;
  return amount === 0 ? others : [...others, { amount, description: CUSTOM }];
}


/** What the card shows as total: the offer's total with markups and the agency's extra charge. */
export function displayedTotal(recommendation: Recommendation, fees: Fee[], markups: AppliedMarkup[]): number {
  const originalCustom = customFeeOf(recommendation.pricing.fees);
  const markupTotal = markups.reduce((sum, markup) => sum + markup.amount, 0);
  return Math.round((recommendation.pricing.total - originalCustom + customFeeOf(fees) + markupTotal) * 100) / 100;
}
