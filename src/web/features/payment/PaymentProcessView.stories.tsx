import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { paymentProcessMachine, providerPaymentPageOf } from '../../../../machines/payment-process.machine.ts';
import { confirmationSession, type ConfirmationSessionName } from '../../../contract/fixtures/confirmation.ts';
import { PaymentProcessView } from './PaymentProcessView.tsx';

/** The waiting page's machine in a state, holding one of the post-booking fixture sessions (or none). */
function processIn(value: StateValueFrom<typeof paymentProcessMachine>, name: ConfirmationSessionName | null = null, retryAfterSeconds: number | null = null) {
  const session = name ? confirmationSession(name) : null;
  return paymentProcessMachine.resolveState({
    value,
    context: { sessionID: session?.sessionID ?? '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c54', language: 'en', session, paymentPage: providerPaymentPageOf(session), retryAfterSeconds },
  });
}

const meta = {
  title: 'Payment/PaymentProcess',
  component: PaymentProcessView,
  args: { snapshot: processIn('loading'), send: fn() },
} satisfies Meta<typeof PaymentProcessView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The session loads. */
export const Loading: Story = {};
/** A PayMe order on its way to the provider's page, with the button that posts it again. */
export const Redirecting: Story = { args: { snapshot: processIn('redirecting', 'payMe') } };
export const RedirectingSpanish = spanish(Redirecting);
/** The browser held the automatic post back. */
export const PostFailed: Story = { args: { snapshot: processIn('postFailed', 'payMe') } };
export const PostFailedSpanish = spanish(PostFailed);
/** A booking paid some other way: on to its confirmation. */
export const NoPaymentPage: Story = { args: { snapshot: processIn('noPaymentPage', 'cashDeposit') } };
export const NoPaymentPageSpanish = spanish(NoPaymentPage);
/** The booking failed: 'UPS! Ocurrio un error durante la reserva ...'. */
export const Incomplete: Story = { args: { snapshot: processIn('incomplete', 'failedBooking') } };
export const NotFound: Story = { args: { snapshot: processIn('notFound') } };
export const Expired: Story = { args: { snapshot: processIn('expired') } };
export const OtherBrowser: Story = { args: { snapshot: processIn('otherBrowser') } };
export const RateLimited: Story = { args: { snapshot: processIn('rateLimited', null, 1) } };
export const Failed: Story = { args: { snapshot: processIn('failed') } };
export const FailedSpanish = spanish(Failed);
