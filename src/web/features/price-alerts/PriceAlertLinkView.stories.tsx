import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { priceAlertLinkMachine, type PriceAlertLinkContext } from '../../../../machines/price-alert-link.machine.ts';
import { ALERT_TOKEN, trackedRoute } from '../../../contract/fixtures/price-alerts.ts';
import { PriceAlertLinkView } from './PriceAlertLinkView.tsx';

function linkIn(value: StateValueFrom<typeof priceAlertLinkMachine>, context: Partial<PriceAlertLinkContext> = {}) {
  return priceAlertLinkMachine.resolveState({ value, context: { action: 'confirm', token: ALERT_TOKEN, alert: null, ...context } });
}

const meta = {
  title: 'Price alerts/PriceAlertLink',
  component: PriceAlertLinkView,
  args: { snapshot: linkIn('working'), send: fn() },
} satisfies Meta<typeof PriceAlertLinkView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

export const Confirming: Story = {};
export const ConfirmingSpanish = spanish(Confirming);
export const Confirmed: Story = { args: { snapshot: linkIn('done', { alert: { ...trackedRoute, state: 'confirmed' } }) } };
export const ConfirmedSpanish = spanish(Confirmed);
/** The unsubscribe link (or a confirm link of an alert stopped before). */
export const Unsubscribed: Story = { args: { snapshot: linkIn('done', { action: 'unsubscribe', alert: { ...trackedRoute, state: 'unsubscribed' } }) } };
export const UnsubscribedSpanish = spanish(Unsubscribed);
export const InvalidConfirmLink: Story = { args: { snapshot: linkIn('invalid') } };
export const InvalidConfirmLinkSpanish = spanish(InvalidConfirmLink);
export const InvalidUnsubscribeLink: Story = { args: { snapshot: linkIn('invalid', { action: 'unsubscribe' }) } };
export const Failed: Story = { args: { snapshot: linkIn('failed') } };
export const FailedSpanish = spanish(Failed);
