import { describe, expect, it } from 'vitest';
import { paymentScreenOfOrder } from '../../machines/booking-confirmation.rules.ts';

describe('the screen of an order that may be past its deadline', () => {
  it('reads a pending order past its deadline as expired, and leaves every other status as it is', () => {
    expect([0, 1, 2].map((status) => paymentScreenOfOrder(status, true))).toEqual(['expired', 'expired', 'expired']);
    expect([0, 1, 2].map((status) => paymentScreenOfOrder(status, false))).toEqual(['pending', 'pending', 'pending']);
    expect([3, 5, 7, 4].map((status) => paymentScreenOfOrder(status, true))).toEqual(['paid', 'cancelled', 'expired', 'error']);
  });
});
