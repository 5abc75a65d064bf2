import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import * as bannerStories from '../../src/web/features/results/banners/Banners.stories.tsx';
import * as cardStories from '../../src/web/features/results/card/RecommendationCard.stories.tsx';
import * as fareFamiliesStories from '../../src/web/features/results/fare-families/FareFamiliesModal.stories.tsx';
import { languageSchema } from '../../src/contract/common.ts';
import { renderOnResultsPage } from './card-harness.tsx';

interface StoryModule {
  default: { component: ComponentType<never>; args?: object };
  [name: string]: unknown;
}

/** Each story of a file as the Storybook renders it: the meta's component with the story's args and language. */
function storiesOf(module: StoryModule) {
  const { default: meta, ...stories } = module;
  return Object.entries(stories).map(([name, story]) => {
    const { args, globals } = story as { args?: object; globals?: { locale?: string } };
    return { name, Component: meta.component as ComponentType<object>, props: { ...meta.args, ...args }, language: languageSchema.catch('en').parse(globals?.locale) };
  });
}

// jsdom has no canvas; axe only probes it for icon fonts, so "no canvas" is an honest answer.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

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
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
