/** ACuotaz's side effect in the browser: the server's page of the order, with its amount in soles. */
import { fromPromise } from 'xstate';
import { acuotazPaymentMachine, type AcuotazInput, type AcuotazPageAnswer } from '../../../../machines/acuotaz-payment.machine.ts';
import { ACUOTAZ_URL_PATH, acuotazUrlResponseSchema } from '../../../contract/acuotaz.ts';
import { apiPost, ApiRequestError } from '../../lib/api.ts';

export const acuotazPaymentLogic = acuotazPaymentMachine.provide({
  actors: {
    loadPage: fromPromise<AcuotazPageAnswer, AcuotazInput>(async ({ input, signal }) => {
      try {
        const answer = await apiPost(ACUOTAZ_URL_PATH, input, acuotazUrlResponseSchema, signal);
        return { kind: 'page', page: answer.data };
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) return { kind: 'notPending' };
        throw error;
      }
    }),
  },
});
