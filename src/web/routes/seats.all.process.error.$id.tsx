import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { apiErrorItemSchema } from '../../contract/common.ts';
import { sessionIdSchema } from '../../contract/session.ts';
import { sessionQueryOptions } from '../lib/queries.ts';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { useGoBack } from '../features/layout/useGoBack.ts';
import { Button } from '../ui/Button.tsx';

export const Route = createFileRoute('/seats/all/process/error/$id')({ component: UnfinishedBooking });

/** The seat booking answer saved in the session carries the errors to show (spec 3 §8). */
const seatBookingAnswerSchema = z.object({ errors: z.array(apiErrorItemSchema).min(1) });

/** 'Reserva inconclusa': the first error of the seat booking, or the spec's fallback (id 0 has no session). */
function UnfinishedBooking() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  const goBack = useGoBack();
  const session = useQuery({ ...sessionQueryOptions(id), enabled: sessionIdSchema.safeParse(id).success });
  const answer = seatBookingAnswerSchema.safeParse(session.data?.bookSeatsRS);
  const message = answer.success ? answer.data.errors[0]?.value : undefined;
  return (
    <StatusPage tone="error" title={t`Booking not completed`} actions={<Button onPress={goBack}>{t`Accept`}</Button>}>
      {session.isLoading ? <output>{t`Loading…`}</output> : <p>{message ?? t`The seats could not be issued: internal application error`}</p>}
    </StatusPage>
  );
}
