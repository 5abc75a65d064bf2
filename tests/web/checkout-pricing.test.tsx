import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppliedCoupon } from '../../src/contract/checkout.ts';
import { appliedCoupon, insuranceSelection, limCuzRecommendation, selectedExtras } from '../../src/contract/fixtures/checkout.ts';
import { engineFixtures } from '../../src/contract/fixtures/engines.ts';
import { PricingBoxView } from '../../src/web/features/checkout/pricing/PricingBox.tsx';
import { consumerTotalsInput } from '../../src/web/mocks/checkout-totals.ts';
import { checkoutTotals, extrasTotal, type CheckoutTotalsInput } from '../../src/web/features/checkout/pricing/totals.ts';
import { renderPart } from './checkout-parts.tsx';

const consumer = engineFixtures.find((engine) => engine.id === '9132868')!;
const agency = engineFixtures.find((engine) => engine.id === '2113855')!;
const pricing = limCuzRecommendation.pricing;

const base: CheckoutTotalsInput = { ...consumerTotalsInput, engine: consumer };

describe('checkout total', () => {
  it('is the fare for a consumer paying by card', () => {
    expect(checkoutTotals(base)).toEqual({ fare: 641.69, customFee: 0, couponDiscount: 0, paymentDiscount: 0, insurance: 0, extras: 0, seats: 0, total: 641.69 });
  });

  it('takes the terminal payment discount for consumers only (US$ 10 paying 102 on 9132868)', () => {
    expect(checkoutTotals({ ...base, paymentCode: 102 }).total).toBe(631.69);
    expect(checkoutTotals({ ...base, paymentCode: 102, engine: { ...agency, discounts: consumer.discounts } }).paymentDiscount).toBe(0);
  });

  it('takes a percentage coupon off the fare total to 2 decimals, per booking or per seated passenger', () => {
    expect(checkoutTotals({ ...base, coupon: appliedCoupon }).couponDiscount).toBe(32.08);
    const perPassenger: AppliedCoupon = { ...appliedCoupon, percentage: false, amount: 10, perBooking: false };
    expect(checkoutTotals({ ...base, coupon: perPassenger }).couponDiscount).toBe(30);
    expect(checkoutTotals({ ...base, coupon: { ...appliedCoupon, apply: false } }).couponDiscount).toBe(0);
  });

  it('adds the insurance plan per passenger, extras and seats', () => {
    const totals = checkoutTotals({ ...base, insurance: insuranceSelection, extras: extrasTotal(selectedExtras), seats: 24 });
    expect(totals.insurance).toBe(417.6);
    expect(totals.extras).toBe(60);
    expect(totals.total).toBe(1143.29);
    expect(checkoutTotals({ ...base, insurance: { ...insuranceSelection, productSelected: 'none' } }).insurance).toBe(0);
  });

  it('adds the CUSTOM extra charge only for agencies', () => {
    const fees = [...pricing.fees, { description: 'CUSTOM' as const, amount: 25.5 }];
    expect(checkoutTotals({ ...base, fees }).customFee).toBe(0);
    expect(checkoutTotals({ ...base, fees, engine: agency }).total).toBe(667.19);
  });

  it('never goes below zero', () => {
    expect(checkoutTotals({ ...base, coupon: { ...appliedCoupon, percentage: false, amount: 5000 } }).total).toBe(0);
  });
});

describe('pricing box', () => {
  it('shows consumers the fare and taxes with the fees merged, in US$ with cents and thousands', () => {
    const totals = checkoutTotals({ ...base, insurance: insuranceSelection, extras: 60, seats: 24 });
    renderPart(<PricingBoxView pricing={pricing} fees={pricing.fees} totals={totals} isAgencyView={false} insurance={insuranceSelection} />);
    const box = screen.getByRole('complementary', { name: 'Price summary' });
    expect(within(box).getByText('Fare').nextElementSibling!.textContent).toBe('US$ 484.50');
    expect(within(box).getByText('Taxes and fees').nextElementSibling!.textContent).toBe('US$ 157.19');
    expect(within(box).getByText('Total to pay').nextElementSibling!.textContent).toBe('US$ 1,143.29');
    expect(within(box).queryByText('Agency fee')).toBeNull();
  });

  it('shows agencies per-passenger lines, the agency fee and the extra charge, and sends the markup', async () => {
    const onCustomMarkup = vi.fn<(value: string) => void>();
    const fees = [...pricing.fees, { description: 'CUSTOM' as const, amount: 25.5 }];
    const totals = checkoutTotals({ ...base, fees, engine: agency });
    const { user } = renderPart(<PricingBoxView pricing={pricing} fees={fees} totals={totals} isAgencyView insurance={null} onCustomMarkup={onCustomMarkup} />);
    expect(screen.getByText('2 adults')).toBeTruthy();
    expect(screen.getAllByText('Base fare per passenger')).toHaveLength(3);
    expect(screen.getByText('Agency fee').nextElementSibling!.textContent).toBe('US$ 20.00');
    expect(screen.getByText('Extra charge').nextElementSibling!.textContent).toBe('US$ 25.50');
    await user.click(screen.getByRole('button', { name: 'Add extra charge' }));
    const field = screen.getByRole('textbox', { name: 'Extra charge (US$)' });
    await user.clear(field);
    for (const wrong of ['-5', 'abc']) {
      await user.clear(field);
      await user.type(field, wrong);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(screen.getByText('Enter an amount such as 15 or 15.50.')).toBeTruthy();
    }
    expect(onCustomMarkup).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onCustomMarkup).toHaveBeenCalledWith('40');
    expect(screen.queryByText('Enter an amount such as 15 or 15.50.')).toBeNull();
  });
});
