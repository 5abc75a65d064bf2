import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { payPalCheckoutMachine, payPalReturnMachine } from '../../../../machines/paypal-payment.machine.ts';
import { confirmationSession, PAYPAL_PAGE_TOKEN, type ConfirmationSessionName } from '../../../contract/fixtures/confirmation.ts';
import { PayPalButtonView, PayPalReturnView } from './PayPalPayment.tsx';

/** The "Pay with PayPal" button's machine in a state, for the fixture PayPal order. */
const buttonIn = (value: StateValueFrom<typeof payPalCheckoutMachine>) =>
  payPalCheckoutMachine.resolveState({
    value,
    context: { orderNumber: '1002345678', token: PAYPAL_PAGE_TOKEN, language: 'en', approveUrl: value === 'redirecting' ? '/sandbox/paypal/SBX0123456789?token=t' : null },
  });

/** The return page's machine in a state, holding one of the post-booking fixture sessions (or none). */
const returnIn = (value: StateValueFrom<typeof payPalReturnMachine>, name: ConfirmationSessionName | null = 'payPal', retryAfterSeconds: number | null = null) => {
  const session = name ? confirmationSession(name) : null;
  return payPalReturnMachine.resolveState({ value, context: { sessionID: session?.sessionID ?? confirmationSession('payPal').sessionID, session, retryAfterSeconds } });
};

const meta = {
  title: 'Payment/PayPal',
  component: PayPalReturnView,
  args: { snapshot: returnIn('loading', null), send: fn() },
} satisfies Meta<typeof PayPalReturnView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** Back from PayPal: the session loads, the server captures, then the payment is read again. */
export const ReturnLoading: Story = {};
export const ReturnCapturing: Story = { args: { snapshot: returnIn('capturing') } };
export const ReturnConfirming: Story = { args: { snapshot: returnIn('confirming') } };
/** The server stored the payment. */
export const ReturnPaid: Story = { args: { snapshot: returnIn('paid', 'paidPayPal') } };
export const ReturnPaidSpanish = spanish(ReturnPaid);
/** PayPal did not confirm it (not approved): the booking's page has the button again. */
export const ReturnPaymentPending: Story = { args: { snapshot: returnIn('paymentPending') } };
export const ReturnPaymentPendingSpanish = spanish(ReturnPaymentPending);
export const ReturnNotFound: Story = { args: { snapshot: returnIn('notFound', null) } };
export const ReturnExpired: Story = { args: { snapshot: returnIn('expired', null) } };
export const ReturnOtherBrowser: Story = { args: { snapshot: returnIn('otherBrowser', null) } };
export const ReturnRateLimited: Story = { args: { snapshot: returnIn('rateLimited', null, null) } };
export const ReturnFailed: Story = { args: { snapshot: returnIn('failed', null) } };

type ButtonStory = StoryObj<typeof PayPalButtonView>;
const buttonStory = (value: StateValueFrom<typeof payPalCheckoutMachine>): ButtonStory => ({
  render: (args) => <PayPalButtonView {...args} />,
  args: { snapshot: buttonIn(value), send: fn() },
});

/** The pending booking's button, busy while the order is made, on its way, and offered again after a failure. */
export const ButtonIdle = buttonStory('idle') as Story;
export const ButtonCreating = buttonStory('creating') as Story;
export const ButtonRedirecting = buttonStory('redirecting') as Story;
export const ButtonFailed = buttonStory('failed') as Story;
export const ButtonFailedSpanish = spanish(buttonStory('failed') as Story);
