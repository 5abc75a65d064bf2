import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { languageSchema } from '../../src/contract/common.ts';
import * as couponStories from '../../src/web/features/checkout/coupon/CouponForm.stories.tsx';
import * as extrasStories from '../../src/web/features/checkout/extras/ExtraBaggage.stories.tsx';
import * as fareRulesStories from '../../src/web/features/checkout/fare-rules/FareRulesModal.stories.tsx';
import * as insuranceStories from '../../src/web/features/checkout/insurance/InsuranceBlock.stories.tsx';
import * as itineraryStories from '../../src/web/features/checkout/itinerary/ItineraryHeader.stories.tsx';
import * as paymentStories from '../../src/web/features/checkout/payment/PaymentSection.stories.tsx';
import * as pricingStories from '../../src/web/features/checkout/pricing/PricingBox.stories.tsx';
import { renderPart } from './checkout-parts.tsx';

interface StoryModule {
  default: { title: string; component: ComponentType<never>; args?: object };
  [name: string]: unknown;
}

/** Each story of a file as Storybook renders it: the meta's component with the story's args and language. */
function storiesOf(module: StoryModule) {
  const { default: meta, ...stories } = module;
  return Object.entries(stories).map(([name, story]) => {
    const { args, globals } = story as { args?: object; globals?: { locale?: string } };
    return { name: `${meta.title} ${name}`, Component: meta.component as ComponentType<object>, props: { ...meta.args, ...args }, language: languageSchema.catch('en').parse(globals?.locale) };
  });
}

HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

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
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
