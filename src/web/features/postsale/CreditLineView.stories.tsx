import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValueFrom } from 'xstate';
import { creditLineMachine } from '../../../../machines/credit-line.machine.ts';
import { creditLimit } from '../../../contract/fixtures/postsale.ts';
import { CreditLineView } from './CreditLineView.tsx';

const creditIn = (value: StateValueFrom<typeof creditLineMachine>) =>
  creditLineMachine.resolveState({ value, context: { accountId: '2113855', credit: value === 'shown' ? creditLimit : null } });

const meta = {
  title: 'Post-sale/CreditLine',
  component: CreditLineView,
  args: { snapshot: creditIn('shown'), send: fn() },
} satisfies Meta<typeof CreditLineView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

export const Loading: Story = { args: { snapshot: creditIn('loading') } };
/** Available credit and debts. */
export const Shown: Story = {};
export const ShownSpanish = spanish(Shown);
export const NoCreditLine: Story = { args: { snapshot: creditIn('none') } };
export const NoCreditLineSpanish = spanish(NoCreditLine);
export const Failed: Story = { args: { snapshot: creditIn('failed') } };
