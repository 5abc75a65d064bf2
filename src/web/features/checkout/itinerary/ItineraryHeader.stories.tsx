import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { limCuzFlights, limCuzSearchParams } from '../../../../contract/fixtures/checkout.ts';
import { searchRequestSchema } from '../../../../contract/search.ts';
import { ItineraryHeader } from './ItineraryHeader.tsx';

const session = { flights: limCuzFlights, searchParams: searchRequestSchema.parse(limCuzSearchParams) };

const meta = {
  title: 'Checkout/ItineraryHeader',
  component: ItineraryHeader,
  args: { session, onBack: fn() },
} satisfies Meta<typeof ItineraryHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RoundTrip: Story = {};
export const RoundTripSpanish: Story = { globals: { locale: 'es' } };
export const OneWay: Story = { args: { session: { flights: limCuzFlights.slice(0, 1), searchParams: searchRequestSchema.parse({ ...limCuzSearchParams, flightType: 'OW', itinerary: limCuzSearchParams.itinerary.slice(0, 1) }) } } };
export const RoundTripMobile: Story = { globals: { locale: 'es', viewport: { value: 'mobile1', isRotated: false } } };

/** The outbound leg opened: its airline, segments and baggage. */
export const OutboundDetailsOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [outbound] = canvas.getAllByRole('button', { name: 'Flight details' });
    await userEvent.click(outbound!);
    await expect(await canvas.findAllByRole('heading', { name: 'Baggage' })).toHaveLength(1);
  },
};
