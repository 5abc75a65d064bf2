import type { ComponentType } from 'react';
import axe from 'axe-core';
import { expect } from 'vitest';
import { languageSchema } from '../../src/contract/common.ts';

export interface StoryModule {
  default: { title?: string; component: ComponentType<never>; args?: object };
  [name: string]: unknown;
}

/** Each story of a file as Storybook renders it: the meta's component with the story's args and language. */
export function storiesOf(module: StoryModule) {
  const { default: meta, ...stories } = module;
  return Object.entries(stories).map(([name, story]) => {
    const { args, globals } = story as { args?: object; globals?: { locale?: string } };
    return {
      name: meta.title ? `${meta.title} ${name}` : name,
      Component: meta.component as ComponentType<object>,
      props: { ...meta.args, ...args },
      language: languageSchema.catch('en').parse(globals?.locale),
    };
  });
}

// jsdom has no canvas; axe only probes it for icon fonts, so "no canvas" is an honest answer.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

/**
 * axe over the rendered story. Colour contrast needs real layout (the e2e axe checks cover it in
 * Chromium) and a lone story has no page landmarks, so those two rules are left to the page tests.
 */
export async function expectNoAxeViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}
