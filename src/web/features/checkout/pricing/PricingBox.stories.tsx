import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { appliedCoupon, insuranceSelection, limCuzRecommendation } from '../../../../contract/fixtures/checkout.ts';
import { consumerTotalsInput } from '../../../mocks/checkout-totals.ts';
import { mockEngine } from '../../../mocks/handlers.ts';
import { PricingBoxView } from './PricingBox.tsx';
import { checkoutTotals, type CheckoutTotalsInput } from './totals.ts';

const pricing = limCuzRecommendation.pricing;
const consumerInput = consumerTotalsInput;
const agencyFees = [...pricing.fees, { description: 'CUSTOM' as const, amount: 25.5 }];
const agencyInput: CheckoutTotalsInput = { ...consumerInput, engine: mockEngine('2113855'), fees: agencyFees, paymentCode: 103 };

const meta = {
  title: 'Checkout/PricingBox',
  component: PricingBoxView,
  args: { pricing, fees: pricing.fees, totals: checkoutTotals(consumerInput), isAgencyView: false, insurance: null, onCustomMarkup: fn() },
} satisfies Meta<typeof PricingBoxView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });
const mobile = (story: Story): Story => ({ ...story, globals: { ...story.globals, viewport: { value: 'mobile1', isRotated: false } } });

export const Consumer: Story = {};
export const ConsumerSpanish = spanish(Consumer);
export const ConsumerMobile = mobile(spanish(Consumer));
/** Coupon, PagoEfectivo discount, insurance plan 2, a bag and a seat. */
export const ConsumerEverything: Story = {
  args: {
    totals: checkoutTotals({ ...consumerInput, paymentCode: 102, coupon: appliedCoupon, insurance: insuranceSelection, extras: 30, seats: 24 }),
    insurance: insuranceSelection,
    couponCode: 'VERANO25',
  },
};
export const ConsumerEverythingSpanish = spanish(ConsumerEverything);
export const Agency: Story = { args: { fees: agencyFees, totals: checkoutTotals(agencyInput), isAgencyView: true } };
export const AgencySpanish = spanish(Agency);
export const AgencyMobile = mobile(Agency);
export const AgencyWithInsuranceFee: Story = {
  args: { fees: agencyFees, totals: checkoutTotals({ ...agencyInput, insurance: { ...insuranceSelection, feeAgency: 4.5 } }), isAgencyView: true, insurance: { ...insuranceSelection, feeAgency: 4.5 } },
};
export const Sticky: Story = { args: { sticky: true } };
