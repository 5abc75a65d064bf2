import { getNextSnapshot, setup } from 'xstate';
import type { PaymentOrderStatus } from '../src/contract/postsale.ts';

/**
 * A payment order's lifecycle (spec 3 §4): PP pending payment, then exactly one of CPO paid,
 * SQ paid (settled by the provider's notification), POC cancelled or EPO expired. The four outcomes
 * are final: a paid order is never cancelled, an expired one never paid.
 */
export type PaymentOrderEvent =
  | { type: 'order.pay' }
  | { type: 'order.settle' }
  | { type: 'order.cancel' }
  | { type: 'order.expire' };

export type PaymentOrderEventType = PaymentOrderEvent['type'];

export const paymentOrderMachine = setup({
  types: { events: {} as PaymentOrderEvent },
}).createMachine({
  id: 'paymentOrder',
  initial: 'PP',
  states: {
    PP: { on: { 'order.pay': 'CPO', 'order.settle': 'SQ', 'order.cancel': 'POC', 'order.expire': 'EPO' } },
    CPO: { type: 'final' },
    SQ: { type: 'final' },
    POC: { type: 'final' },
    EPO: { type: 'final' },
  },
});

/** Where an order in `current` goes on an event, or null when the lifecycle refuses the move. */
export function nextPaymentOrderStatus(current: string, event: PaymentOrderEventType): PaymentOrderStatus | null {
  if (!['PP', 'CPO', 'SQ', 'POC', 'EPO'].includes(current)) return null;
  const snapshot = paymentOrderMachine.resolveState({ value: current });
  if (!snapshot.can({ type: event })) return null;
  return getNextSnapshot(paymentOrderMachine, snapshot, { type: event }).value as PaymentOrderStatus;
}
