/** Cuotéalo's side effect in the browser: the server's encrypted form for the order. */
import { fromPromise } from 'xstate';
import { cuotealoPaymentMachine, type CuotealoFormAnswer, type CuotealoInput } from '../../../../machines/cuotealo-payment.machine.ts';
import { CUOTEALO_FORM_PATH, cuotealoFormResponseSchema } from '../../../contract/cuotealo.ts';
import { apiPost, ApiRequestError } from '../../lib/api.ts';

export const cuotealoPaymentLogic = cuotealoPaymentMachine.provide({
  actors: {
    loadForm: fromPromise<CuotealoFormAnswer, CuotealoInput>(async ({ input, signal }) => {
      try {
        const answer = await apiPost(CUOTEALO_FORM_PATH, input, cuotealoFormResponseSchema, signal);
        return { kind: 'form', form: answer.data };
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) return { kind: 'notPending' };
        throw error;
      }
    }),
  },
});
