import { useQuery } from '@tanstack/react-query';
import { sessionIdSchema } from '../../../contract/session.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { sessionQueryOptions } from '../../lib/queries.ts';
import { useGoBack } from '../layout/useGoBack.ts';
import { CheckoutFrame, type CheckoutSessionState } from './CheckoutFrame.tsx';

/** Unknown (404) and expired (410) sessions read the same to the traveller: the selection is gone. */
function isSessionGone(error: Error): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 410);
}

/** Loads the session the checkout address names; a malformed id is not even asked for (it cannot exist). */
export function CheckoutScreen({ id, business }: { id: string; business: boolean }) {
  const validId = sessionIdSchema.safeParse(id).success;
  const session = useQuery({ ...sessionQueryOptions(id), enabled: validId });
  const goBack = useGoBack();
  let sessionState: CheckoutSessionState = { status: 'loading' };
  if (!validId || (session.isError && isSessionGone(session.error))) sessionState = { status: 'expired' };
  else if (session.isError) sessionState = { status: 'failed' };
  else if (session.isSuccess) sessionState = { status: 'ready', session: session.data };
  return <CheckoutFrame sessionId={id} business={business} sessionState={sessionState} onLeave={goBack} />;
}
