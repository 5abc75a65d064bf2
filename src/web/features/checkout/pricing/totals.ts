import type { AppliedCoupon, InsuranceSelection, SelectedExtras } from '../../../../contract/checkout.ts';
import { bookingTotals, type BookingTotals } from '../../../../contract/checkout-totals.ts';
import type { CheckoutContext } from '../../../../../machines/checkout.machine.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { Fee, Pricing } from '../../../../contract/search.ts';

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

export type CheckoutTotals = BookingTotals;

/** The pricing box shows what the server will charge: the one totals rule of the contract. */
export function checkoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const plan = input.insurance;
  const buysPlan = plan !== null && plan.isSelect && !plan.isRejected && plan.productSelected !== 'none';
  return bookingTotals({
    fare: input.pricing.total,
    fees: input.fees,
    engine: input.engine,
    paymentCode: input.paymentCode,
    coupon: input.coupon?.apply ? input.coupon : null,
    insurancePerPassenger: buysPlan ? plan.priceTotal : null,
    passengerCount: input.passengerCount,
    seatedCount: input.seatedCount,
    extras: input.extras,
    seats: input.seats,
  });
}

/** The totals of the checkout as it stands: the chosen fare (else the offer) with the draft's fees, payment, coupon and insurance. */
export function totalsOfCheckout(context: CheckoutContext, extras = 0, seats = 0): CheckoutTotals | null {
  const pricing = context.session?.selectedFare?.pricing ?? context.session?.recommendation?.pricing;
  if (!pricing) return null;
  const passengers = context.draft.passengers;
  return checkoutTotals({
    pricing,
    fees: context.draft.fees,
    engine: context.engine,
    paymentCode: context.draft.paymentCode,
    coupon: context.draft.coupon,
    insurance: context.draft.insurance.selection,
    passengerCount: passengers.length,
    seatedCount: passengers.filter((passenger) => passenger.type !== 'INF').length,
    extras,
    seats,
  });
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
