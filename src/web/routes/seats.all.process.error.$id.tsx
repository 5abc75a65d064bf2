import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { useGoBack } from '../features/layout/useGoBack.ts';
import { OrderResult } from '../features/order-result/OrderResult.tsx';
import { Button } from '../ui/Button.tsx';

export const Route = createFileRoute('/seats/all/process/error/$id')({ component: SeatsFailed });

/** The id the seat booking goes to when it threw in the browser, before any answer was stored (spec 3 §4). */
const CLIENT_FAILURE_ID = '0';

/**
 * 'Reserva inconclusa' (spec 3 §8): for a session, shown only when the server stored a failed answer,
 * with its first reason; after a failure in the browser (id 0), the spec's fallback.
 */
function SeatsFailed() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  const goBack = useGoBack();
  if (id !== CLIENT_FAILURE_ID) return <OrderResult key={id} sessionID={id} claim={{ kind: 'seatBooking', outcome: 'failed' }} />;
  return (
    <StatusPage tone="error" title={t`Booking not completed`} actions={<Button onPress={goBack}>{t`Accept`}</Button>}>
      <p>{t`The seats could not be issued: internal application error`}</p>
    </StatusPage>
  );
}
