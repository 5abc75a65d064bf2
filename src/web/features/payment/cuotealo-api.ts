/** Cuotéalo's side effects in the browser: the order read first (spec 3 §7), then the server's encrypted form for it. */
import { fromPromise } from 'xstate';
import { cuotealoPaymentMachine, type CuotealoFormAnswer, type CuotealoInput } from '../../../../machines/cuotealo-payment.machine.ts';
import { CUOTEALO_FORM_PATH, cuotealoFormResponseSchema } from '../../../contract/cuotealo.ts';
import { paymentOrderResponseSchema, paymentOrderScreen } from '../../../contract/postsale.ts';
import { apiGet, apiPost, ApiRequestError } from '../../lib/api.ts';
import { agencyHeaders, grantHeaders } from '../../lib/booking-access.ts';
import { sessionOwnerHeaders } from '../../lib/session-api.ts';

export const cuotealoPaymentLogic = cuotealoPaymentMachine.provide({
  actors: {
    loadForm: fromPromise<CuotealoFormAnswer, CuotealoInput>(async ({ input, signal }) => {
      const { orderNumber, token, language, sessionID } = input;
      // An order paid, cancelled or expired meanwhile (another tab, the bank's notification) is not posted to the bank again.
      const readers = { ...agencyHeaders(), ...grantHeaders(sessionID), ...sessionOwnerHeaders(sessionID) };
      const order = await apiGet(`/engines/orderNumber/${encodeURIComponent(orderNumber)}`, paymentOrderResponseSchema, signal, readers);
      if (paymentOrderScreen(order.data.status) !== 'pending') return { kind: 'notPending' };
      try {
        const answer = await apiPost(CUOTEALO_FORM_PATH, { orderNumber, token, language }, cuotealoFormResponseSchema, signal);
        return { kind: 'form', form: answer.data };
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) return { kind: 'notPending' };
        throw error;
      }
    }),
  },
});
