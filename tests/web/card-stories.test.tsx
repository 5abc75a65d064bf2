import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import * as bannerStories from '../../src/web/features/results/banners/Banners.stories.tsx';
import * as cardStories from '../../src/web/features/results/card/RecommendationCard.stories.tsx';
import * as fareFamiliesStories from '../../src/web/features/results/fare-families/FareFamiliesModal.stories.tsx';
import { renderOnResultsPage } from './card-harness.tsx';
import { expectNoAxeViolations, storiesOf } from './stories.ts';

const everyStory = [...storiesOf(cardStories), ...storiesOf(fareFamiliesStories), ...storiesOf(bannerStories)];

describe('results card, fare families and banner stories', () => {
  it.each(everyStory)('$name renders without accessibility violations', async ({ Component, props, language }) => {
    renderOnResultsPage(
      <div data-testid="story">
        <Component {...props} />
      </div>,
      { language },
    );
    await screen.findByTestId('story');
    await expectNoAxeViolations();
  });
});
