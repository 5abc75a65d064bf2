import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { acuotazPaymentMachine } from '../../../../machines/acuotaz-payment.machine.ts';
import { ACUOTAZ_PAGE_TOKEN } from '../../../contract/fixtures/confirmation.ts';
import { MOCK_ACUOTAZ_PAGE } from '../../mocks/confirmation-handlers.ts';
import { AcuotazPaymentView } from './AcuotazPayment.tsx';

const acuotazIn = (value: StateValueFrom<typeof acuotazPaymentMachine>) =>
  acuotazPaymentMachine.resolveState({
    value,
    context: { orderNumber: '1002345678', token: ACUOTAZ_PAGE_TOKEN, language: 'en', page: value === 'framed' || value === 'linked' ? MOCK_ACUOTAZ_PAGE : null },
  });

const meta = {
  title: 'Payment/ACuotaz',
  component: AcuotazPaymentView,
  args: { snapshot: acuotazIn('loading'), send: fn() },
  // The frame holds the provider's page (the server's, tested there), not this story's markup.
  parameters: { a11y: { options: { iframes: false } } },
} satisfies Meta<typeof AcuotazPaymentView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The order's page is asked for. */
export const Loading: Story = {};
export const LoadingSpanish = spanish(Loading);
/** The payment-frame view: ACuotaz's page inside the tab, with the amount in soles. */
export const Framed: Story = { args: { snapshot: acuotazIn('framed') } };
export const FramedSpanish = spanish(Framed);
/** The link view: ACuotaz's page opens in a new tab. */
export const Linked: Story = { args: { snapshot: acuotazIn('linked') } };
export const LinkedSpanish = spanish(Linked);
/** The server refused: the order no longer waits for payment. */
export const NotPending: Story = { args: { snapshot: acuotazIn('notPending') } };
export const NotPendingSpanish = spanish(NotPending);
/** Any other failure: the spec's error and a retry. */
export const Failed: Story = { args: { snapshot: acuotazIn('failed') } };
export const FailedSpanish = spanish(Failed);
