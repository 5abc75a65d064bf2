import type { Viewport } from 'storybook/viewport';

/**
 * The two widths every story is designed and checked at. The toolbar offers them to designers
 * (.storybook/preview.tsx), and the storybook Vitest project renders and axe-checks every story once
 * per width (vitest.config.ts), so a story that breaks on a phone fails the test command.
 */
export const storyViewports = {
  mobile: { name: 'Mobile (375 × 812)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
  desktop: { name: 'Desktop (1280 × 800)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const satisfies Record<string, Viewport>;

export type StoryViewportName = keyof typeof storyViewports;

/**
 * The toolbar's widths: the two above, plus Storybook's 320 px `mobile1` (the smallest phones), which
 * some stories pin with `globals: { viewport: { value: 'mobile1' } }` and then run at in both instances.
 */
export const toolbarViewports = {
  mobile1: { name: 'Small mobile (320 × 568)', styles: { width: '320px', height: '568px' }, type: 'mobile' },
  ...storyViewports,
} as const satisfies Record<string, Viewport>;
