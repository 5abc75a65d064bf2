import type { Meta, StoryObj } from '@storybook/react-vite';
import { appliedCoupon, insuranceSelection, limCuzRecommendation } from '../../../../contract/fixtures/checkout.ts';
import { consumerTotalsInput } from '../../../mocks/checkout-totals.ts';
import { mockEngine } from '../../../mocks/handlers.ts';
import { TotalBarView } from './PricingBox.tsx';
import { checkoutTotals, type CheckoutTotalsInput } from './totals.ts';

const pricing = limCuzRecommendation.pricing;
const input: CheckoutTotalsInput = { ...consumerTotalsInput, paymentCode: 102, coupon: appliedCoupon, insurance: insuranceSelection };

/** The checkout's total bar on a phone: pinned to the bottom, the pricing box's lines on demand. */
const meta = {
  title: 'Checkout/TotalBar',
  component: TotalBarView,
  args: { pricing, fees: pricing.fees, totals: checkoutTotals(input), isAgencyView: false, insurance: insuranceSelection, couponCode: 'VERANO25' },
} satisfies Meta<typeof TotalBarView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = { globals: { locale: 'en' } };
export const CollapsedSpanish: Story = { globals: { locale: 'es' } };
/** The breakdown open above the total: the same lines as the pricing box. */
export const Expanded: Story = { args: { defaultExpanded: true }, globals: { locale: 'en' } };
export const ExpandedSpanish: Story = { args: { defaultExpanded: true }, globals: { locale: 'es' } };
/** An agency in B2B mode: per-passenger lines and the agency fee. */
export const ExpandedAgency: Story = {
  args: {
    defaultExpanded: true,
    isAgencyView: true,
    insurance: null,
    couponCode: null,
    totals: checkoutTotals({ ...input, engine: mockEngine('2113855'), paymentCode: 103, coupon: null, insurance: null }),
  },
  globals: { locale: 'es' },
};
