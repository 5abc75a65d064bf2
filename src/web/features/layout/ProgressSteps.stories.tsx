import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressSteps } from './ProgressSteps.tsx';

const meta = {
  title: 'Layout/ProgressSteps',
  component: ProgressSteps,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ProgressSteps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SelectFlight: Story = { args: { activeStep: 0 }, globals: { locale: 'en' } };
export const SelectFlightSpanish: Story = { args: { activeStep: 0 }, globals: { locale: 'es' } };
export const CompleteData: Story = { args: { activeStep: 1 }, globals: { locale: 'en' } };
export const CompleteDataSpanish: Story = { args: { activeStep: 1 }, globals: { locale: 'es' } };
export const FinishBooking: Story = { args: { activeStep: 2 }, globals: { locale: 'en' } };
export const FinishBookingSpanish: Story = { args: { activeStep: 2 }, globals: { locale: 'es' } };
