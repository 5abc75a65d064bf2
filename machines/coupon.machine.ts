import { assertEvent, assign, sendParent, setup } from 'xstate';
import { couponForcesPayment, normaliseCouponCode, type AppliedCoupon } from '../src/contract/checkout.ts';
import { notProvided } from './not-provided.ts';

export interface CouponContext {
  code: string;
  paymentCode: number | null;
  coupon: AppliedCoupon | null;
}

export type CouponEvent =
  | { type: 'coupon.apply'; code: string }
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
    storeCoupon: assign({ coupon: ({ event }) => (event as unknown as { output: AppliedCoupon }).output }),
    forget: assign({ code: '', coupon: null }),
    tellCheckout: sendParent(({ context }) => ({ type: 'coupon.changed', coupon: context.coupon?.apply ? context.coupon : null })),
    /** A 'ripley' coupon switches the payment to Banco Ripley (121), spec 3 §4. */
    switchPaymentForCoupon: sendParent(({ context }) => ({ type: 'payment.select', code: couponForcesPayment(context.code) ?? context.paymentCode ?? 0 })),
  },
  guards: {
    hasCode: ({ event }) => {
      assertEvent(event, 'coupon.apply');
      return normaliseCouponCode(event.code) !== '';
    },
    forcesPayment: ({ context }) => couponForcesPayment(context.code) !== null,
    isApplied: ({ event }) => (event as unknown as { output: AppliedCoupon }).output.apply,
  },
}).createMachine({
  id: 'coupon',
  context: ({ input }) => ({ code: '', paymentCode: input.paymentCode, coupon: null }),
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
        onError: { target: 'rejected', actions: assign({ coupon: null }) },
      },
    },
    applied: {
      entry: [{ type: 'switchPaymentForCoupon' }],
      on: {
        'coupon.apply': { guard: 'hasCode', target: 'applying', actions: 'takeCode' },
        'coupon.clear': { target: 'idle', actions: ['forget', 'tellCheckout'] },
      },
    },
    rejected: {
      on: {
        'coupon.apply': { guard: 'hasCode', target: 'applying', actions: 'takeCode' },
        'coupon.clear': { target: 'idle', actions: ['forget', 'tellCheckout'] },
      },
    },
  },
});
