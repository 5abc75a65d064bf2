import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { cuotealoPaymentMachine } from '../../../../machines/cuotealo-payment.machine.ts';
import { CUOTEALO_PAGE_TOKEN, confirmationSessionIds } from '../../../contract/fixtures/confirmation.ts';
import { CuotealoPaymentView } from './CuotealoPayment.tsx';

const cuotealoIn = (value: StateValueFrom<typeof cuotealoPaymentMachine>) =>
  cuotealoPaymentMachine.resolveState({
    value,
    context: { orderNumber: '1002345678', token: CUOTEALO_PAGE_TOKEN, sessionID: confirmationSessionIds.cuotealo, language: 'en', form: value === 'ready' ? { action: '/sandbox/cuotealo', data: 'sealed-order-1002345678' } : null },
  });

const meta = {
  title: 'Payment/Cuotealo',
  component: CuotealoPaymentView,
  args: { snapshot: cuotealoIn('loading'), send: fn() },
} satisfies Meta<typeof CuotealoPaymentView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The encrypted form is asked for. */
export const Loading: Story = {};
export const LoadingSpanish = spanish(Loading);
/** 'Pagar con Cuotealo' posts the form to the bank's page. */
export const Ready: Story = { args: { snapshot: cuotealoIn('ready') } };
export const ReadySpanish = spanish(Ready);
/** The server refused: the order no longer waits for payment. */
export const NotPending: Story = { args: { snapshot: cuotealoIn('notPending') } };
export const NotPendingSpanish = spanish(NotPending);
/** Any other failure: a retry. */
export const Failed: Story = { args: { snapshot: cuotealoIn('failed') } };
export const FailedSpanish = spanish(Failed);
