import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { bankTransferMachine } from '../../../../machines/bank-transfer.machine.ts';
import { transferAccounts } from '../../../contract/fixtures/bank-transfer.ts';
import { BANK_TRANSFER_PAGE_TOKEN } from '../../../contract/fixtures/confirmation.ts';
import { BankTransferView } from './BankTransfer.tsx';

/** The transfer machine in a state, for the fixture order (the sandbox's page token, so the test bank link shows). */
const transferIn = (value: StateValueFrom<typeof bankTransferMachine>) =>
  bankTransferMachine.resolveState({ value, context: { orderNumber: '1002345678', token: BANK_TRANSFER_PAGE_TOKEN, accounts: value === 'ready' ? transferAccounts : [] } });

const meta = {
  title: 'Payment/BankTransfer',
  component: BankTransferView,
  args: { snapshot: transferIn('loading'), send: fn(), total: 786.01, timeLimit: 'Nov 22, 2026, 3:14 PM', language: 'en' },
} satisfies Meta<typeof BankTransferView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, args: { ...story.args, timeLimit: '22 nov 2026, 15:14', language: 'es' }, globals: { ...story.globals, locale: 'es' } });

/** The accounts load from the server. */
export const Loading: Story = {};
export const LoadingSpanish = spanish(Loading);
/** The accounts in US dollars and in soles, with the order code to quote, the amount and the deadline. */
export const Ready: Story = { args: { snapshot: transferIn('ready') } };
export const ReadySpanish = spanish(Ready);
/** The accounts could not be loaded: a retry. */
export const Failed: Story = { args: { snapshot: transferIn('failed') } };
export const FailedSpanish = spanish(Failed);
