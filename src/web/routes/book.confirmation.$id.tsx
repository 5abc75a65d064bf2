import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { BookingConfirmation } from '../features/confirmation/BookingConfirmation.tsx';

/** Spec 3 §2: `process` is an integer, default 1 (optional here so links need not carry it). */
const confirmationSearchSchema = z.object({
  process: z.coerce.number().int().optional().catch(undefined),
  /** Back from a declined card payment (spec 3 §2): a second card checkout opens by itself. */
  pay: z.enum(['card']).optional().catch(undefined),
});
const DEFAULT_PROCESS = 1;

export const Route = createFileRoute('/book/confirmation/$id')({
  validateSearch: confirmationSearchSchema,
  component: BookingConfirmationRoute,
});

function BookingConfirmationRoute() {
  const { id } = Route.useParams();
  const { process } = Route.useSearch();
  return <BookingConfirmation key={id} sessionID={id} process={process ?? DEFAULT_PROCESS} />;
}
