import type { Meta, StoryObj } from '@storybook/react-vite';
import { paymentDeadlineMachine } from '../../../../machines/payment-deadline.machine.ts';
import { PaymentDeadlineView } from './PaymentDeadline.tsx';

/** The fixture order's deadline (22 Nov 2026, 15:14 in Lima) with 29 h 14 min left, or past. */
const deadlineIn = (value: 'counting' | 'expired') =>
  paymentDeadlineMachine.resolveState({ value, context: { deadline: '2026-11-22T20:14:00Z', minutesLeft: value === 'counting' ? 29 * 60 + 14 : 0 } });

const meta = {
  title: 'Confirmation/PaymentDeadline',
  component: PaymentDeadlineView,
  args: { snapshot: deadlineIn('counting') },
} satisfies Meta<typeof PaymentDeadlineView>;
export default meta;
type Story = StoryObj<typeof meta>;

const spanish = (story: Story): Story => ({ ...story, globals: { ...story.globals, locale: 'es' } });

/** Time left, in hours and minutes, recounted once a minute. */
export const Counting: Story = {};
export const CountingSpanish = spanish(Counting);
/** The deadline has passed: the order can no longer be paid. */
export const Expired: Story = { args: { snapshot: deadlineIn('expired') } };
export const ExpiredSpanish = spanish(Expired);
