import { fromPromise } from 'xstate';
import { appliedCouponSchema, couponResponseSchema, PaymentProvider, type AppliedCoupon, type CouponRequestInput } from '../../../../contract/checkout.ts';
import type { Engine } from '../../../../contract/engine.ts';
import { apiPost } from '../../../lib/api.ts';

export interface CouponOffer {
  engine: Pick<Engine, 'id' | 'profile'>;
  /** NATIONAL or INTERNATIONAL. */
  routeType?: string;
  /** The offer the code must fit (provider, fare family): recommendation id and flight ids. */
  markupRQ?: CouponRequestInput['markupRQ'];
}

/**
 * POST /api/engines/coupon (spec 2 §7): the discount line of a code for the chosen payment, kept with
 * the payment it was asked for and when (spec 2 §4). Pass to `couponMachine.provide({ actors: { applyCoupon } })`,
 * or, for the child the checkout spawns, `checkoutMachine.provide({ actors: { coupon: couponMachine.provide(...) } })`.
 */
export function couponApplier(offer: CouponOffer, now: () => Date = () => new Date()) {
  return fromPromise<AppliedCoupon, { code: string; paymentCode: number | null }>(async ({ input, signal }) => {
    const paymentType = input.paymentCode ?? PaymentProvider.bookWithoutPayment;
    const body: CouponRequestInput = {
      promotionalCode: input.code,
      engineCode: offer.engine.id,
      profileId: offer.engine.profile.id,
      paymentType,
      ...(offer.routeType ? { routeType: offer.routeType } : {}),
      ...(offer.markupRQ ? { markupRQ: offer.markupRQ } : {}),
    };
    const answer = await apiPost('/engines/coupon', body, couponResponseSchema, signal);
    return appliedCouponSchema.parse({ ...answer.data, paymentType: answer.data.paymentType ?? paymentType, appliedAt: now().toISOString() });
  });
}
