import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import * as couponStories from '../../src/web/features/checkout/coupon/CouponForm.stories.tsx';
import * as extrasStories from '../../src/web/features/checkout/extras/ExtraBaggage.stories.tsx';
import * as fareRulesStories from '../../src/web/features/checkout/fare-rules/FareRulesModal.stories.tsx';
import * as insuranceStories from '../../src/web/features/checkout/insurance/InsuranceBlock.stories.tsx';
import * as itineraryStories from '../../src/web/features/checkout/itinerary/ItineraryHeader.stories.tsx';
import * as paymentStories from '../../src/web/features/checkout/payment/PaymentSection.stories.tsx';
import * as pricingStories from '../../src/web/features/checkout/pricing/PricingBox.stories.tsx';
import { renderPart } from './checkout-parts.tsx';
import { expectNoAxeViolations, storiesOf, type StoryModule } from './stories.ts';

const everyStory = [paymentStories, pricingStories, insuranceStories, couponStories, itineraryStories, fareRulesStories, extrasStories].flatMap((module) => storiesOf(module as unknown as StoryModule));

describe('checkout payment, pricing, insurance, coupon, itinerary and modal stories', () => {
  it.each(everyStory)('$name renders without accessibility violations', async ({ Component, props, language }) => {
    renderPart(
      <div data-testid="story">
        <Component {...props} />
      </div>,
      { language },
    );
    await screen.findByTestId('story');
    await expectNoAxeViolations();
  });
});
