/**
 * The deadline of an unpaid order on its payment tab (issue 37): the minutes left, recounted once a minute
 * by a clock (a screen reader hears the count when it reads it, not every second), and expired once the
 * deadline has passed, which turns the tab to the expired order.
 */
import { assign, fromCallback, setup } from 'xstate';

export interface PaymentDeadlineInput {
  /** The order's deadline, an ISO instant. */
  deadline: string;
  /** Epoch ms of the moment the tab opened; the clock's now when left out. */
  now?: number;
}

export type PaymentDeadlineEvent = { type: 'clock.tick'; now: number };

/** Whole minutes from `now` to `deadline`, rounded up (59 s left still reads one minute); 0 once past. */
export function minutesUntil(deadline: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 60_000));
}

/** Hours and minutes of a count of minutes: 1754 → { hours: 29, minutes: 14 }. */
export const hoursAndMinutes = (minutesLeft: number) => ({ hours: Math.floor(minutesLeft / 60), minutes: minutesLeft % 60 });

const MINUTE_MS = 60_000;

export const paymentDeadlineMachine = setup({
  types: {
    context: {} as { deadline: string; minutesLeft: number },
    events: {} as PaymentDeadlineEvent,
    input: {} as PaymentDeadlineInput,
  },
  actors: {
    /** Sends the time at once (an order opened past its deadline expires on it) and then once a minute. */
    minuteClock: fromCallback<PaymentDeadlineEvent>(({ sendBack }) => {
      sendBack({ type: 'clock.tick', now: Date.now() });
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), MINUTE_MS);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    passesNow: ({ context, event }) => minutesUntil(context.deadline, event.now) === 0,
  },
}).createMachine({
  id: 'paymentDeadline',
  context: ({ input }) => ({ deadline: input.deadline, minutesLeft: minutesUntil(input.deadline, input.now ?? Date.now()) }),
  initial: 'counting',
  states: {
    counting: {
      invoke: { id: 'minuteClock', src: 'minuteClock' },
      on: {
        'clock.tick': [
          { guard: 'passesNow', target: 'expired', actions: assign({ minutesLeft: 0 }) },
          { actions: assign({ minutesLeft: ({ context, event }) => minutesUntil(context.deadline, event.now) }) },
        ],
      },
    },
    expired: { type: 'final' },
  },
});
