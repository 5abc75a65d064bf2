import { assertEvent, assign, enqueueActions, sendParent, setup } from 'xstate';
import { couponForcesPayment, normaliseCouponCode, type AppliedCoupon } from '../src/contract/checkout.ts';
import { notProvided } from './not-provided.ts';
import { rateLimitOf, type RateLimited } from './rate-limit.ts';

export interface CouponContext {
  code: string;
  paymentCode: number | null;
  coupon: AppliedCoupon | null;
  /** The check was refused for too many requests (429), with its wait; null for any other outcome. */
  rateLimited: RateLimited | null;
  /** The payment chosen before a code switched it (Banco Ripley): it comes back when the code is removed. */
  paymentBeforeCoupon: number | null;
}

export type CouponEvent =
  | { type: 'coupon.apply'; code: string }
  /** The field was edited: a refusal of the previous code no longer stands. */
  | { type: 'coupon.edit' }
  | { type: 'coupon.clear' }
  | { type: 'payment.changed'; paymentCode: number | null };

/** The 'Invalid code' message shows only when the coupon's payment code matches the selected payment (spec 2 §5). */
export const showsInvalidCoupon = (coupon: AppliedCoupon | null, paymentCode: number | null) =>
  coupon !== null && !coupon.apply && coupon.paymentType === paymentCode;

export const couponMachine = setup({
  types: { context: {} as CouponContext, events: {} as CouponEvent, input: {} as { paymentCode: number | null } },
  actors: { applyCoupon: notProvided<AppliedCoupon, { code: string; paymentCode: number | null }>('applyCoupon') },
  actions: {
    /** Spaces removed and upper-cased (spec 2 §5). */
    takeCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'coupon.apply');
        return normaliseCouponCode(event.code);
      },
    }),
    takePayment: assign({
      paymentCode: ({ event }) => {
        assertEvent(event, 'payment.changed');
        return event.paymentCode;
      },
    }),
    storeCoupon: assign({ coupon: ({ event }) => (event as unknown as { output: AppliedCoupon }).output, rateLimited: null }),
    forget: assign({ code: '', coupon: null, rateLimited: null, paymentBeforeCoupon: null }),
    /** Removing a code that switched the payment gives the traveller's own choice back, not a method they never picked. */
    restorePayment: enqueueActions(({ context, enqueue }) => {
      const forced = couponForcesPayment(context.code);
      if (context.paymentBeforeCoupon !== null && forced !== null && context.paymentCode === forced) {
        enqueue(sendParent({ type: 'payment.select', code: context.paymentBeforeCoupon }));
      }
    }),
    forgetRefusal: assign({ coupon: null, rateLimited: null }),
    tellCheckout: sendParent(({ context }) => ({ type: 'coupon.changed', coupon: context.coupon?.apply ? context.coupon : null })),
    /**
     * A 'ripley' coupon switches the payment to Banco Ripley (121), spec 3 §4. Any other code leaves the
     * payment (and the card typed for it) as it is.
     */
    switchPaymentForCoupon: enqueueActions(({ context, enqueue }) => {
      const forced = couponForcesPayment(context.code);
      if (forced !== null && forced !== context.paymentCode) {
        enqueue.assign({ paymentBeforeCoupon: context.paymentCode });
        enqueue(sendParent({ type: 'payment.select', code: forced }));
      }
    }),
  },
  guards: {
    hasCode: ({ event }) => {
      assertEvent(event, 'coupon.apply');
      return normaliseCouponCode(event.code) !== '';
    },
    /** The applied code was checked for another payment: the booking will check it with this one, so check again. */
    appliedForAnotherPayment: ({ context, event }) => {
      assertEvent(event, 'payment.changed');
      return context.coupon !== null && event.paymentCode !== context.coupon.paymentType;
    },
    /** The code was refused for its payment only, and the payment changed: it may apply now. */
    refusedForThePayment: ({ context, event }) => {
      assertEvent(event, 'payment.changed');
      return context.coupon?.refusal === 'COUPON_OTHER_PAYMENT' && event.paymentCode !== context.paymentCode;
    },
    isApplied: ({ event }) => (event as unknown as { output: AppliedCoupon }).output.apply,
  },
}).createMachine({
  id: 'coupon',
  context: ({ input }) => ({ code: '', paymentCode: input.paymentCode, coupon: null, rateLimited: null, paymentBeforeCoupon: null }),
  initial: 'idle',
  on: { 'payment.changed': { actions: 'takePayment' } },
  states: {
    idle: { on: { 'coupon.apply': { guard: 'hasCode', target: 'applying', actions: 'takeCode' } } },
    applying: {
      invoke: {
        id: 'applyCoupon',
        src: 'applyCoupon',
        input: ({ context }) => ({ code: context.code, paymentCode: context.paymentCode }),
        onDone: [
          { guard: 'isApplied', target: 'applied', actions: ['storeCoupon', 'tellCheckout'] },
          { target: 'rejected', actions: ['storeCoupon', 'tellCheckout'] },
        ],
        onError: { target: 'rejected', actions: assign({ coupon: null, rateLimited: ({ event }) => rateLimitOf(event.error) }) },
      },
    },
    applied: {
      entry: 'switchPaymentForCoupon',
      on: {
        'coupon.apply': { guard: 'hasCode', target: 'applying', actions: 'takeCode' },
        'coupon.clear': { target: 'idle', actions: ['restorePayment', 'forget', 'tellCheckout'] },
        'payment.changed': { guard: 'appliedForAnotherPayment', target: 'applying', actions: 'takePayment' },
      },
    },
    /** Refused (or unchecked): a new code is checked again, and editing the field clears the stale message. */
    rejected: {
      on: {
        'coupon.apply': { guard: 'hasCode', target: 'applying', actions: 'takeCode' },
        'coupon.edit': { target: 'idle', actions: 'forgetRefusal' },
        'coupon.clear': { target: 'idle', actions: ['forget', 'tellCheckout'] },
        'payment.changed': { guard: 'refusedForThePayment', target: 'applying', actions: 'takePayment' },
      },
    },
  },
});
