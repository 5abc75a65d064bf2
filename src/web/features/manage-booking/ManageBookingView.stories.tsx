import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { manageBookingMachine } from '../../../../machines/manage-booking.machine.ts';
import { cancelledBooking, expiredWithRefundDue, foundBooking, linkedBooking, MANAGED_LAST_NAME, MANAGED_LINK_TOKEN, MANAGED_PNR } from '../../../contract/fixtures/manage-booking.ts';
import type { ManageBookingView as Booking } from '../../../contract/manage-booking.ts';
import { ManageBookingView } from './ManageBookingView.tsx';

const query = { pnr: MANAGED_PNR, lastName: MANAGED_LAST_NAME };

/** The form page's machine in a state, after a PNR + last name were submitted (or before). */
function formIn(value: StateValueFrom<typeof manageBookingMachine>, booking: Booking | null = null, retryAfterSeconds: number | null = null) {
  return manageBookingMachine.resolveState({ value, context: { token: null, query: value === 'idle' ? null : query, booking, retryAfterSeconds } });
}

/** The link page's machine in a state. */
function linkIn(value: StateValueFrom<typeof manageBookingMachine>, booking: Booking | null = null) {
  return manageBookingMachine.resolveState({ value, context: { token: MANAGED_LINK_TOKEN, query: null, booking, retryAfterSeconds: null } });
}

const meta = {
  title: 'Manage booking/ManageBooking',
  component: ManageBookingView,
  args: { snapshot: formIn('idle'), send: fn() },
} satisfies Meta<typeof ManageBookingView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The empty PNR + last name form. */
export const Form: Story = {};
export const FormSpanish = spanish(Form);
export const LookingUp: Story = { args: { snapshot: formIn('lookingUp') } };
/** A wrong PNR or last name: one message, not which. */
export const NotFound: Story = { args: { snapshot: formIn('notFound') } };
export const NotFoundSpanish = spanish(NotFound);
/** Too many failed tries: when to try again, from the answer's Retry-After. */
export const RateLimited: Story = { args: { snapshot: formIn('rateLimited', null, 1800) } };
export const RateLimitedSpanish = spanish(RateLimited);
export const Failed: Story = { args: { snapshot: formIn('failed') } };
/** Found by PNR + last name: personal data whole, the PagoEfectivo order's CIP to pay (asked for from the mock API, as on the confirmation) and the cancel of the hold. */
export const Found: Story = { args: { snapshot: formIn({ found: 'viewing' }, foundBooking) } };
export const FoundSpanish = spanish(Found);
/** A pending Scotiabank (123) card order: 'Realizar pago' opens the card checkout here. */
export const FoundCardOrder: Story = {
  args: { snapshot: formIn({ found: 'viewing' }, { ...foundBooking, payment: { ...foundBooking.payment, providerCode: 123, providerName: 'Scotiabank', kind: 'status' }, cardCheckout: { orderNumber: '1002345678', token: 'card-page-token-of-the-fixture-order-0000000', providerCode: 123, amount: 786.01, checkoutLast4: '1111' } }) },
};
export const FoundCardOrderSpanish = spanish(FoundCardOrder);
/** An unpaid hold the server no longer takes (past its deadline, before the expiry job moves it): it reads expired, nothing to pay or cancel. */
export const FoundOverdueHold: Story = { args: { snapshot: formIn({ found: 'viewing' }, { ...foundBooking, payNow: false, cancellable: false }) } };
export const FoundOverdueHoldSpanish = spanish(FoundOverdueHold);
/** Expired unpaid, then a payment arrived: the refund due the server recorded. */
export const FoundWithRefundDue: Story = { args: { snapshot: formIn({ found: 'viewing' }, expiredWithRefundDue) } };
export const FoundWithRefundDueSpanish = spanish(FoundWithRefundDue);
export const ConfirmingCancel: Story = { args: { snapshot: formIn({ found: 'confirmingCancel' }, foundBooking) } };
export const ConfirmingCancelSpanish = spanish(ConfirmingCancel);
export const Cancelling: Story = { args: { snapshot: formIn({ found: 'cancelling' }, foundBooking) } };
export const Cancelled: Story = { args: { snapshot: formIn({ found: 'cancelled' }, cancelledBooking) } };
export const CancelledSpanish = spanish(Cancelled);
export const CancelFailed: Story = { args: { snapshot: formIn({ found: 'cancelFailed' }, foundBooking) } };
/** The cancel refused for too many requests (429): not the booking's state; when to try again. */
export const CancelRateLimited: Story = { args: { snapshot: formIn({ found: 'cancelRateLimited' }, foundBooking, 42) } };
export const CancelRateLimitedSpanish = spanish(CancelRateLimited);
/** The signed link opening. */
export const OpeningLink: Story = { args: { snapshot: linkIn('openingLink') } };
/** The link's booking: documents, phone and e-mail masked, no cancel; its PagoEfectivo CIP to pay (the booking mail points here for it). */
export const FoundByLink: Story = { args: { snapshot: linkIn({ found: 'viewing' }, linkedBooking) } };
export const FoundByLinkSpanish = spanish(FoundByLink);
export const InvalidLink: Story = { args: { snapshot: linkIn('invalidLink') } };
export const InvalidLinkSpanish = spanish(InvalidLink);
export const LinkNotFound: Story = { args: { snapshot: linkIn('notFound') } };
