import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { couponMachine } from '../../machines/coupon.machine.ts';
import type { AppliedCoupon } from '../../src/contract/checkout.ts';
import { appliedCoupon as accepted } from './plans.ts';

/** The coupon box's machine on live (fake) calls: what it asks the server, and when. */
describe('coupon machine, asking the server', () => {
  /** A coupon actor whose calls answer from `answer` and are recorded. */
  function liveCoupon(answer: (code: string, paymentCode: number | null) => AppliedCoupon) {
    const calls: Array<{ code: string; paymentCode: number | null }> = [];
    const machine = couponMachine.provide({
      actors: {
        applyCoupon: fromPromise<AppliedCoupon, { code: string; paymentCode: number | null }>(async ({ input }) => {
          calls.push(input);
          return answer(input.code, input.paymentCode);
        }),
      },
      actions: { tellCheckout: () => {}, switchPaymentForCoupon: () => {} },
    });
    const actor = createActor(machine, { input: { paymentCode: 102 } }).start();
    const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('applying'));
    return { actor, calls, settled };
  }
  const refused = (code: string, paymentType: number, refusal: AppliedCoupon['refusal']): AppliedCoupon => ({ ...accepted, apply: false, amount: 0, promotionalCode: code, paymentType, refusal });

  it('checks a new code after an invalid one, and editing the field clears the refusal', async () => {
    const { actor, calls, settled } = liveCoupon((code, paymentCode) => (code === 'BIENVENIDA10' ? { ...accepted, promotionalCode: code, paymentType: paymentCode ?? 102 } : refused(code, paymentCode ?? 102, 'COUPON_INVALID')));
    actor.send({ type: 'coupon.apply', code: 'noexiste' });
    await settled();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.coupon?.refusal).toBe('COUPON_INVALID');
    actor.send({ type: 'coupon.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.coupon).toBeNull();
    actor.send({ type: 'coupon.apply', code: 'bienvenida 10' });
    await settled();
    expect(actor.getSnapshot().value).toBe('applied');
    // Straight from the refusal too, without editing: the new code is checked.
    actor.send({ type: 'coupon.apply', code: 'noexiste' });
    await settled();
    actor.send({ type: 'coupon.apply', code: 'bienvenida10' });
    await settled();
    expect(actor.getSnapshot().value).toBe('applied');
    expect(calls.map((call) => call.code)).toEqual(['NOEXISTE', 'BIENVENIDA10', 'NOEXISTE', 'BIENVENIDA10']);
  });

  it('checks the code again when the payment changes, as the booking will check it with that payment', async () => {
    const { actor, calls, settled } = liveCoupon((code, paymentCode) =>
      paymentCode === 102 || paymentCode === 103 ? { ...accepted, promotionalCode: code, paymentType: paymentCode } : refused(code, 102, 'COUPON_OTHER_PAYMENT'),
    );
    actor.send({ type: 'coupon.apply', code: 'verano25' });
    await settled();
    actor.send({ type: 'payment.changed', paymentCode: 102 });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'payment.changed', paymentCode: 120 });
    await settled();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.coupon?.refusal).toBe('COUPON_OTHER_PAYMENT');
    actor.send({ type: 'payment.changed', paymentCode: 103 });
    await settled();
    expect(actor.getSnapshot().value).toBe('applied');
    expect(calls).toEqual([
      { code: 'VERANO25', paymentCode: 102 },
      { code: 'VERANO25', paymentCode: 120 },
      { code: 'VERANO25', paymentCode: 103 },
    ]);
  });
});
