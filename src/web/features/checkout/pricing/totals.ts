import { discountAmount, type AppliedCoupon, type InsuranceSelection, type SelectedExtras } from '../../../../contract/checkout.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { Fee, Pricing } from '../../../../contract/search.ts';
import { customFeeOf } from '../../../../../machines/selection.ts';

const round2 = (amount: number) => Math.round(amount * 100) / 100;

export interface CheckoutTotalsInput {
  /** The offer's pricing as the supplier priced it (recommendation or chosen fare); its total has no CUSTOM fee. */
  pricing: Pricing;
  /** The checkout's fees (context.draft.fees): the offer's fees with the agency's CUSTOM extra charge. */
  fees: Fee[];
  engine: Pick<Engine, 'isAgency' | 'discounts'>;
  paymentCode: number | null;
  coupon: AppliedCoupon | null;
  insurance: InsuranceSelection | null;
  /** Every traveller, infants included (insurance is per passenger). */
  passengerCount: number;
  /** Travellers with a seat (not infants): per-passenger coupons count them. */
  seatedCount: number;
  extras: number;
  seats: number;
}

export interface CheckoutTotals {
  fare: number;
  customFee: number;
  couponDiscount: number;
  paymentDiscount: number;
  insurance: number;
  extras: number;
  seats: number;
  total: number;
}

/**
 * The booking total (spec 2 §1): fare + fees − discounts + insurance + extras + seats + baggage, with the
 * same rules as the server's `totalsOf` (src/server/services/booking.ts) so the box shows what is charged:
 * CUSTOM only for agencies; a percentage coupon on the fare total to 2 decimals (per booking or per seated
 * passenger); the terminal's payment discount only for consumers paying with its method; insurance is
 * the plan's total per passenger times the travellers; never below zero.
 */
export function checkoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const fare = round2(input.pricing.total);
  const customFee = input.engine.isAgency ? customFeeOf(input.fees) : 0;
  const coupon = input.coupon?.apply ? input.coupon : null;
  const couponDiscount = coupon ? round2(discountAmount(coupon, fare) * (coupon.perBooking ? 1 : input.seatedCount)) : 0;
  const paymentDiscount = input.engine.isAgency
    ? 0
    : round2(
        input.engine.discounts
          .filter((discount) => discount.apply && discount.paymentCode === input.paymentCode)
          .reduce((sum, discount) => sum + discount.value, 0),
      );
  const chosenPlan = input.insurance?.isSelect && !input.insurance.isRejected && input.insurance.productSelected !== 'none';
  const insurance = chosenPlan && input.insurance ? round2(input.insurance.priceTotal * input.passengerCount) : 0;
  const extras = round2(input.extras);
  const seats = round2(input.seats);
  const total = Math.max(0, round2(fare + customFee - couponDiscount - paymentDiscount + insurance + extras + seats));
  return { fare, customFee, couponDiscount, paymentDiscount, insurance, extras, seats, total };
}

/** What the confirmed extra baggage costs (spec 2 §3 "option.totalAmount"). */
export function extrasTotal(extras: SelectedExtras | null | undefined): number {
  const options = extras?.baggage.passengers.flatMap((passenger) => passenger.options) ?? [];
  return round2(options.reduce((sum, choice) => sum + choice.option.totalAmount, 0));
}

/** Consumers see the fees inside the taxes (spec 2 §6): what the traveller pays on top of the base fare. */
export function taxesWithFees(pricing: Pricing): number {
  return round2(pricing.total - pricing.base);
}
