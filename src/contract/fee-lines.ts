import type { DiscountLine } from './checkout.ts';

/*
 * Fee and discount arithmetic the results page shares with the checkout (checkout-totals.ts), apart
 * from checkout.ts and its form validations (phone metadata, card checks). checkout.ts re-exports them.
 */

/** Fee description of the agency's custom markup (spec 2 §3). */
export const CUSTOM_FEE_DESCRIPTION = 'CUSTOM';

/** Percentage coupons apply to the booking total, to 2 decimals (spec 3 §4). */
export function discountAmount(line: Pick<DiscountLine, 'amount' | 'percentage'>, bookingTotal: number): number {
  const raw = line.percentage ? (bookingTotal * line.amount) / 100 : line.amount;
  return Math.round(raw * 100) / 100;
}
