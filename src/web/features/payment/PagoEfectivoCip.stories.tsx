import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { pagoEfectivoCipMachine } from '../../../../machines/pagoefectivo-cip.machine.ts';
import { PAGOEFECTIVO_PAGE_TOKEN } from '../../../contract/fixtures/confirmation.ts';
import { PagoEfectivoCipView } from './PagoEfectivoCip.tsx';

const cip = { cip: '25123456', cipUrl: '/sandbox/pagoefectivo/25123456?token=cip-page-token', amount: 786.01, currency: 'USD' as const, expiresAt: '2026-11-22T20:14:00.000Z' };

const cipIn = (value: StateValueFrom<typeof pagoEfectivoCipMachine>) =>
  pagoEfectivoCipMachine.resolveState({ value, context: { orderNumber: '1002345678', token: PAGOEFECTIVO_PAGE_TOKEN, language: 'en', cip: value === 'ready' ? cip : null } });

const meta = {
  title: 'Payment/PagoEfectivo',
  component: PagoEfectivoCipView,
  args: { snapshot: cipIn('loading'), send: fn() },
} satisfies Meta<typeof PagoEfectivoCipView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** The order's CIP is asked for. */
export const Loading: Story = {};
export const LoadingSpanish = spanish(Loading);
/** The CIP code, amount and expiry, and PagoEfectivo's page to pay it. */
export const Ready: Story = { args: { snapshot: cipIn('ready') } };
export const ReadySpanish = spanish(Ready);
/** The server refused: the order no longer waits for payment. */
export const NotPending: Story = { args: { snapshot: cipIn('notPending') } };
export const NotPendingSpanish = spanish(NotPending);
/** Any other failure: a retry. */
export const Failed: Story = { args: { snapshot: cipIn('failed') } };
export const FailedSpanish = spanish(Failed);
