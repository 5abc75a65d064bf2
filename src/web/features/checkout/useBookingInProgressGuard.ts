import { useCallback } from 'react';
import { useBlocker } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../../machines/checkout.machine.ts';

/**
 * While the booking request is in flight (the checkout machine in `booking`), leaving the page asks
 * first: the booking may still complete after the traveller has gone. The browser's Back, an in-app
 * link or the header's back button ask with a translated confirmation; closing or reloading the tab
 * gets the browser's own beforeunload prompt.
 *
 * The question is the browser's modal confirm on purpose: it holds the page until answered, so the
 * booking's answer cannot arrive (and route to the confirmation) half-way through the question.
 */
export function useBookingInProgressGuard(checkout: ActorRefFrom<typeof checkoutMachine>) {
  const { t } = useLingui();
  const question = t`Your booking is being processed and may still be completed. Do you want to leave this page?`;
  const booking = useCallback(() => checkout.getSnapshot().matches('booking'), [checkout]);
  const shouldBlockFn = useCallback(() => booking() && !window.confirm(question), [booking, question]);
  useBlocker({ shouldBlockFn, enableBeforeUnload: booking });
}
