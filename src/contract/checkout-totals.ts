import { z } from 'zod';
import type { DiscountLine } from './checkout.ts';
import { CUSTOM_FEE_DESCRIPTION, discountAmount } from './fee-lines.ts';
import type { Engine } from './engine.ts';
import type { Fee } from './search.ts';

const round2 = (amount: number) => Math.round(amount * 100) / 100;

/** The agency's extra charge among an offer's fees (spec 1 §4). */
export const customFeeOf = (fees: Fee[]) => fees.find((fee) => fee.description === CUSTOM_FEE_DESCRIPTION)?.amount ?? 0;

/** What the booking costs, line by line (US$): stored with the booking and shown in the pricing box. */
export const bookingTotalsSchema = z.object({
  fare: z.number(),
  customFee: z.number(),
  couponDiscount: z.number(),
  paymentDiscount: z.number(),
  insurance: z.number(),
  extras: z.number(),
  seats: z.number(),
  total: z.number(),
});
export type BookingTotals = z.infer<typeof bookingTotalsSchema>;

export interface BookingTotalsInput {
  /** The supplier's total for the offer (or the chosen fare family), without any CUSTOM fee. */
  fare: number;
  /** The offer's fees with the agency's CUSTOM extra charge, if any. */
  fees: Fee[];
  engine: Pick<Engine, 'isAgency' | 'discounts'>;
  paymentCode: number | null;
  /** The coupon that applies, or null. */
  coupon: DiscountLine | null;
  /** The chosen plan's trip price per traveller, or null when no plan is bought. */
  insurancePerPassenger: number | null;
  /** Every traveller, infants included (insurance is per passenger). */
  passengerCount: number;
  /** Travellers with a seat (not infants): per-passenger coupons count them. */
  seatedCount: number;
  extras: number;
  seats: number;
}

/**
 * The booking total of spec 2 §1 — fare + fees − discounts + insurance + extras + seats + baggage —
 * computed once for the server (what is charged) and the checkout's pricing box (what is shown):
 * CUSTOM only for agencies; a percentage coupon on the fare to 2 decimals, per booking or per seated
 * passenger; the terminal's payment discount only for consumers paying with its method; never below 0.
 */
export function bookingTotals(input: BookingTotalsInput): BookingTotals {
  const fare = round2(input.fare);
  const customFee = input.engine.isAgency ? customFeeOf(input.fees) : 0;
  const coupon = input.coupon;
  const couponDiscount = coupon ? round2(discountAmount(coupon, fare) * (coupon.perBooking ? 1 : input.seatedCount)) : 0;
  const paymentDiscount = input.engine.isAgency
    ? 0
    : round2(
        input.engine.discounts
          .filter((discount) => discount.apply && discount.paymentCode === input.paymentCode)
          .reduce((sum, discount) => sum + discount.value, 0),
      );
  const insurance = input.insurancePerPassenger === null ? 0 : round2(input.insurancePerPassenger * input.passengerCount);
  const extras = round2(input.extras);
  const seats = round2(input.seats);
  const total = Math.max(0, round2(fare + customFee - couponDiscount - paymentDiscount + insurance + extras + seats));
  return { fare, customFee, couponDiscount, paymentDiscount, insurance, extras, seats, total };
}
