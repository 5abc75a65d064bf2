/** PagoEfectivo's side effect in the browser: the server's CIP for the order. */
import { fromPromise } from 'xstate';
import { pagoEfectivoCipMachine, type CipAnswer, type PagoEfectivoInput } from '../../../../machines/pagoefectivo-cip.machine.ts';
import { PAGOEFECTIVO_CIP_PATH, cipResponseSchema } from '../../../contract/pagoefectivo.ts';
import { apiPost, ApiRequestError } from '../../lib/api.ts';

export const pagoEfectivoCipLogic = pagoEfectivoCipMachine.provide({
  actors: {
    loadCip: fromPromise<CipAnswer, PagoEfectivoInput>(async ({ input, signal }) => {
      try {
        const answer = await apiPost(PAGOEFECTIVO_CIP_PATH, input, cipResponseSchema, signal);
        return { kind: 'cip', cip: answer.data };
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) return { kind: 'notPending' };
        throw error;
      }
    }),
  },
});
