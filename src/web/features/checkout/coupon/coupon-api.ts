import { fromPromise } from 'xstate';
import { appliedCouponSchema, couponResponseSchema, PaymentProvider, type AppliedCoupon, type CouponRequestInput } from '../../../../contract/checkout.ts';
import type { Engine } from '../../../../contract/engine.ts';
import type { Session } from '../../../../contract/session.ts';
import { apiPost } from '../../../lib/api.ts';

/** What the coupon call reads of the checkout's session: the offer being booked. */
export type CouponSession = Pick<Session, 'searchParams' | 'flights' | 'recommendation' | 'selectedFare'>;

/**
 * The offer the booking will book (spec 2 §7 `markupRQ`): the chosen fare family's offer id, else the
 * recommendation id, and the chosen flights in leg order — what POST /api/flights/book sends, so the
 * server checks the code on the same offer both times.
 */
export function couponMarkupRQ(engine: Pick<Engine, 'id' | 'profile'>, session: CouponSession): CouponRequestInput['markupRQ'] {
  if (!session.recommendation || !session.flights) throw new Error('The checkout session has no offer');
  return {
    engineCode: engine.id,
    profileId: engine.profile.id,
    recommendationId: session.selectedFare?.offerId ?? session.recommendation.id,
    flightIds: [...session.flights].sort((a, b) => a.itineraryReference - b.itineraryReference).map((flight) => flight.id),
    ...(session.searchParams?.token ? { token: session.searchParams.token } : {}),
  };
}

/**
 * POST /api/engines/coupon (spec 2 §7): the discount line of a code for the chosen payment and the
 * session's offer, kept with the payment it was asked for and when (spec 2 §4). The route type is
 * left to the server, which reads it from the offer (the session's flights carry no countries).
 * Pass to `couponMachine.provide({ actors: { applyCoupon } })`, or, for the child the checkout spawns,
 * `checkoutMachine.provide({ actors: { coupon: couponMachine.provide(...) } })`. `session` may be a getter:
 * the checkout spawns the coupon child only after its session loads.
 */
export function couponApplier(engine: Pick<Engine, 'id' | 'profile'>, session: CouponSession | (() => CouponSession | null), now: () => Date = () => new Date()) {
  return fromPromise<AppliedCoupon, { code: string; paymentCode: number | null }>(async ({ input, signal }) => {
    const loaded = typeof session === 'function' ? session() : session;
    if (!loaded) throw new Error('The checkout session is not loaded yet');
    const paymentType = input.paymentCode ?? PaymentProvider.bookWithoutPayment;
    const body: CouponRequestInput = {
      promotionalCode: input.code,
      engineCode: engine.id,
      profileId: engine.profile.id,
      paymentType,
      markupRQ: couponMarkupRQ(engine, loaded),
    };
    const answer = await apiPost('/engines/coupon', body, couponResponseSchema, signal);
    return appliedCouponSchema.parse({ ...answer.data, paymentType: answer.data.paymentType ?? paymentType, appliedAt: now().toISOString() });
  });
}
