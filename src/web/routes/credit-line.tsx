import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { creditLineMachine, type CreditLineAnswer } from '../../../machines/credit-line.machine.ts';
import { creditLimitResponseSchema } from '../../contract/postsale.ts';
import { apiGet, ApiRequestError } from '../lib/api.ts';
import { agencyHeaders } from '../lib/booking-access.ts';
import { useTracedActorRef } from '../lib/trace.ts';
import { useCurrentTerminalId } from '../features/layout/useCurrentEngine.ts';
import { CreditLineView } from '../features/postsale/CreditLineView.tsx';

export const Route = createFileRoute('/credit-line')({ component: CreditLine });

/**
 * GET /api/engines/creditLimit/{accountId} as the agency's agent (its sales platform's token): an account the
 * server does not know (404), or a visitor who is no agent of it (401), sees no credit line.
 */
const logic = creditLineMachine.provide({
  actors: {
    loadCredit: fromPromise<CreditLineAnswer, string>(async ({ input, signal }) => {
      try {
        const answer = await apiGet(`/engines/creditLimit/${encodeURIComponent(input)}`, creditLimitResponseSchema, signal, agencyHeaders());
        return { kind: 'found', credit: answer.data };
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 401)) return { kind: 'none' };
        throw error;
      }
    }),
  },
});

/** The agency's credit line (the agency navbar's 'Mi línea de crédito'), for the current terminal. */
function CreditLine() {
  const accountId = useCurrentTerminalId();
  return <CreditLinePage key={accountId} accountId={accountId} />;
}

function CreditLinePage({ accountId }: { accountId: string }) {
  const actor = useTracedActorRef(logic, { input: { accountId } });
  const snapshot = useSelector(actor, (current) => current);
  return <CreditLineView snapshot={snapshot} send={(event) => actor.send(event)} />;
}
