import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { postSaleMachine } from '../../../../machines/postsale.machine.ts';
import type { seatPickerMachine } from '../../../../machines/seat-picker.machine.ts';
import { bookSeatsRoute } from '../../../contract/postsale.ts';
import { useTracedActorRef } from '../../lib/trace.ts';
import { postSaleActors } from './postsale-api.ts';
import { PostSaleView } from './PostSaleView.tsx';

const logic = postSaleMachine.provide({ actors: postSaleActors });
/** The outcome pages' ids: the answer's session, or 0 for a failure in the browser (spec 3 §4). */
const outcomeId = (path: string) => path.split('/').at(-1) ?? '0';

/** The post-sale purchase for the link's order: its machine, the seat picker child, and the way to the outcome page. */
export function PostSalePage({ orderIdParam }: { orderIdParam: string }) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const actor = useTracedActorRef(logic, { input: { orderIdParam, idempotencyKey } });
  const snapshot = useSelector(actor, (current) => current);
  const seatsRef = snapshot.children['seats'] as ActorRefFrom<typeof seatPickerMachine> | undefined;
  const seats = useSelector(seatsRef, (current) => current ?? null) ?? null;
  const navigate = useNavigate();
  const outcome = snapshot.matches('purchased') ? snapshot.context.outcome : null;
  useEffect(() => {
    if (!outcome) return;
    const path = bookSeatsRoute(outcome.transactionStatusCode, outcome.sessionID);
    const id = outcomeId(path);
    if (path.includes('/process/warning/')) void navigate({ to: '/seats/all/process/warning/$id', params: { id } });
    else if (path.includes('/process/error/')) void navigate({ to: '/seats/all/process/error/$id', params: { id } });
    else void navigate({ to: '/seats/all/process/$id', params: { id } });
  }, [outcome, navigate]);
  return <PostSaleView snapshot={snapshot} send={(event) => actor.send(event)} seats={seats} />;
}
