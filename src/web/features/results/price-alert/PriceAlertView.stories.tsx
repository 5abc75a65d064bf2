import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { priceAlertMachine, type PriceAlertContext } from '../../../../../machines/price-alert.machine.ts';
import { engineFixtures } from '../../../../contract/fixtures/engines.ts';
import { priceCalendarRequest } from '../../../../contract/fixtures/price-calendar.ts';
import { trackedRoute } from '../../../../contract/fixtures/price-alerts.ts';
import { PriceAlertView } from './PriceAlertView.tsx';

function alertIn(value: StateValueFrom<typeof priceAlertMachine>, context: Partial<PriceAlertContext> = {}) {
  return priceAlertMachine.resolveState({
    value,
    context: { request: priceCalendarRequest('2026-12-19'), language: 'en', email: '', emailInvalid: false, alert: null, failure: null, retryAfterSeconds: null, ...context },
  });
}

const meta = {
  title: 'Results/PriceAlert',
  component: PriceAlertView,
  args: { state: alertIn('idle'), send: fn(), currency: engineFixtures[0]!.currency },
} satisfies Meta<typeof PriceAlertView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });
const typed = { email: 'ana@example.com' };

/** The button on results; pressing it opens the dialog. */
export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Track price' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'alert.open' });
  },
};
export const IdleSpanish = spanish({ ...Idle, play: undefined });
export const Editing: Story = { args: { state: alertIn('editing', typed) } };
export const EditingSpanish = spanish(Editing);
/** Sent with something that is not an address: the field says so, nothing was asked. */
export const EditingInvalidEmail: Story = { args: { state: alertIn('editing', { email: 'ana@', emailInvalid: true }) } };
export const EditingInvalidEmailSpanish = spanish(EditingInvalidEmail);
export const Submitting: Story = { args: { state: alertIn('submitting', typed) } };
export const SubmittingSpanish = spanish(Submitting);
export const AwaitingConfirmation: Story = { args: { state: alertIn('awaitingConfirmation', { ...typed, alert: trackedRoute }) } };
export const AwaitingConfirmationSpanish = spanish(AwaitingConfirmation);
export const AlreadyTracking: Story = { args: { state: alertIn('alreadyTracking', { ...typed, alert: trackedRoute }) } };
export const AlreadyTrackingSpanish = spanish(AlreadyTracking);
export const NotSold: Story = { args: { state: alertIn('notSold', typed) } };
export const NotSoldSpanish = spanish(NotSold);
export const Failed: Story = { args: { state: alertIn('failed', { ...typed, failure: 'unavailable' }) } };
export const FailedSpanish = spanish(Failed);
export const FailedRateLimited: Story = { args: { state: alertIn('failed', { ...typed, failure: 'rateLimited', retryAfterSeconds: 1200 }) } };
export const FailedRateLimitedSpanish = spanish(FailedRateLimited);
