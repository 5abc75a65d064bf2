import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { HomeLink } from './-components/HomeLink.tsx';
import { SessionReference } from '../features/layout/SessionReference.tsx';
import { PageHeading } from '../features/layout/PageHeading.tsx';

export const Route = createFileRoute('/seats/all/process/$id')({ component: AncillariesConfirmation });

/** The seats and baggage purchase went through; its summary comes from the saved session (spec 3 §4). */
function AncillariesConfirmation() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return (
    <section className="page-section" aria-labelledby="ancillaries-done-title">
      <PageHeading id="ancillaries-done-title">{t`Additional products`}</PageHeading>
      <p>{t`Your seats and baggage were booked.`}</p>
      <SessionReference sessionId={id} />
      <HomeLink />
    </section>
  );
}
