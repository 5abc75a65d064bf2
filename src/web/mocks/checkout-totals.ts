import { limCuzRecommendation } from '../../contract/fixtures/checkout.ts';
import type { CheckoutTotalsInput } from '../features/checkout/pricing/totals.ts';
import { mockEngine } from './handlers.ts';

/**
 * The Lima–Cusco family (4 travellers, 3 seated) priced on the consumer channel, paying by card: the
 * totals input the pricing box, the phone's total bar and their tests start from.
 */
export const consumerTotalsInput: CheckoutTotalsInput = {
  pricing: limCuzRecommendation.pricing,
  fees: limCuzRecommendation.pricing.fees,
  engine: mockEngine('9132868'),
  paymentCode: 120,
  coupon: null,
  insurance: null,
  passengerCount: 4,
  seatedCount: 3,
  extras: 0,
  seats: 0,
};
