import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { bookingConfirmationMachine, type BookingConfirmationContext } from '../../../../machines/booking-confirmation.machine.ts';
import { completeBookingOf } from '../../../../machines/booking-confirmation.rules.ts';
import { confirmationSession, type ConfirmationSessionName } from '../../../contract/fixtures/confirmation.ts';
import { BookingConfirmationView } from './BookingConfirmationView.tsx';

/** The confirmation machine in a state, holding one of the post-booking fixture sessions (or none). */
function confirmationIn(
  value: StateValueFrom<typeof bookingConfirmationMachine>,
  name: ConfirmationSessionName | null = null,
  context: Partial<BookingConfirmationContext> = {},
) {
  const session = name ? confirmationSession(name) : null;
  return bookingConfirmationMachine.resolveState({
    value,
    context: {
      sessionID: session?.sessionID ?? '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      process: 1,
      session,
      booking: completeBookingOf(session),
      copying: null,
      retryAfterSeconds: null,
      ...context,
    },
  });
}

const shown = { loaded: { notice: 'shown', copy: 'idle' } } as const;

const meta = {
  title: 'Confirmation/BookingConfirmation',
  component: BookingConfirmationView,
  args: { snapshot: confirmationIn('loading'), send: fn() },
} satisfies Meta<typeof BookingConfirmationView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The placeholder loader while the session loads. */
export const Loading: Story = {};
/** A PagoEfectivo order of US$ 786.01: the four banks, no Yape. */
export const CashDeposit: Story = { args: { snapshot: confirmationIn(shown, 'cashDeposit') } };
export const CashDepositSpanish = spanish(CashDeposit);
/** A PagoEfectivo order of US$ 412.50: Yape too, with its S/ 2,000 daily limit. */
export const CashDepositBelow500: Story = { args: { snapshot: confirmationIn(shown, 'smallCashDeposit') } };
export const CashDepositBelow500Spanish = spanish(CashDepositBelow500);
export const CardPending: Story = { args: { snapshot: confirmationIn(shown, 'card') } };
export const CardPaid: Story = { args: { snapshot: confirmationIn(shown, 'paidCard') } };
/** A pending PayPal order: its payment tab has the "Pay with PayPal" button. */
export const PayPalPending: Story = { args: { snapshot: confirmationIn(shown, 'payPal') } };
export const PayPalPendingSpanish = spanish(PayPalPending);
/** A pending bank transfer (130): the accounts to pay into and the order code to quote. */
export const BankTransferPending: Story = { args: { snapshot: confirmationIn(shown, 'bankTransfer') } };
export const BankTransferPendingSpanish = spanish(BankTransferPending);
/** A pending Cuotéalo BCP order (137): 'Pagar con Cuotealo'. */
export const CuotealoPending: Story = { args: { snapshot: confirmationIn(shown, 'cuotealo') } };
export const CuotealoPendingSpanish = spanish(CuotealoPending);
/** A pending ACuotaz order (125): its page framed on the payment tab, the amount in soles (the frame's page is the server's, so axe leaves it). */
export const AcuotazPending: Story = { args: { snapshot: confirmationIn(shown, 'acuotaz') }, parameters: { a11y: { options: { iframes: false } } } };
export const AcuotazPendingSpanish = spanish(AcuotazPending);
export const BankTransferPaid: Story = { args: { snapshot: confirmationIn(shown, 'paidBankTransfer') } };
/** A pending Interbank (104) order: its payment tab has 'Realizar pago' (the card checkout). */
export const CardCheckoutPending: Story = { args: { snapshot: confirmationIn(shown, 'cardCheckout') } };
export const CardCheckoutPendingSpanish = spanish(CardCheckoutPending);
/** Paid through the card checkout: the card's brand, last four and authorisation code. */
export const CardCheckoutPaid: Story = { args: { snapshot: confirmationIn(shown, 'paidCardCheckout') } };
export const CardCheckoutPaidSpanish = spanish(CardCheckoutPaid);
/** Provider 103: its payment tab with the deadline, the time left, the amount and how to pay later (issue 37). */
export const WithoutPayment: Story = { args: { snapshot: confirmationIn(shown, 'withoutPayment') } };
export const WithoutPaymentSpanish = spanish(WithoutPayment);
/** PagoEfectivo with its CIP: the four banks take the CIP; 'How does it work?'. */
export const PagoEfectivoPending: Story = { args: { snapshot: confirmationIn(shown, 'pagoEfectivo') } };
export const PagoEfectivoPendingSpanish = spanish(PagoEfectivoPending);
/** SafetyPay: the four banks' internet banking and cash places, and SafetyPay's page. */
export const SafetyPayPending: Story = { args: { snapshot: confirmationIn(shown, 'safetyPay') } };
export const SafetyPayPendingSpanish = spanish(SafetyPayPending);
/** The third booking of the route: the retry warning (spec 3 §4). */
export const ThirdAttempt: Story = { args: { snapshot: confirmationIn(shown, 'thirdAttempt') } };
export const ThirdAttemptSpanish = spanish(ThirdAttempt);
/** A denied card order: 'Contact an agent of Vuelos Perú' (spec 3 §8). */
export const DeniedCard: Story = { args: { snapshot: confirmationIn(shown, 'deniedCard') } };
export const DeniedCardSpanish = spanish(DeniedCard);
/** Seats and a bag: the 'Productos adicionales' tab. */
export const WithExtras: Story = { args: { snapshot: confirmationIn(shown, 'withExtras') } };
export const WithExtrasSpanish = spanish(WithExtras);
export const NoticeDismissed: Story = { args: { snapshot: confirmationIn({ loaded: { notice: 'dismissed', copy: 'idle' } }, 'cashDeposit') } };
export const CopyingBookingCode: Story = {
  args: { snapshot: confirmationIn({ loaded: { notice: 'shown', copy: 'copying' } }, 'cashDeposit', { copying: 'pnr' }) },
};
export const BookingCodeCopied: Story = {
  args: { snapshot: confirmationIn({ loaded: { notice: 'shown', copy: 'copied' } }, 'cashDeposit', { copying: 'pnr' }) },
};
export const OrderIdCopiedSpanish = spanish({
  args: { snapshot: confirmationIn({ loaded: { notice: 'dismissed', copy: 'copied' } }, 'cashDeposit', { copying: 'orderId' }) },
});
export const CopyFailed: Story = {
  args: { snapshot: confirmationIn({ loaded: { notice: 'shown', copy: 'copyFailed' } }, 'cashDeposit', { copying: 'pnr' }) },
};
/** The booking failed or lacks a part: 'UPS! Ocurrio un error durante la reserva ...'. */
export const Incomplete: Story = { args: { snapshot: confirmationIn('incomplete', 'failedBooking') } };
export const IncompleteSpanish = spanish(Incomplete);
export const NotFound: Story = { args: { snapshot: confirmationIn('notFound') } };
export const Expired: Story = { args: { snapshot: confirmationIn('expired') } };
/** Another browser's booking (403): find it by PNR and last name, or the mailed link. */
export const OtherBrowser: Story = { args: { snapshot: confirmationIn('otherBrowser') }, globals: { locale: 'es' } };
/** The session read was refused for too many requests (429): when to try again. */
export const RateLimited: Story = { args: { snapshot: confirmationIn('rateLimited', null, { retryAfterSeconds: 42 }) }, globals: { locale: 'es' } };
export const Failed: Story = { args: { snapshot: confirmationIn('failed') } };
export const FailedSpanish = spanish(Failed);
