import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { mockEngine } from '../../mocks/handlers.ts';
import { journeyOffers } from './card/journey-offers.ts';
import { FilterBar } from './FilterBar.tsx';

/**
 * The filter bar with journey quality (issue 21) on the Lima–Boston journeys: maximum journey time,
 * maximum layover and the connecting airports with their counts; "best" says how it orders.
 */
const meta = {
  title: 'Results/FilterBar',
  component: FilterBar,
  parameters: { layout: 'padded' },
  args: {
    data: journeyOffers,
    criteria: {},
    sort: 'best',
    isFiltered: false,
    flightType: 'OW',
    currency: mockEngine('9132868').currency,
    send: fn(),
  },
} satisfies Meta<typeof FilterBar>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });
const onPhone = (story: Story): Story => ({ ...story, globals: { ...story.globals, viewport: { value: 'mobile1', isRotated: false } } });

export const JourneyFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: /BOG/ })).toBeChecked();
    await expect(canvas.getByText('Sorted by a mix of price, total duration and number of stops.')).toBeVisible();
  },
};
export const JourneyFiltersSpanish = spanish({});
export const JourneyFiltersMobile = onPhone({});

/** Layovers up to 6 h and no connection at JFK, sorted cheapest (no explanation then). */
export const JourneyFiltersChosen: Story = {
  args: { criteria: { maxLayover: 360, maxDuration: 900, excludedConnections: ['JFK'] }, isFiltered: true, sort: 'cheapest' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: /JFK/ })).not.toBeChecked();
    await expect(canvas.queryByText('Sorted by a mix of price, total duration and number of stops.')).toBeNull();
  },
};
export const JourneyFiltersChosenSpanish = spanish({ args: JourneyFiltersChosen.args });
export const JourneyFiltersChosenMobileSpanish = spanish(onPhone({ args: JourneyFiltersChosen.args }));
