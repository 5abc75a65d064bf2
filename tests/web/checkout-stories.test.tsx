import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import * as checkoutStories from '../../src/web/features/checkout/CheckoutView.stories.tsx';
import * as checkboxStories from '../../src/web/ui/Checkbox.stories.tsx';
import * as dateSelectsStories from '../../src/web/ui/DateSelects.stories.tsx';
import * as fieldSelectStories from '../../src/web/ui/FieldSelect.stories.tsx';
import { renderPart } from './checkout-parts.tsx';
import { expectNoAxeViolations, storiesOf, type StoryModule } from './stories.ts';

const everyStory = [checkoutStories, checkboxStories, fieldSelectStories, dateSelectsStories].flatMap((module) => storiesOf(module as unknown as StoryModule));

describe('checkout page stories (every state of the checkout machine) and the form primitives', () => {
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
