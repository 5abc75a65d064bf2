import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { StatusPage } from '../features/layout/StatusPage.tsx';
import { HomeLink } from './-components/HomeLink.tsx';
import { SessionReference } from '../features/layout/SessionReference.tsx';

export const Route = createFileRoute('/seats/all/process/warning/$id')({ component: AncillariesWarning });

/** Seat booking answered status 2: part of the purchase needs a person to look at it (spec 3 §4). */
function AncillariesWarning() {
  const { t } = useLingui();
  const { id } = Route.useParams();
  return (
    <StatusPage tone="warning" title={t`Warning`} actions={<HomeLink />}>
      <p>{t`Some of your additional products could not be confirmed. Please check them with our agents.`}</p>
      <SessionReference sessionId={id} />
    </StatusPage>
  );
}
