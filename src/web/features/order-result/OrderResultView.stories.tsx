import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { orderResultMachine, type OrderResultClaim } from '../../../../machines/order-result.machine.ts';
import { confirmationSession, type ConfirmationSessionName } from '../../../contract/fixtures/confirmation.ts';
import { OrderResultView } from './OrderResultView.tsx';

const cardPayment: OrderResultClaim = { kind: 'payment', method: 'card' };

/** A result page's machine in a state, for a claim, holding one of the post-booking fixture sessions (or none). */
function resultIn(value: StateValueFrom<typeof orderResultMachine>, claim: OrderResultClaim, name: ConfirmationSessionName | null = null, retryAfterSeconds: number | null = null) {
  const session = name ? confirmationSession(name) : null;
  return orderResultMachine.resolveState({ value, context: { sessionID: session?.sessionID ?? '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c99', claim, session, retryAfterSeconds } });
}

const meta = {
  title: 'Payment/OrderResult',
  component: OrderResultView,
  args: { snapshot: resultIn('loading', cardPayment), send: fn() },
} satisfies Meta<typeof OrderResultView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The session loads. */
export const Loading: Story = {};
/** The card payment reached the booking (status 3). */
export const Paid: Story = { args: { snapshot: resultIn('paid', cardPayment, 'paidCard') } };
export const PaidSpanish = spanish(Paid);
/** Paid through the card checkout: order, amount, card brand and last four, as the server stored them. */
export const PaidByCardCheckout: Story = { args: { snapshot: resultIn('paid', cardPayment, 'paidCardCheckout') } };
export const PaidByCardCheckoutSpanish = spanish(PaidByCardCheckout);
/** An instalment payment (ACuotaz) that reached the booking. */
export const PaidInInstalments: Story = { args: { snapshot: resultIn('paid', { kind: 'payment', method: 'instalments' }, 'paidCard') } };
/** Booked, but the server has not recorded the payment yet. */
export const PaymentPending: Story = { args: { snapshot: resultIn('paymentPending', cardPayment, 'card') } };
export const PaymentPendingSpanish = spanish(PaymentPending);
/** The card provider declined (its action code in the address) on a booked, unpaid order: our text of the code, a new try, the booking. */
export const CardDeclined: Story = { args: { snapshot: resultIn('paymentDeclined', { kind: 'payment', method: 'card', declined: { reasonCode: '116' } }, 'card') } };
export const CardDeclinedSpanish = spanish(CardDeclined);
/** PayMe's (and ACuotaz's) error return on a booked, unpaid order. */
export const PayMeDeclined: Story = { args: { snapshot: resultIn('paymentDeclined', { kind: 'payment', method: 'payMe', declined: {} }, 'card') } };
export const PayMeDeclinedSpanish = spanish(PayMeDeclined);
/** The server stored a seat-booking answer with status 1. */
export const SeatsBooked: Story = { args: { snapshot: resultIn('seatOutcome', { kind: 'seatBooking', outcome: 'booked' }, 'seatsBooked') } };
export const SeatsBookedSpanish = spanish(SeatsBooked);
/** Status 2, with the supplier's reason. */
export const SeatsWarning: Story = { args: { snapshot: resultIn('seatOutcome', { kind: 'seatBooking', outcome: 'warning' }, 'seatsWarning') } };
/** An error status, with the supplier's reason. */
export const SeatsFailed: Story = { args: { snapshot: resultIn('seatOutcome', { kind: 'seatBooking', outcome: 'failed' }, 'seatsFailed') } };
export const SeatsFailedSpanish = spanish(SeatsFailed);
/** The extras' card was declined (issue 37): our words, in the page's language, not the acquirer's. */
export const SeatsCardDeclined: Story = { args: { snapshot: resultIn('seatOutcome', { kind: 'seatBooking', outcome: 'failed' }, 'seatsCardDeclined') } };
export const SeatsCardDeclinedSpanish = spanish(SeatsCardDeclined);
/** No session with this id, or none with what the address claims. */
export const NotFound: Story = { args: { snapshot: resultIn('notFound', cardPayment) } };
export const NotFoundSpanish = spanish(NotFound);
/** The session expired: find the booking by PNR and last name. */
export const Expired: Story = { args: { snapshot: resultIn('expired', cardPayment) } };
/** Another browser's booking session (403): find it by PNR and last name. */
export const OtherBrowser: Story = spanish({ args: { snapshot: resultIn('otherBrowser', cardPayment) } });
/** The session read was refused for too many requests (429): when to try again. */
export const RateLimited: Story = { args: { snapshot: resultIn('rateLimited', cardPayment, null, 150) } };
export const Failed: Story = { args: { snapshot: resultIn('failed', cardPayment) } };
