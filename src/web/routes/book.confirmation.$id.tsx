import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { BookingStepPage } from '../features/layout/BookingStepPage.tsx';
import { SessionReference } from '../features/layout/SessionReference.tsx';

/** Spec 3 §2: `process` is an integer, default 1. */
const confirmationSearchSchema = z.object({ process: z.coerce.number().int().optional().catch(undefined) });

export const Route = createFileRoute('/book/confirmation/$id')({
  validateSearch: confirmationSearchSchema,
  component: BookingConfirmation,
});

function BookingConfirmation() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return (
    <BookingStepPage step={2} title={t`Booking confirmation`}>
      <section className="card" aria-labelledby="confirmation-session-title">
        <h2 id="confirmation-session-title">{t`Your booking`}</h2>
        <SessionReference sessionId={id} />
      </section>
    </BookingStepPage>
  );
}
