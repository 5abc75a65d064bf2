import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { appliedCoupon } from '../../../../contract/fixtures/checkout.ts';
import { couponMachine, type CouponContext } from '../../../../../machines/coupon.machine.ts';
import { CouponFormView } from './CouponForm.tsx';

function couponIn(value: StateValueFrom<typeof couponMachine>, context: Partial<CouponContext> = {}) {
  return couponMachine.resolveState({ value, context: { code: '', paymentCode: 102, coupon: null, rateLimited: null, paymentBeforeCoupon: null, ...context } });
}

const meta = {
  title: 'Checkout/Coupon',
  component: CouponFormView,
  args: { snapshot: couponIn('idle'), send: fn(), paymentCode: 102, discount: 32.08 },
} satisfies Meta<typeof CouponFormView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

export const Idle: Story = {};
export const IdleSpanish = spanish(Idle);
export const Applying: Story = { args: { snapshot: couponIn('applying', { code: 'VERANO25' }) } };
export const ApplyingSpanish = spanish(Applying);
/** VERANO25 (5 %) on the Lima–Cusco fare: the discount in US$. */
export const Applied: Story = { args: { snapshot: couponIn('applied', { code: 'VERANO25', coupon: appliedCoupon }) } };
export const AppliedSpanish = spanish(Applied);
/** Rejected for the selected payment: 'Invalid code'. */
export const RejectedInvalid: Story = {
  args: { snapshot: couponIn('rejected', { code: 'NOEXISTE', coupon: { ...appliedCoupon, apply: false, promotionalCode: 'NOEXISTE', refusal: 'COUPON_INVALID' } }) },
};
export const RejectedInvalidSpanish = spanish(RejectedInvalid);
/** LATAMPLUS on a fare family it is not for: the server's refusal code, translated. */
export const RejectedNotForFare: Story = {
  args: { snapshot: couponIn('rejected', { code: 'LATAMPLUS', coupon: { ...appliedCoupon, apply: false, promotionalCode: 'LATAMPLUS', refusal: 'COUPON_NOT_FOR_FARE' } }) },
};
export const RejectedNotForFareSpanish = spanish(RejectedNotForFare);
/** A code for another payment: no 'Invalid code' (spec 2 §5). */
export const RejectedOtherPayment: Story = {
  args: { snapshot: couponIn('rejected', { code: 'OHDESCUENTO', coupon: { ...appliedCoupon, apply: false, promotionalCode: 'OHDESCUENTO', paymentType: 122, refusal: 'COUPON_OTHER_PAYMENT' } }) },
};
export const RejectedOtherPaymentSpanish = spanish(RejectedOtherPayment);
/** The coupon service did not answer. */
export const RejectedUnreachable: Story = { args: { snapshot: couponIn('rejected', { code: 'VERANO25', coupon: null }) } };
/** Too many checks from here (429): when to try again, from the answer's Retry-After. */
export const RejectedRateLimited: Story = { args: { snapshot: couponIn('rejected', { code: 'VERANO25', coupon: null, rateLimited: { retryAfterSeconds: 35 } }) }, globals: { locale: 'es' } };
export const RejectedUnreachableSpanish = spanish(RejectedUnreachable);
