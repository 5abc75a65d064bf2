import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BagsSelector } from './BagsSelector.tsx';

/** The bags selector of the results page (issue 21): carry-on and checked bags per traveller, and "carry-on included". */
const meta = {
  title: 'Results/BagsSelector',
  component: BagsSelector,
  parameters: { layout: 'padded' },
  args: { bags: { carryOn: 0, checked: 0 }, carryOnIncluded: false, send: fn() },
} satisfies Meta<typeof BagsSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });
const onPhone = (story: Story): Story => ({ ...story, globals: { ...story.globals, viewport: { value: 'mobile1', isRotated: false } } });

/** No bags: choosing one checked bag sends the choice, the carry-on kept. */
export const NoBags: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('radiogroup', { name: 'Checked bags' })).getByRole('radio', { name: '1' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'bags.select', bags: { carryOn: 0, checked: 1 } });
  },
};
export const NoBagsSpanish = spanish({});
export const NoBagsMobile = onPhone({});

/** A carry-on and two checked bags each, only fares with a carry-on included. */
export const BagsChosen: Story = { args: { bags: { carryOn: 1, checked: 2 }, carryOnIncluded: true } };
export const BagsChosenSpanish = spanish(BagsChosen);
export const BagsChosenMobileSpanish = spanish(onPhone(BagsChosen));
