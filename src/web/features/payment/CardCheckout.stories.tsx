import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { cardCheckoutMachine, type CardCheckoutContext } from '../../../../machines/card-checkout.machine.ts';
import { approvedAuthorization, cardCheckoutForm, cardCheckoutHostedSession, cardCheckoutInput, cardCheckoutSession, deniedAuthorization, unreachableAuthorization } from '../../../contract/fixtures/card-checkout.ts';
import { CardCheckoutView } from './CardCheckout.tsx';

const card = { brand: 'visa', last4: '1111', cardType: 'C' as const };

/** The card checkout's machine in a state, for the fixture Interbank (104) order. */
const checkoutIn = (value: StateValueFrom<typeof cardCheckoutMachine>, context: Partial<CardCheckoutContext> = {}) =>
  cardCheckoutMachine.resolveState({
    value,
    context: { ...cardCheckoutInput, session: null, problem: null, retryAfterSeconds: null, payer: null, card: null, challengeId: null, transactionToken: null, authorization: null, ...context },
  });

const opened = { session: cardCheckoutSession };
const payer = { name: 'Lucía', lastName: 'Quispe', email: 'lucia.quispe@correo.pe', installments: 0 };

const meta = {
  title: 'Payment/Card checkout',
  component: CardCheckoutView,
  args: { snapshot: checkoutIn('idle'), send: fn() },
} satisfies Meta<typeof CardCheckoutView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** 'Realizar pago' on the pending card order. */
export const Idle: Story = {};
export const IdleSpanish = spanish(Idle);
/** A loader until the token arrives. */
export const RequestingToken: Story = { args: { snapshot: checkoutIn('requestingToken') } };
export const RequestingTokenSpanish = spanish(RequestingToken);
export const TokenFailed: Story = { args: { snapshot: checkoutIn('tokenFailed') } };
export const TokenFailedSpanish = spanish(TokenFailed);
/** The card form: installments appear for a credit card, 'Sin cuotas' first. */
export const Form: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, opened) } };
export const FormSpanish = spanish(Form);
export const FormCreditCard: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, opened), initialForm: cardCheckoutForm() } };
export const FormCreditCardSpanish = spanish(FormCreditCard);
export const FormIncomplete: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, { ...opened, problem: 'formIncomplete' }), initialForm: { name: 'Lucía', cardNumber: '4111 1111 1111 1112' } } };
export const FormIncompleteSpanish = spanish(FormIncomplete);
/** The card typed now ends unlike the one typed at checkout. */
export const FormCardMismatch: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, { ...opened, problem: 'cardMismatch' }), initialForm: cardCheckoutForm({ cardNumber: '5555 5555 5555 4444' }) } };
export const FormCardMismatchSpanish = spanish(FormCardMismatch);
export const FormCardInvalid: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, { ...opened, problem: 'cardInvalid' }), initialForm: cardCheckoutForm() } };
export const FormCardInvalidSpanish = spanish(FormCardInvalid);
/** Too many cards tried from this address (429, issue 36): when to try again. */
export const FormRateLimited: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, { ...opened, problem: 'rateLimited', retryAfterSeconds: 42 }), initialForm: cardCheckoutForm() } };
export const FormRateLimitedSpanish = spanish(FormRateLimited);
export const FormChallengeCancelled: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, { ...opened, problem: 'challengeCancelled' }), initialForm: cardCheckoutForm() } };
export const FormChallengeCancelledSpanish = spanish(FormChallengeCancelled);
/** Where Niubiz's real API is configured: the payer's fields only, the card goes into Niubiz's checkout.js form. */
const hostedSession = { session: cardCheckoutHostedSession };
export const FormHosted: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, hostedSession) } };
export const FormHostedSpanish = spanish(FormHosted);
/** Niubiz's form is open over the page. */
export const HostedForm: Story = { args: { snapshot: checkoutIn({ checkout: 'hostedForm' }, { ...hostedSession, payer }), initialForm: { name: 'Lucía', lastName: 'Quispe' } } };
export const HostedFormSpanish = spanish(HostedForm);
/** The payer closed Niubiz's form before paying. */
export const FormHostedClosed: Story = { args: { snapshot: checkoutIn({ checkout: 'form' }, { ...hostedSession, problem: 'hostedFormClosed' }), initialForm: { name: 'Lucía', lastName: 'Quispe' } } };
export const FormHostedClosedSpanish = spanish(FormHostedClosed);
/** The card at the provider's hosted fields. */
export const Tokenizing: Story = { args: { snapshot: checkoutIn({ checkout: 'tokenizing' }, { ...opened, payer }), initialForm: cardCheckoutForm() } };
export const TokenizingSpanish = spanish(Tokenizing);
/** The bank asks to confirm (3-D-Secure-like). */
export const Challenge: Story = { args: { snapshot: checkoutIn({ checkout: 'challenge' }, { ...opened, payer, card, challengeId: 'challenge' }), initialForm: cardCheckoutForm() } };
export const ChallengeSpanish = spanish(Challenge);
export const ConfirmingChallenge: Story = { args: { snapshot: checkoutIn({ checkout: 'confirmingChallenge' }, { ...opened, payer, card, challengeId: 'challenge' }), initialForm: cardCheckoutForm() } };
export const ConfirmingChallengeSpanish = spanish(ConfirmingChallenge);
/** The processing screen. */
export const Processing: Story = { args: { snapshot: checkoutIn('processing', { ...opened, payer, card, transactionToken: 'tok' }) } };
export const ProcessingSpanish = spanish(Processing);
export const Notifying: Story = { args: { snapshot: checkoutIn('notifying', { ...opened, payer, card, transactionToken: 'tok', authorization: approvedAuthorization }) } };
export const NotifyingSpanish = spanish(Notifying);
export const Success: Story = { args: { snapshot: checkoutIn('success', { ...opened, payer, card, transactionToken: 'tok', authorization: approvedAuthorization }) } };
export const SuccessSpanish = spanish(Success);
/** Denied: Niubiz's description and a new try. */
export const Rejected: Story = { args: { snapshot: checkoutIn('rejected', { ...opened, payer, card, transactionToken: 'tok', authorization: deniedAuthorization }) } };
export const RejectedSpanish = spanish(Rejected);
/** Status '3'. */
export const ConnectionError: Story = { args: { snapshot: checkoutIn('connectionError', { ...opened, payer, card, transactionToken: 'tok', authorization: unreachableAuthorization }) } };
export const ConnectionErrorSpanish = spanish(ConnectionError);
/** Twenty minutes passed. */
export const Expired: Story = { args: { snapshot: checkoutIn('expired', opened) } };
export const ExpiredSpanish = spanish(Expired);
